import { Body, Controller, Get, HttpCode, Patch, Post, Req, Res, UseGuards, type CanActivate, type ExecutionContext, Injectable, Inject } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AUTH_PATTERNS,
  MESSAGES,
  authResponseSchema,
  loginSchema,
  meResponseSchema,
  messageResponseSchema,
  parseOrErrors,
  profileUpdateSchema,
  resetConfirmSchema,
  resetRequestSchema,
  resetVerifySchema,
  signupSchema,
  userChangeResponseSchema,
  type MeResponse,
  type ProfileUpdateInput,
  type PublicUser,
  type SignupInput,
} from '@mboa/contracts';
import { BadRequestException } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { answerLanguage } from '../http/answer-language.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { Services } from '../rpc/rpc.provider.js';
import { RateLimits, type RateRule } from '../security/rate-limits.js';
import { clientRateKey } from '../security/client-address.js';
import { AcceptsPersonCheck } from '../security/person-check.js';
import { actorOf } from './actor.js';
import { CurrentUser, SignedIn, SignedInAnyFactor, secondFactorOf, sessionToken } from './current-session.js';
import { DeviceCookies } from './device-cookie.js';
import { setLoginDevice } from './login-device.js';
import type { LoginReply } from './local.strategy.js';
import {
  clearResetCookie,
  newResetRequestId,
  resetRequestId,
  resetToken,
  resetTokenRateKey,
  setResetCookie,
  setResetRequestCookie,
} from './reset-cookie.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { hasSessionMark, setSessionMark } from './session-mark.js';

/**
 * Runs before passport: the catalog's messages for empty fields, and the failed-login limits. A
 * browser holding a valid device cookie for this account (it signed in here before) is judged by
 * its own allowance only, so nobody elsewhere can lock the owner out by failing on purpose; other
 * clients share the account's and the address's. A spent device allowance makes the browser an
 * untrusted client again.
 */
@Injectable()
class LoginPreconditions implements CanActivate {
  constructor(
    private readonly limits: RateLimits,
    private readonly devices: DeviceCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const parsed = parseOrErrors(loginSchema, req.body ?? {});
    if (!parsed.ok) throw new BadRequestException({ message: parsed.message, errors: parsed.errors });
    const email = parsed.data.email.trim().toLowerCase();
    const device = await this.devices.trustedDevice(req, email);
    if (device && !(await this.limits.isBlocked('loginFailuresPerDevice', device))) {
      setLoginDevice(req, device);
      return true;
    }
    await this.limits.ensureNotBlocked([
      ['loginFailuresPerEmail', email],
      ['loginFailuresPerIp', clientRateKey(req)],
    ], req);
    return true;
  }
}

