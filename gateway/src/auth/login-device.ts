import type { Request } from 'express';

type WithLoginDevice = Request & { loginDevice?: string };

/** Set by LoginPreconditions when the attempt comes from a trusted device of that account. */
export function setLoginDevice(req: Request, device: string): void {
  (req as WithLoginDevice).loginDevice = device;
}

export function loginDeviceOf(req: Request): string | undefined {
  return (req as WithLoginDevice).loginDevice;
}
