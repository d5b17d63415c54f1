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
import { AUTH_PATTERNS, isStaffRole, MESSAGES, SECOND_FACTOR_ERROR_CODES, type PublicUser, type SecondFactorState } from '@mboa/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { Services } from '../rpc/rpc.provider.js';
import { sessionCookieName } from './session-cookie.js';

type WithSession = Request & {
  sessionUser?: PublicUser | null;
  sessionToken?: string;
  /** The session's person even when a staff session still owes its second factor (sessionUser is then null). */
  signedInUser?: PublicUser | null;
  secondFactor?: SecondFactorState;
};

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
    const { user, secondFactor } = await this.services.call(AUTH_PATTERNS.sessionResolve, { token });
    r.sessionToken = token;
    r.signedInUser = user;
    r.secondFactor = secondFactor;
    // A staff session short of its second factor signs nobody in (docs/api.md#the-admin-areas-second-factor),
    // so a stolen staff password alone opens neither the admin area nor staff powers on other routes.
    return (r.sessionUser = user && secondFactor && secondFactor !== 'passed' ? null : user);
  }

  /** The session's person whatever their second factor, for /api/me and the second-factor routes. */
  async anyFactor(req: Request): Promise<PublicUser | null> {
    await this.user(req);
    return (req as WithSession).signedInUser ?? null;
  }
}

/** Staff only: where this request's session stands with the second factor (after a guard ran). */
export function secondFactorOf(req: Request): SecondFactorState | undefined {
  return (req as WithSession).secondFactor;
}

/** The session's token as the guards read it (after a guard ran). */
export function resolvedSessionToken(req: Request): string | undefined {
  return (req as WithSession).sessionToken;
}

/** 403 with a `code` the admin app acts on: set up the app, or enter a code. */
function secondFactorRefusal(state: SecondFactorState | undefined): ForbiddenException | null {
  if (state === 'enrolment-required') {
    return new ForbiddenException({ message: MESSAGES.secondFactor.enrolmentRequired, code: SECOND_FACTOR_ERROR_CODES['enrolment-required'] });
  }
  if (state === 'required') return new ForbiddenException({ message: MESSAGES.secondFactor.required, code: SECOND_FACTOR_ERROR_CODES.required });
  return null;
}

/** The session cookie's value, under the one name this gateway sets (sessionCookieName). */
export function sessionToken(req: Request, secure: boolean): string | undefined {
  const value = (req.cookies as Record<string, string> | undefined)?.[sessionCookieName(secure)];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** 401 unless signed in; 403 with a `code` for a staff session that still owes its second factor. */
@Injectable()
export class SignedIn implements CanActivate {
  constructor(private readonly session: CurrentSession) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const user = await this.session.user(req);
    if (!user) throw secondFactorRefusal(secondFactorOf(req)) ?? new UnauthorizedException({ message: MESSAGES.auth.notSignedIn });
    return true;
  }
}

/**
 * 401 unless signed in, second factor or not: /api/me and the routes that get a staff session
 * through its second factor. The handler reads the person with CurrentUser as usual.
 */
@Injectable()
export class SignedInAnyFactor implements CanActivate {
  constructor(private readonly session: CurrentSession) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<WithSession>();
    const user = await this.session.anyFactor(req);
    if (!user) throw new UnauthorizedException({ message: MESSAGES.auth.notSignedIn });
    req.sessionUser = user;
    return true;
  }
}

/**
 * 401 signed out, 403 for any role but staff (docs/api.md#roles-and-who-may-call-what), and 403 with
 * a `code` until this session has passed the second factor (docs/api.md#the-admin-areas-second-factor).
 */
@Injectable()
export class AdminOnly implements CanActivate {
  constructor(private readonly session: CurrentSession) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const user = await this.session.anyFactor(req);
    if (!user) throw new UnauthorizedException({ message: MESSAGES.auth.notSignedIn });
    if (!isStaffRole(user.role)) throw new ForbiddenException({ message: MESSAGES.auth.adminOnly });
    const refusal = secondFactorRefusal(secondFactorOf(req));
    if (refusal) throw refusal;
    return true;
  }
}

/** The signed-in user (after SignedIn/AdminOnly), or null on public routes. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): PublicUser | null => {
  return (ctx.switchToHttp().getRequest<WithSession>().sessionUser ?? null);
});
