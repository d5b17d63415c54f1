import { z } from 'zod';
import { isUuid } from './helpers/ids.js';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { OWNER_ROLES, type Role } from './roles.js';
import { actorSchema, emptyToUndefined, limitSchema, pageSchema, shownText, whatsappSchema } from './schemas/common.js';
import type { Actor } from './types/requests.js';
import {
  CONTROL_DOCUMENT_TYPES,
  CONTROL_KINDS,
  IDENTITY_DOCUMENT_TYPES,
  VERIFICATION_KINDS,
  VERIFICATION_REJECTION_REASONS,
  VERIFICATION_STATUSES,
  type AdminVerificationDetail,
  type AdminVerificationItem,
  type AdminVerificationListReply,
  type MyVerificationReply,
  type VerificationDocumentType,
  type VerificationKind,
  type VerificationOwnerView,
  type VerificationRejectionReason,
  type VerificationRequestView,
  type VerificationStatus,
} from './verification.js';

/*
 * The requests of identity and proof of control (docs/api.md#identity-and-proof-of-control): what
 * the owner's form may hold, staff's refusal, the queue's query, and the NATS messages between the
 * gateway, media and moderation. No message carries a document's bytes; a stored file's key only
 * travels between services, never to the owner.
 */

const M = MESSAGES.verification;
const L = LIMITS.verification;

/** The document types each kind accepts. */
export const DOCUMENT_TYPES_BY_KIND: Readonly<Record<VerificationKind, readonly VerificationDocumentType[]>> = {
  identity: IDENTITY_DOCUMENT_TYPES,
  control: CONTROL_DOCUMENT_TYPES,
};

/** Who may send documents: the people who answer for listings. */
export function maySendDocuments(role: Role): role is (typeof OWNER_ROLES)[number] {
  return (OWNER_ROLES as readonly Role[]).includes(role);
}

/** `propertyIds` as repeated fields, comma-separated, or both; blanks dropped, order kept, once each. */
function propertyIdList(value: unknown): unknown {
  const values: unknown[] = Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
  const parts = values.flatMap((v): unknown[] => (typeof v === 'string' ? v.split(',').map((p) => p.trim()) : [v]));
  return [...new Set(parts.filter((p) => p !== ''))];
}

/**
 * The text fields of `POST /api/me/verification`. Which types go with which kind, and the
 * mandate's owner, are judged here; who may send which proof (a caretaker's mandate) and whose
 * properties they are, by moderation.
 */
export const verificationUploadSchema = z
  .object({
    kind: z.enum(VERIFICATION_KINDS, { error: M.kindInvalid }),
    documentType: z.enum([...IDENTITY_DOCUMENT_TYPES, ...CONTROL_DOCUMENT_TYPES], { error: M.documentTypeInvalid }),
    propertyIds: z.preprocess(
      propertyIdList,
      z
        .array(z.string().refine(isUuid, { error: M.propertyNotYours }), { error: M.propertiesRequired })
        .max(L.maxProperties, { error: M.tooManyProperties }),
    ),
    mandateOwnerName: z.preprocess(
      (v) => emptyToUndefined(shownText(v)),
      z.string({ error: M.mandateOwnerNameRequired }).trim().max(L.mandateOwnerNameMax, { error: M.mandateOwnerNameTooLong }).optional(),
    ),
    mandateOwnerWhatsapp: z.preprocess(emptyToUndefined, whatsappSchema().optional()),
  })
  .superRefine((v, ctx) => {
    if (!DOCUMENT_TYPES_BY_KIND[v.kind].includes(v.documentType)) {
      ctx.addIssue({ code: 'custom', path: ['documentType'], message: M.documentTypeNotForKind });
      return;
    }
    if (v.kind === 'identity' && v.propertyIds.length) ctx.addIssue({ code: 'custom', path: ['propertyIds'], message: M.propertiesNotForIdentity });
    if (v.kind === 'control' && !v.propertyIds.length) ctx.addIssue({ code: 'custom', path: ['propertyIds'], message: M.propertiesRequired });
    if (v.documentType === 'caretaker-mandate') {
      if (!v.mandateOwnerName) ctx.addIssue({ code: 'custom', path: ['mandateOwnerName'], message: M.mandateOwnerNameRequired });
      if (!v.mandateOwnerWhatsapp) ctx.addIssue({ code: 'custom', path: ['mandateOwnerWhatsapp'], message: MESSAGES.auth.whatsappExactDigits });
    }
  })
  // Only a mandate names its owner: anything sent beside another type is not kept.
  .transform((v) =>
    v.documentType === 'caretaker-mandate' ? v : { ...v, mandateOwnerName: undefined, mandateOwnerWhatsapp: undefined },
  );
export type VerificationUploadInput = z.output<typeof verificationUploadSchema>;

/** `POST /api/admin/verification/:id/reject` (VerificationRejectInput): a reason from the list; a note, required for 'other'. */
export const verificationRejectSchema = z
  .object(
    {
      reason: z.enum(VERIFICATION_REJECTION_REASONS, { error: M.reasonRequired }),
      note: z.preprocess(
        (v) => emptyToUndefined(shownText(v)),
        z.string({ error: M.noteTooLong }).trim().max(L.noteMax, { error: M.noteTooLong }).optional(),
      ),
    },
    { error: M.reasonRequired },
  )
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: M.noteRequired });
  });

