import { z } from 'zod';
import { REPORT_REASONS, type ReportReason } from '../report-reasons.js';
import { isoDateSchema } from './components.js';
import { listMetaSchema } from './common.js';

export const reportResolutionSchema = z.enum(['dismissed', 'deactivated', 'owner-banned']);

/** A stored report, as its reporter hears of it. */
export const reportRecordSchema = z.object({
  id: z.string(),
  propertyId: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: isoDateSchema,
});

/** POST /api/properties/{id}/reports answer. */
export const reportCreateResponseSchema = z.object({ message: z.string(), report: reportRecordSchema });

/** One report in the staff queue. */
export const queuedReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  /** The account that reported, or null for someone not signed in. */
  reporterId: z.string().nullable(),
  reporterName: z.string().nullable(),
  createdAt: isoDateSchema,
});

const count = z.number().int().min(0);
/** Every reason present, 0 when none (an object, so the document lists the reasons). */
const reasonCounts = z.object({ scam: count, 'pay-before-visit': count, rented: count, 'wrong-price': count, 'not-these-photos': count, other: count });
// The counts name exactly the reasons: adding one to REPORT_REASONS fails to compile until it is counted here.
type CountedReasons = keyof typeof reasonCounts.shape;
const everyReasonCounted: [CountedReasons] extends [ReportReason] ? ([ReportReason] extends [CountedReasons] ? true : never) : never = true;
void everyReasonCounted;

/** A listing with open reports, as the staff Reports queue shows it. */
export const reportCaseSchema = z.object({
  propertyId: z.string(),
  title: z.string(),
  ownerId: z.string(),
  /** Open reports per reason (every reason present, 0 when none). */
  counts: reasonCounts,
  total: count,
  /** Out of search pending review (enough different people reported a scam). */
  held: z.boolean(),
  /** The newest report's text that is not empty, or null. */
  latestText: z.string().nullable(),
  latestAt: isoDateSchema,
  reports: z.array(queuedReportSchema),
  links: z.object({ details: z.string(), admin: z.string() }),
});

/** GET /api/admin/reports answer. */
export const reportQueueReplySchema = z.object({ cases: z.array(reportCaseSchema) }).extend(listMetaSchema.shape);

export const reportResolveReplySchema = z.object({
  propertyId: z.string(),
  resolution: reportResolutionSchema,
  /** How many open reports were closed. */
  closed: count,
  /** Whether the listing was held out of search and is no longer (dismissal). */
  released: z.boolean(),
});

/** POST /api/admin/reports/{propertyId}/dismiss and /act answers. */
export const reportResolveResponseSchema = reportResolveReplySchema.extend({ message: z.string() });
