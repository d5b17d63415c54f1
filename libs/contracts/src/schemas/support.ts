import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { REQUEST_STATUSES, TICKET_STATUSES } from '../property.js';
import { emailSchema, emptyToUndefined, idSchema, limitSchema, pageSchema, personNameSchema, requiredText, statusFilter } from './common.js';

const C = MESSAGES.contact;
const TOO_LONG = MESSAGES.common.tooLong;

/** POST /api/properties/request-space: no format check on WhatsApp (docs/api.md#support-forms). */
export const requestSpaceSchema = z.object({
  requestText: requiredText(MESSAGES.request.textRequired, 2000, MESSAGES.request.textTooLong),
  whatsapp: z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText(MESSAGES.request.whatsappRequired, 30, TOO_LONG)),
});
export type RequestSpaceInput = z.output<typeof requestSpaceSchema>;

const optionalContact = (max: number) =>
  z.preprocess(
    (v) => emptyToUndefined(typeof v === 'number' ? String(v) : v),
    z.string({ error: TOO_LONG }).trim().max(max, { error: TOO_LONG }).optional(),
  );

/** POST /api/properties/support */
export const supportTicketSchema = z.object({
  name: personNameSchema(C.nameRequired, 100, TOO_LONG),
  email: emailSchema(C.emailRequired, C.invalidEmail),
  phone: optionalContact(30),
  subject: requiredText(C.subjectRequired, 200, TOO_LONG),
  message: requiredText(C.messageRequired, 5000, TOO_LONG),
  whatsapp: optionalContact(30),
});
export type SupportTicketInput = z.output<typeof supportTicketSchema>;

/** POST /api/admin/manage/requests */
export const adminManageRequestsSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('get'),
      payload: z
        .object({
          page: pageSchema,
          limit: limitSchema(LIMITS.admin.pageSize),
          status: statusFilter(REQUEST_STATUSES),
        })
        .default({ page: 1, limit: LIMITS.admin.pageSize }),
    }),
    z.object({
      type: z.literal('update-status'),
      payload: z.object(
        {
          requestId: idSchema,
          newStatus: z.enum(REQUEST_STATUSES, { error: MESSAGES.common.invalidStatus }),
        },
        { error: MESSAGES.common.idRequired },
      ),
    }),
  ],
  { error: MESSAGES.common.invalidType },
);
export type AdminManageRequestsInput = z.output<typeof adminManageRequestsSchema>;

/** POST /api/admin/manage/support (any capitalisation of the path). */
export const adminManageSupportSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('get'),
      payload: z
        .object({
          page: pageSchema,
          limit: limitSchema(LIMITS.admin.pageSize),
          status: statusFilter(TICKET_STATUSES),
        })
        .default({ page: 1, limit: LIMITS.admin.pageSize }),
    }),
    z.object({
      type: z.literal('update-status'),
      payload: z.object(
        {
          ticketId: idSchema,
          newStatus: z.enum(TICKET_STATUSES, { error: MESSAGES.common.invalidStatus }),
        },
        { error: MESSAGES.common.idRequired },
      ),
    }),
  ],
  { error: MESSAGES.common.invalidType },
);
export type AdminManageSupportInput = z.output<typeof adminManageSupportSchema>;
