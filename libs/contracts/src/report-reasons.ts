/** Why someone reports a listing, as stored and sent on the wire. */
export const REPORT_REASONS = ['scam', 'rented', 'wrong-price', 'not-these-photos', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the report dialog offers, in each language (the stored values never change). */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  scam: 'Scam, or asks for money before a visit',
  rented: 'Already rented',
  'wrong-price': 'Wrong price',
  'not-these-photos': 'Photos not of this property',
  other: 'Other',
};
export const REPORT_REASON_LABELS_FR: Readonly<Record<ReportReason, string>> = {
  scam: 'Arnaque, ou demande de l\u2019argent avant la visite',
  rented: 'Déjà loué',
  'wrong-price': 'Prix erroné',
  'not-these-photos': 'Les photos ne sont pas de ce bien',
  other: 'Autre',
};
