import { RequestMethod } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, LIMITS, MESSAGES } from '@mboa/contracts';
import { errorResponse, RETRY_AFTER_HEADER } from '../../docs/api-answers.js';

const WRITE_METHODS = new Set<RequestMethod>([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE]);

const KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    `Names one user action, so that sending it again (after a lost answer) does it once (docs/api.md#idempotency-key). ` +
    `A Structured Field string: \`"…"\`, 1 to ${LIMITS.idempotency.maxKeyLength} printable ASCII characters, e.g. a quoted UUID. ` +
    `A 2xx answer is kept ${LIMITS.idempotency.answerTtlSeconds / 3600} h and sent again with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`; ` +
    'a malformed key is refused with 400.',
  schema: { type: 'string', example: '"8e03978e-40d5-43e8-bc93-6894a57f9324"' },
} as const;

const IN_PROGRESS = `A request with the same Idempotency-Key is still being processed (\`${MESSAGES.idempotency.inProgress}\`); \`Retry-After\` says when to send it again`;

/** The key's header and its two refusals on every write, beside what the operation documents itself. */
export function documentIdempotencyKey(method: RequestMethod, handler: object, responses: Record<string, unknown>): void {
  if (!WRITE_METHODS.has(method)) return;
  const parameters = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, handler) as { name: string }[] | undefined) ?? [];
  if (!parameters.some((p) => p.name === IDEMPOTENCY_KEY_HEADER)) {
    Reflect.defineMetadata(DECORATORS.API_PARAMETERS, [...parameters, KEY_PARAMETER], handler);
  }
  const own = responses['409'] as { description?: string } | undefined;
  if (!own) responses['409'] = { ...errorResponse(409, IN_PROGRESS), headers: RETRY_AFTER_HEADER };
  else if (!own.description?.includes(IDEMPOTENCY_KEY_HEADER)) {
    responses['409'] = { ...own, description: `${own.description ?? ''}; or: ${IN_PROGRESS}`, headers: RETRY_AFTER_HEADER };
  }
  if (!('422' in responses)) responses['422'] = errorResponse(422);
}
