import { LIMITS, MESSAGES, REPORT_REASONS, REPORT_REASON_LABELS, REPORT_REASON_LABELS_FR, reportActSchema, reportSchema } from '../index.js';

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('a report of a listing', () => {
  test('every reason is accepted, in any capitalisation; text is optional except for "other"', () => {
    for (const reason of REPORT_REASONS.filter((r) => r !== 'other')) expect(reportSchema.parse({ reason })).toEqual({ reason });
    expect(reportSchema.parse({ reason: ' SCAM ', text: '  asked for 10 000 FCFA visit fee ' })).toEqual({
      reason: 'scam',
      text: 'asked for 10 000 FCFA visit fee',
    });
    expect(reportSchema.parse({ reason: 'other', text: 'The phone number belongs to someone else.' }).text).toBe(
      'The phone number belongs to someone else.',
    );
  });

  test('a missing or unknown reason is refused naming the field', () => {
    expect(problems(reportSchema.safeParse({}))).toEqual([`reason: ${MESSAGES.report.reasonRequired}`]);
    expect(problems(reportSchema.safeParse({ reason: 'spam' }))).toEqual([`reason: ${MESSAGES.report.reasonRequired}`]);
  });

  test('"other" needs a text; a text over the limit is refused', () => {
    expect(problems(reportSchema.safeParse({ reason: 'other', text: '   ' }))).toEqual([`text: ${MESSAGES.report.textRequired}`]);
    expect(problems(reportSchema.safeParse({ reason: 'scam', text: 'x'.repeat(LIMITS.reports.textMax + 1) }))).toEqual([
      `text: ${MESSAGES.report.textTooLong}`,
    ]);
  });

  test('staff act with deactivate or ban-owner only', () => {
    expect(reportActSchema.parse({ action: 'ban-owner' })).toEqual({ action: 'ban-owner' });
    expect(problems(reportActSchema.safeParse({ action: 'delete' }))).toEqual([`action: ${MESSAGES.report.actionRequired}`]);
  });

  test('every reason has a label in both languages', () => {
    for (const reason of REPORT_REASONS) {
      expect(REPORT_REASON_LABELS[reason]).toBeTruthy();
      expect(REPORT_REASON_LABELS_FR[reason]).toBeTruthy();
    }
  });
});