/** `GET /api/admin/verification?status=&page=&limit=`: pending by default. */
export const verificationQueueQuerySchema = z.object({
  status: z.preprocess((v) => emptyToUndefined(v) ?? 'pending', z.enum(VERIFICATION_STATUSES, { error: M.statusInvalid })),
  page: pageSchema,
  limit: limitSchema(L.pageSize),
});
export type VerificationQueueQuery = z.output<typeof verificationQueueQuerySchema>;

/** A staff decision on a request. */
export type VerificationDecision = { outcome: 'approved' } | { outcome: 'rejected'; reason: VerificationRejectionReason; note?: string };

/** A document photo media stored apart from listing photos; its key stays between services. */
export interface StoredDocumentFile {
  key: string;
  size: number;
}

// NATS messages (libs/contracts/src/rpc/contract.ts).
export interface StoreDocumentsRequest {
  ownerId: string;
  /** Staged uploads (`uploads/…`), in the order sent. */
  uploads: { key: string; filename: string }[];
}
export interface StoreDocumentsReply {
  files: StoredDocumentFile[];
}
export interface DiscardDocumentsRequest {
  keys: string[];
}
export interface VerificationCheckRequest {
  actor: Actor;
  request: VerificationUploadInput;
}
export interface VerificationCreateRequest extends VerificationCheckRequest {
  files: StoredDocumentFile[];
}
export interface VerificationIdRequest {
  actor: Actor;
  id: string;
}
export interface VerificationFileRequest extends VerificationIdRequest {
  fileId: string;
}
/** Where staff's file is: the gateway reads it from the documents store and answers the bytes. */
export interface VerificationFileReply {
  key: string;
  size: number;
}
export interface VerificationDecideRequest extends VerificationIdRequest {
  decision: VerificationDecision;
}
/** The query as the gateway received it: moderation judges it after its admin check. */
export interface VerificationListRequest {
  actor: Actor;
  status?: unknown;
  page?: unknown;
  limit?: unknown;
}
export interface VerificationPendingReply {
  pending: number;
}
export type { VerificationStatus };

/** Zod of the NATS messages above, checked at moderation's door. */
const storedFileSchema = z.object({ key: z.string().min(1).max(500), size: z.number().int().min(0) });
/** Any text: an id that is no request's id is a 404 from moderation, not a 400. */
const idField = z.string().max(100);
export const verificationRpcSchemas = {
  check: z.object({ actor: actorSchema, request: verificationUploadSchema }),
  create: z.object({ actor: actorSchema, request: verificationUploadSchema, files: z.array(storedFileSchema).min(1).max(L.maxFiles) }),
  mine: z.object({ actor: actorSchema }),
  /** The query is judged after the admin check (anyone else hears 403 whatever it sent). */
  list: z.object({ actor: actorSchema, status: z.unknown().optional(), page: z.unknown().optional(), limit: z.unknown().optional() }),
  get: z.object({ actor: actorSchema, id: idField }),
  file: z.object({ actor: actorSchema, id: idField, fileId: idField }),
  /** The decision is judged after the admin check. */
  decide: z.object({ actor: actorSchema, id: idField, decision: z.unknown() }),
  pending: z.unknown(),
};

// The answers' shapes, for the API document and the exact-shape tests (the interfaces are in verification.ts).
const isoDate = z.string();
export const verificationRequestViewSchema = z.object({
  id: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  documentType: z.enum([...IDENTITY_DOCUMENT_TYPES, ...CONTROL_DOCUMENT_TYPES]),
  status: z.enum(VERIFICATION_STATUSES),
  propertyIds: z.array(z.string()),
  mandateOwnerName: z.string().nullable(),
  mandateOwnerWhatsapp: z.string().nullable(),
  files: z.array(z.object({ id: z.string(), size: z.number().int() })),
  reason: z.enum(VERIFICATION_REJECTION_REASONS).nullable(),
  note: z.string().nullable(),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
  filesDeletedAt: isoDate.nullable(),
}) satisfies z.ZodType<VerificationRequestView>;
export const myVerificationReplySchema = z.object({
  identity: z.enum([...VERIFICATION_STATUSES, 'none']),
  requests: z.array(verificationRequestViewSchema),
}) satisfies z.ZodType<MyVerificationReply>;
export const verificationOwnerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  role: z.enum(['landlord', 'caretaker']),
  whatsappProvenAt: isoDate.nullable(),
  isVerified: z.boolean(),
  identityCheckedAt: isoDate.nullable(),
}) satisfies z.ZodType<VerificationOwnerView>;
export const adminVerificationItemSchema = verificationRequestViewSchema.extend({ owner: verificationOwnerViewSchema }) satisfies z.ZodType<AdminVerificationItem>;
export const adminVerificationListReplySchema = z.object({
  requests: z.array(adminVerificationItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
}) satisfies z.ZodType<AdminVerificationListReply>;
export const adminVerificationDetailSchema = adminVerificationItemSchema.extend({
  listings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      town: z.string(),
      neighbourhood: z.string(),
      status: z.string(),
      controlKind: z.enum(CONTROL_KINDS).nullable(),
    }),
  ),
}) satisfies z.ZodType<AdminVerificationDetail>;