@ApiTags('auth')
@Controller('api')
export class AuthController {
  constructor(
    private readonly services: Services,
    private readonly limits: RateLimits,
    private readonly devices: DeviceCookies,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('me')
  @UseGuards(SignedInAnyFactor)
  @ApiOperation({ summary: "The signed-in user; 401 when signed out. Staff also see where this session stands with the admin area's second factor" })
  @ApiAnswers({ 200: { schema: meResponseSchema, description: '{ user, secondFactor? }' } })
  me(@CurrentUser() user: PublicUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): MeResponse {
    // A session signed in before the mark existed gets one (for this browser session): its offline copies count again.
    if (!hasSessionMark(req)) setSessionMark(res, null, this.config.cookieSecure);
    const secondFactor = secondFactorOf(req);
    return secondFactor ? { user, secondFactor } : { user };
  }

  @Patch('user/me')
  @UseGuards(SignedIn)
  @ApiOperation({
    summary: "Change the signed-in user's own profile: the language their e-mails go out in, and their WhatsApp number (unproven until a code sent to it comes back)",
  })
  @ApiBody({ schema: jsonSchemaOf(profileUpdateSchema) })
  @ApiAnswers({
    200: { schema: userChangeResponseSchema, description: '{ message, user }' },
    errors: { 400: `\`Language must be en or fr.\`, \`${MESSAGES.auth.whatsappExactDigits}\` or \`Nothing to update\`` },
  })
  async updateProfile(
    @Body(new ZodBody(profileUpdateSchema)) body: ProfileUpdateInput,
    @CurrentUser() user: PublicUser,
  ): Promise<{ message: string; user: PublicUser }> {
    const reply = await this.services.call(AUTH_PATTERNS.usersUpdate, { userId: user.id, ...body, actor: actorOf(user) });
    const numberChanged = body.whatsapp !== undefined && reply.user.whatsapp !== user.whatsapp;
    return { message: numberChanged ? MESSAGES.whatsappProof.numberChanged : MESSAGES.auth.profileUpdated, user: reply.user };
  }

  @Post('auth/signup')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an account (renter, landlord or caretaker) and sign in' })
  @ApiBody({ schema: jsonSchemaOf(signupSchema) })
  @AcceptsPersonCheck()
  @ApiAnswers({
    201: { schema: authResponseSchema, description: '{ user, message }; sets the session and device cookies' },
    errors: { 400: 'A field refused (`errors` names each)', 409: 'An account with this email already exists.', 429: 'Too many sign-ups from this address; Retry-After' },
  })
  async signup(@Body(new ZodBody(signupSchema)) body: SignupInput, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.limits.consume([['signupsPerIp', clientRateKey(req)]], req);
    // The account reads the language it signed up in, unless the form said otherwise.
    const reply = await this.services.call(AUTH_PATTERNS.signup, { ...body, language: body.language ?? answerLanguage(req), userAgent: req.headers['user-agent'] });
    setSessionCookie(res, reply.session.token, reply.session.maxAgeMs, this.config.cookieSecure);
    await this.devices.remember(req, res, reply.user.email);
    return { user: reply.user, message: MESSAGES.auth.signupSuccess };
  }

  @Post('auth/login')
  @HttpCode(200)
  @UseGuards(LoginPreconditions, AuthGuard('local'))
  @ApiOperation({ summary: 'Sign in; rememberMe keeps the session 30 days' })
  @ApiBody({ schema: jsonSchemaOf(loginSchema) })
  @AcceptsPersonCheck()
  @ApiAnswers({
    200: { schema: authResponseSchema, description: '{ user, message }; sets the session and device cookies' },
    errors: {
      400: '`All fields are required` (a missing field)',
      401: '`Invalid email or password.` (the same whether or not the account exists)',
      403: 'Banned (only with the right password), or a request from another site',
      429: 'Too many failed logins for this e-mail, address or browser; Retry-After',
    },
  })
  async login(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const reply = req.user as LoginReply;
    setSessionCookie(res, reply.session.token, reply.session.maxAgeMs, this.config.cookieSecure);
    await this.devices.remember(req, res, reply.user.email);
    return { user: reply.user, message: MESSAGES.auth.loginSuccess };
  }

  @Post('auth/logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End the current session' })
  @ApiAnswers({ 200: { schema: messageResponseSchema, description: '{ message }; clears the session cookie' } })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const token = sessionToken(req, this.config.cookieSecure);
    if (token) await this.services.call(AUTH_PATTERNS.sessionDestroy, { token });
    clearSessionCookie(res, this.config.cookieSecure);
    return { message: MESSAGES.auth.logoutSuccess };
  }

  @Post('auth/password-reset/request')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mail a 6-digit reset code; same answer whether or not the account exists' })
  @ApiBody({ schema: jsonSchemaOf(resetRequestSchema) })
  @AcceptsPersonCheck()
  @ApiAnswers({
    200: { schema: messageResponseSchema, description: '{ message }; sets the request cookie verify needs (HttpOnly, SameSite=Strict, 10 min), whether or not the account exists' },
    errors: { 400: 'Not a valid e-mail', 429: 'Too many reset requests for this e-mail (or, from a browser signed in to the account before, for this browser) or address; Retry-After' },
  })
  async resetRequest(
    @Body(new ZodBody(resetRequestSchema)) body: { email: string },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const email = body.email.trim().toLowerCase();
    // As at login: a browser holding this account's device cookie asks on its own allowance, so a
    // stranger who spends the e-mail's cannot keep the owner from a code; once spent, it is any client.
    // The answer is the same either way, and the same whether or not the account exists.
    const trusted = await this.devices.trustedDevice(req, email);
    const device = trusted && !(await this.limits.isBlocked('resetRequestsPerDevice', trusted)) ? trusted : null;
    const knownDevice = device !== null;
    await this.limits.consume([
      device ? ['resetRequestsPerDevice', device] : ['resetRequestsPerEmail', email],
      ['resetRequestsPerIp', clientRateKey(req)],
    ], req);
    // The browser asking again for the same address keeps its request (and its 60 s between codes).
    const requestId = resetRequestId(req, body.email) ?? newResetRequestId(body.email);
    await this.services.call(AUTH_PATTERNS.passwordResetRequest, { ...body, requestId, ...(knownDevice ? { knownDevice } : {}) });
    setResetRequestCookie(res, requestId, this.config.cookieSecure);
    return { message: MESSAGES.passwordReset.requestSent };
  }

  @Post('auth/password-reset/verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a reset code; the browser that passes gets the reset cookie confirm needs' })
  @ApiBody({ schema: jsonSchemaOf(resetVerifySchema) })
  @AcceptsPersonCheck()
  @ApiAnswers({
    200: { schema: messageResponseSchema, description: '{ message }; sets the reset cookie (HttpOnly, SameSite=Strict, 10 min, single use)' },
    errors: {
      400: '`Please ask for a code in this browser first.` (no request cookie for this e-mail), `Invalid or expired code.` or `Too many wrong codes. Please request a new code.`',
      429: 'Too many checks with this request cookie or from this address; Retry-After',
    },
  })
  async resetVerify(
    @Body(new ZodBody(resetVerifySchema)) body: { email: string; code: string },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    // Counted per request cookie, never per e-mail: anyone can send the owner's address, and that
    // must not spend the owner's allowance (docs/api.md#rate-limits).
    const requestId = resetRequestId(req, body.email);
    await this.limits.consume([
      ['resetChecksPerIp', clientRateKey(req)],
      ...(requestId ? [['resetChecksPerRequest', resetTokenRateKey(requestId)] as [RateRule, string]] : []),
    ], req);
    if (!requestId) throw new BadRequestException({ message: MESSAGES.passwordReset.askHereFirst });
    const reply = await this.services.call(AUTH_PATTERNS.passwordResetVerify, { ...body, requestId });
    // The token lives only in this browser's cookie: the answer carries none for a script to read.
    setResetCookie(res, reply.resetToken, this.config.cookieSecure);
    return { message: MESSAGES.passwordReset.codeVerified };
  }

  @Post('auth/password-reset/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password from the browser that verified the code (its reset cookie); ends every session, mails the account' })
  @ApiBody({ schema: jsonSchemaOf(resetConfirmSchema) })
  @AcceptsPersonCheck()
  @ApiAnswers({
    200: { schema: messageResponseSchema, description: '{ message }; ends every session of the user, clears the reset cookie, sets the device cookie' },
    errors: {
      400: '`Please verify your reset code first, in this browser.` (no reset cookie), `This password reset has expired or has already been used. Please request a new code.`, a password refused, or `Passwords do not match.`',
      429: 'Too many confirms from this address or with this reset cookie; Retry-After',
    },
  })
  async resetConfirm(
    @Body(new ZodBody(resetConfirmSchema)) body: { email: string; newPassword: string },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    // Never counted per e-mail: anyone can send the owner's address, and that must not spend the
    // owner's allowance (docs/api.md#rate-limits).
    const token = resetToken(req);
    await this.limits.consume([
      ['resetChecksPerIp', clientRateKey(req)],
      ...(token ? [['resetConfirmsPerToken', resetTokenRateKey(token)] as [RateRule, string]] : []),
    ], req);
    if (!token) throw new BadRequestException({ message: MESSAGES.passwordReset.verifyFirst });
    await this.services.call(AUTH_PATTERNS.passwordResetConfirm, { ...body, resetToken: token });
    clearResetCookie(res, this.config.cookieSecure);
    // Whoever read the mailed code owns the mailbox: this browser now signs in whatever the lock.
    await this.devices.remember(req, res, body.email);
    return { message: MESSAGES.passwordReset.confirmSuccess };
  }
}
