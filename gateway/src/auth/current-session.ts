import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request } from 'express';
import { AUTH_PATTERNS, MESSAGES, type PublicUser } from '@mboa/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { Services } from '../rpc/rpc.provider.js';
import { sessionCookieName } from './session-cookie.js';

type WithSession = Request & { sessionUser?: PublicUser | null; sessionToken?: string };

/** Looks the cookie's session up once per request (over NATS to auth) and remembers the answer. */
@Injectable()
export class CurrentSession {
  constructor(
    private readonly services: Services,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async user(req: Request): Promise<PublicUser | null> {
    const r = req as WithSession;
    if (r.sessionUser !== undefined) return r.sessionUser;
    const token = sessionToken(req, this.config.cookieSecure);
    if (!token) return (r.sessionUser = null);
    const { user } = await this.services.call(AUTH_PATTERNS.sessionResolve, { token });
    r.sessionToken = token;
    return (r.sessionUser = user);
  }
}

/** The session cookie's value, under the one name this gateway sets (sessionCookieName). */
export function sessionToken(req: Request, secure: boolean): string | undefined {
  const value = (req.cookies as Record<string, string> | undefined)?.[sessionCookieName(secure)];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** 401 unless signed in. */
@Injectable()
export class SignedIn implements CanActivate {
  constructor(private readonly session: CurrentSession) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = await this.session.user(context.switchToHttp().getRequest());
    if (!user) throw new UnauthorizedException({ message: MESSAGES.auth.notSignedIn });
    return true;
  }
}

/** 401 signed out, 403 for any role but admin (docs/api.md#roles-and-who-may-call-what). */
@Injectable()
export class AdminOnly implements CanActivate {
  constructor(private readonly session: CurrentSession) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = await this.session.user(context.switchToHttp().getRequest());
    if (!user) throw new UnauthorizedException({ message: MESSAGES.auth.notSignedIn });
    if (user.role !== 'admin') throw new ForbiddenException({ message: MESSAGES.auth.adminOnly });
    return true;
  }
}

/** The signed-in user (after SignedIn/AdminOnly), or null on public routes. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): PublicUser | null => {
  return (ctx.switchToHttp().getRequest<WithSession>().sessionUser ?? null);
});
