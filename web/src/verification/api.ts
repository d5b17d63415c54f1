import type { MyVerificationReply, VerificationRequestView } from '@mboa/contracts';
import { api, currentMessages, upload } from '@mboa/web-core';

/** The owner's documents (docs/api.md#identity-and-proof-of-control). */
export const VERIFICATION_KEY = ['verification'] as const;

export const getMyVerification = (signal?: AbortSignal) => api<MyVerificationReply>('/me/verification', { signal });

/** An identity document or a proof of control, as multipart/form-data (fields first, then the photos). */
export const sendVerification = (form: FormData, onProgress: (percent: number) => void) =>
  upload<VerificationRequestView>('/me/verification', form, onProgress, currentMessages().common.unexpected);
