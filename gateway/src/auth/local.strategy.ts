import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { AUTH_PATTERNS, type AuthServiceReply } from '@mboa/contracts';
import { RpcCallError } from '@mboa/platform';
import { Services } from '../rpc/rpc.provider.js';
import { RateLimits } from '../security/rate-limits.js';
import { clientRateKey } from '../security/client-address.js';
import { loginDeviceOf } from './login-device.js';

export type LoginReply = AuthServiceReply;

/** passport-local checks the credentials with the auth service; failures count toward the limits (LoginPreconditions). */
@Injectable()
export class LocalLoginStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(
    private readonly services: Services,
    private readonly limits: RateLimits,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, email: string, password: string): Promise<LoginReply> {
    const key = email.trim().toLowerCase();
    try {
      return await this.services.call(AUTH_PATTERNS.login, {
        email,
        password,
        rememberMe: (req.body as { rememberMe?: unknown } | undefined)?.rememberMe === true,
        // Names the device in the person's list of sessions.
        userAgent: req.headers['user-agent'],
      });
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 401) {
        // A trusted device spends its own allowance; anyone else, the account's and the address's.
        const device = loginDeviceOf(req);
        await this.limits.penalise(
          device
            ? [['loginFailuresPerDevice', device]]
            : [
                ['loginFailuresPerEmail', key],
                ['loginFailuresPerIp', clientRateKey(req)],
              ],
        );
      }
      throw error;
    }
  }
}
