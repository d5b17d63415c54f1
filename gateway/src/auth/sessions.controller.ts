import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AUTH_PATTERNS,
  LIMITS,
  MESSAGES,
  messageResponseSchema,
  sessionListResponseSchema,
  sessionsEndedResponseSchema,
  type PublicUser,
  type SessionListResponse,
  type SessionsEndedResponse,
} from '@mboa/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { Services } from '../rpc/rpc.provider.js';
import { actorOf } from './actor.js';
import { CurrentUser, SignedIn, sessionToken } from './current-session.js';
import { clearSessionCookie } from './session-cookie.js';

/**
 * The signed-in person's own sessions (ASVS 3.3.4, docs/api.md#sessions-and-cookies): where they
 * are signed in, and signing out any of those devices from here. Auth answers for the caller's own
 * sessions only; the token of this request tells it which one is "this device".
 */
@ApiTags('auth')
@Controller('api/me/sessions')
export class SessionsController {
  constructor(
    private readonly services: Services,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  @UseGuards(SignedIn)
  @ApiOperation({
    summary: `Where the caller is signed in: each session's browser and system (from its User-Agent), sign-in, last use and latest end; this device first, at most ${LIMITS.session.listMax}`,
  })
  @ApiAnswers({ 200: { schema: sessionListResponseSchema, description: '{ sessions }' } })
  list(@CurrentUser() user: PublicUser, @Req() req: Request): Promise<SessionListResponse> {
    return this.services.call(AUTH_PATTERNS.sessionsList, { actor: actorOf(user), token: this.token(req) });
  }

  @Delete(':id')
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'Signs one of the caller’s sessions out (that browser’s next request is signed out); this device’s own id works like logout' })
  @ApiParam({ name: 'id', description: 'A session id from GET /api/me/sessions' })
  @ApiAnswers({
    200: { schema: messageResponseSchema, description: `{ message: "${MESSAGES.sessions.ended}" }; clears the session cookie when it was this device's` },
    errors: { 404: `${MESSAGES.sessions.notFound} (also for another person's session)` },
  })
  async end(@Param('id') id: string, @CurrentUser() user: PublicUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string }> {
    const { endedCurrent } = await this.services.call(AUTH_PATTERNS.sessionsEnd, { actor: actorOf(user), token: this.token(req), sessionId: id });
    if (endedCurrent) clearSessionCookie(res, this.config.cookieSecure);
    return { message: MESSAGES.sessions.ended };
  }

  @Post('end-others')
  @HttpCode(200)
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'Signs the caller out everywhere else: every session but this one ends' })
  @ApiAnswers({ 200: { schema: sessionsEndedResponseSchema, description: `{ message: "${MESSAGES.sessions.othersEnded}", ended }` } })
  async endOthers(@CurrentUser() user: PublicUser, @Req() req: Request): Promise<SessionsEndedResponse> {
    const { ended } = await this.services.call(AUTH_PATTERNS.sessionsEndOthers, { actor: actorOf(user), token: this.token(req) });
    return { message: MESSAGES.sessions.othersEnded, ended };
  }

  private token(req: Request): string {
    return sessionToken(req, this.config.cookieSecure) ?? '';
  }
}
