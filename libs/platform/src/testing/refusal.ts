import type { ServiceError } from '@mboa/contracts';
import { ServiceException } from '../nats/service-exception.js';

/**
 * How a service rule refuses, as the gateway would receive it (`{ status, message, errors? }`), or
 * null when `fn` accepts. Anything but a ServiceException is rethrown: a rule that crashes fails
 * the test rather than passing for a refusal.
 */
export function refusalOf(fn: () => unknown): ServiceError | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (!(error instanceof ServiceException)) throw error;
    return error.body;
  }
}
