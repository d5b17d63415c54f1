import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  AUTH_PATTERNS,
  MESSAGES,
  secondFactorCheckResponseSchema,
  secondFactorCodeSchema,
  secondFactorEnrolmentResponseSchema,
  secondFactorRecoveryCodesResponseSchema,
  type SecondFactorCodeInput,
} from '@mboa/contracts';
import type { z } from 'zod';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';
import { resolvedSessionToken, SignedInAnyFactor } from './current-session.js';

/**
 * The admin area's second factor (docs/api.md#the-admin-areas-second-factor): a staff session sets
 * up an authenticator app, or enters a code, before anything else of the admin area answers. auth
 * decides everything (staff only, single use, wrong codes per account) from the session's token.
 */
@ApiTags('auth')
@Controller('api/auth/second-factor')
@UseGuards(SignedInAnyFactor)
export class SecondFactorController {
  constructor(private readonly services: Services) {}

  @Post('enrolment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: a new authenticator secret (otpauth:// link and text), until a first code confirms it' })
  @ApiAnswers({
    200: { schema: secondFactorEnrolmentResponseSchema, description: '{ secret, uri, issuer, account, digits, periodSeconds }' },
    errors: { 403: '`Only staff accounts have a second factor.`', 409: '`An authenticator app is already set up for this account.`' },
  })
  async begin(@Req() req: Request): Promise<z.infer<typeof secondFactorEnrolmentResponseSchema>> {
    return this.services.call(AUTH_PATTERNS.secondFactorBegin, { token: token(req) });
  }

  @Post('enrolment/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff: the app's first code keeps the setup, opens the admin area for this session and hands out the recovery codes once" })
  @ApiBody({ schema: jsonSchemaOf(secondFactorCodeSchema) })
  @ApiAnswers({
    200: { schema: secondFactorRecoveryCodesResponseSchema, description: '{ message, recoveryCodes }' },
    errors: {
      400: 'A code that is not 6 digits, a wrong code, or `Start the setup again…`',
      409: '`An authenticator app is already set up for this account.`',
      429: 'Too many wrong codes for this account; Retry-After',
    },
  })
  async confirm(@Body(new ZodBody(secondFactorCodeSchema)) body: SecondFactorCodeInput, @Req() req: Request): Promise<z.infer<typeof secondFactorRecoveryCodesResponseSchema>> {
    const reply = await this.services.call(AUTH_PATTERNS.secondFactorConfirm, { token: token(req), code: body.code });
    return { message: MESSAGES.secondFactor.enrolled, recoveryCodes: reply.recoveryCodes };
  }

  @Post('check')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff: the app's current code, or a recovery code (each once), opens the admin area for this session" })
  @ApiBody({ schema: jsonSchemaOf(secondFactorCodeSchema) })
  @ApiAnswers({
    200: { schema: secondFactorCheckResponseSchema, description: '{ message, usedRecoveryCode }' },
    errors: {
      400: 'A wrong code, or one already used',
      403: '`Set up an authenticator app…` (not enrolled yet), or not staff',
      429: 'Too many wrong codes for this account; Retry-After',
    },
  })
  async check(@Body(new ZodBody(secondFactorCodeSchema)) body: SecondFactorCodeInput, @Req() req: Request): Promise<z.infer<typeof secondFactorCheckResponseSchema>> {
    const reply = await this.services.call(AUTH_PATTERNS.secondFactorCheck, { token: token(req), code: body.code });
    return { message: reply.usedRecoveryCode ? MESSAGES.secondFactor.recoveryCodeUsed : MESSAGES.secondFactor.passed, usedRecoveryCode: reply.usedRecoveryCode };
  }
}

/** SignedInAnyFactor found a session, so its token is there. */
function token(req: Request): string {
  return resolvedSessionToken(req) ?? '';
}
