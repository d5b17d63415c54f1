import { MESSAGES } from '@mboa/contracts';

/** Texts only the upload route shows (kept with every other message in @mboa/contracts). */
export const UPLOAD_MESSAGES = MESSAGES.upload;
