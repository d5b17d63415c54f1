/** Why someone reports a listing, as stored and sent on the wire. */
export const REPORT_REASONS = ['scam', 'pay-before-visit', 'rented', 'wrong-price', 'not-these-photos', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * The reasons that say "this is a scam": open reports with any of them count together towards a
 * scam hold (LIMITS.reports.scamHoldReporters). Money asked before a visit is the commonest scam.
 */
export const SCAM_REPORT_REASONS: readonly ReportReason[] = ['scam', 'pay-before-visit'];

export function isScamReason(reason: ReportReason): boolean {
  return SCAM_REPORT_REASONS.includes(reason);
}

/** What the report dialog offers, in each language (the stored values never change). */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  scam: 'Scam or fake listing',
  'pay-before-visit': 'Asked me to pay before a visit',
  rented: 'Already rented',
  'wrong-price': 'Wrong price',
  'not-these-photos': 'Photos not of this property',
  other: 'Other',
};
export const REPORT_REASON_LABELS_FR: Readonly<Record<ReportReason, string>> = {
  scam: 'Arnaque ou fausse annonce',
  'pay-before-visit': 'M\u2019a demandé de payer avant la visite',
  rented: 'Déjà loué',
  'wrong-price': 'Prix erroné',
  'not-these-photos': 'Les photos ne sont pas de ce bien',
  other: 'Autre',
};
