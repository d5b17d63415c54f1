import { AnswerStore } from './answer-store.js';
import { IdempotentWrites } from './idempotent-writes.js';

export { IdempotentWrites } from './idempotent-writes.js';
export { finishWhatWasSent } from './finish-what-was-sent.js';
export { postingKeyOf } from './posting-key.js';
export const IDEMPOTENCY_PROVIDERS = [AnswerStore, IdempotentWrites];
