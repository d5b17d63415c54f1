// Reporting a listing (docs/api.md#reporting-a-listing): the reasons, the body schemas, the shapes
// the moderation service answers and the events it records. Owned by moderation; listings only
// learns that a listing is held out of search and when the hold ends.
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { emptyToUndefined, idSchema, limitSchema, pageSchema, shownText } from './schemas/common.js';
import type { Actor } from './types/requests.js';
import type { propertyHeldPayloadSchema, propertyReportsResolvedPayloadSchema } from './event-schemas.js';

import { REPORT_REASONS } from './report-reasons.js';
import type {
  queuedReportSchema,
  reportCaseSchema,
  reportCreateResponseSchema,
  reportQueueReplySchema,
  reportRecordSchema,
  reportResolveReplySchema,
  reportResolveResponseSchema,
} from './responses/reports.js';

// The reasons and their labels live apart (no zod there), so the apps' catalogs read them without
// pulling the schemas below into every first visit.
export * from './report-reasons.js';

/** What staff may do with a listing's open reports besides dismissing them. */
export const REPORT_ACTIONS = ['deactivate', 'ban-owner'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** How a listing's open reports were closed. */
export const REPORT_RESOLUTIONS = ['dismissed', 'deactivated', 'owner-banned'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

const R = MESSAGES.report;

/** POST /api/properties/{id}/reports. `text` is required with `other`, optional otherwise. */
export const reportSchema = z
  .object({
    reason: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(REPORT_REASONS, { error: R.reasonRequired }),
    ),
    text: z.preprocess(
      (v) => emptyToUndefined(shownText(v)),
      z.string({ error: R.textRequired }).trim().max(LIMITS.reports.textMax, { error: R.textTooLong }).optional(),
    ),
  })
  .superRefine((report, ctx) => {
    if (report.reason === 'other' && !report.text) ctx.addIssue({ code: 'custom', path: ['text'], message: R.textRequired });
  });
export type ReportInput = z.output<typeof reportSchema>;

/** POST /api/admin/reports/{propertyId}/act */
export const reportActSchema = z.object({
  action: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(REPORT_ACTIONS, { error: R.actionRequired })),
});
export type ReportActInput = z.output<typeof reportActSchema>;

/** GET /api/admin/reports query. */
export const reportQueueQuerySchema = z.object({ page: pageSchema, limit: limitSchema(LIMITS.admin.pageSize) });
export type ReportQueueQuery = z.output<typeof reportQueueQuerySchema>;

const keySchema = z.string().regex(/^[\w-]{16,64}$/);

/**
 * Who reports, as the gateway tells moderation: a signed-in user by id, anyone else by the
 * browser's reporter cookie; both with a keyed hash of the client's address (never the address
 * itself). `accountKey` is a keyed hash naming an account without its id: the signed-in account,
 * or the account a browser's device cookie was issued to, so one account counts once towards a
 * scam hold whether its owner reports signed in or not. `knownDeviceSince` is when the oldest
 * valid device cookie this browser shows was issued (it signed in there then): moderation judges
 * how long ago that is. The gateway checks the cookie's signature; moderation decides what counts.
 */
export const reporterSchema = z.union([
  z.object({ userId: idSchema, name: z.string().max(200).optional(), addressKey: keySchema, accountKey: keySchema }),
  z.object({
    deviceId: keySchema,
    addressKey: keySchema,
    knownDevice: z.object({ accountKey: keySchema, since: z.iso.datetime() }).optional(),
  }),
]);
export type Reporter = z.output<typeof reporterSchema>;

/** moderation.reports.create */
export const reportCreateRequestSchema = z.object({
  propertyId: idSchema,
  reporter: reporterSchema,
  report: reportSchema,
});
export type ReportCreateRequest = z.input<typeof reportCreateRequestSchema>;

/** A stored report, as its reporter hears of it. */
export type ReportRecord = z.infer<typeof reportRecordSchema>;
export interface ReportCreateReply {
  report: ReportRecord;
}

/** One report in the staff queue. */
export type QueuedReport = z.infer<typeof queuedReportSchema>;

/** A listing with open reports, as the staff Reports queue shows it. */
export type ReportCase = z.infer<typeof reportCaseSchema>;
export type ReportQueueReply = z.infer<typeof reportQueueReplySchema>;

/** moderation.reports.dismiss / moderation.reports.act */
export interface ReportResolveRequest {
  propertyId: string;
  actor: Actor;
  action?: ReportAction;
}
export type ReportResolveReply = z.infer<typeof reportResolveReplySchema>;

/** HTTP answers. */
export type ReportCreateResponse = z.infer<typeof reportCreateResponseSchema>;
export type ReportResolveResponse = z.infer<typeof reportResolveResponseSchema>;

/**
 * `property.held`: enough different people reported the listing as a scam; listings keeps it out of
 * search and details for the public until the reports are resolved. The owner is mailed.
 */
export type PropertyHeldPayload = z.infer<typeof propertyHeldPayloadSchema>;

/**
 * `property.reports-resolved`: staff closed a listing's open reports. Any hold ends (a dismissal
 * brings the listing back; after deactivate or ban-owner that action keeps it hidden).
 */
export type PropertyReportsResolvedPayload = z.infer<typeof propertyReportsResolvedPayloadSchema>;

