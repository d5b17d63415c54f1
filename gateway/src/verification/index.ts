import { AdminVerificationController } from './admin-verification.controller.js';
import { documentStoreProvider } from './document-store.provider.js';
import { MyVerificationController } from './my-verification.controller.js';

/** Identity and proof of control (docs/api.md#identity-and-proof-of-control), registered in app.module.ts. */
export const VERIFICATION_CONTROLLERS = [MyVerificationController, AdminVerificationController];
export const VERIFICATION_PROVIDERS = [documentStoreProvider];
