import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AUTH_PATTERNS,
  LIMITS,
  MESSAGES,
  whatsappCodeSchema,
  whatsappProofResponseSchema,
  type PublicUser,
  type WhatsAppCodeInput,
  type WhatsAppProofReply,
} from '@mboa/contracts';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';
import { actorOf } from './actor.js';
import { CurrentUser, SignedIn } from './current-session.js';

const RULES = LIMITS.whatsappProof;

/**
 * Proving the signed-in person's WhatsApp number (docs/api.md#proving-a-whatsapp-number): a code
 * sent to it, typed back. auth decides everything (the number, the code, the tries and the
 * allowances per account and per number); the gateway only checks the code's shape.
 */
@ApiTags('auth')
@Controller('api/me/whatsapp')
@UseGuards(SignedIn)
export class WhatsAppProofController {
  constructor(private readonly services: Services) {}

  @Get()
  @ApiOperation({ summary: "The caller's WhatsApp number and since when it is proven (null: not proven)" })
  @ApiAnswers({ 200: { schema: whatsappProofResponseSchema, description: '{ whatsapp, whatsappProvenAt }' } })
  get(@CurrentUser() user: PublicUser): Promise<WhatsAppProofReply> {
    return this.services.call(AUTH_PATTERNS.whatsappProofGet, { actor: actorOf(user) });
  }

  @Post('code')
  @HttpCode(200)
  @ApiOperation({
    summary: `Send a ${RULES.codeLength}-digit code to the caller's WhatsApp number (valid ${RULES.codeValidityMinutes} min; a new one at most every ${RULES.resendMinSeconds} s)`,
  })
  @ApiAnswers({
    200: { schema: whatsappProofResponseSchema, description: '{ message, whatsapp, whatsappProvenAt, expiresInSeconds, resendAfterSeconds }' },
    errors: {
      400: `\`${MESSAGES.whatsappProof.noNumber}\``,
      409: `\`${MESSAGES.whatsappProof.alreadyProven}\``,
      429: `\`${MESSAGES.whatsappProof.resendTooSoon}\` or \`${MESSAGES.whatsappProof.tooManyCodes}\`; Retry-After`,
      503: `\`${MESSAGES.whatsappProof.sendFailed}\`; Retry-After`,
    },
  })
  send(@CurrentUser() user: PublicUser): Promise<WhatsAppProofReply> {
    return this.services.call(AUTH_PATTERNS.whatsappCodeSend, { actor: actorOf(user) });
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'The code sent proves the number: whatsappProvenAt is set' })
  @ApiBody({ schema: jsonSchemaOf(whatsappCodeSchema) })
  @ApiAnswers({
    200: { schema: whatsappProofResponseSchema, description: '{ message, whatsapp, whatsappProvenAt }' },
    errors: { 400: `\`${MESSAGES.whatsappProof.codeFormat}\`, \`${MESSAGES.whatsappProof.codeInvalid}\` or \`${MESSAGES.whatsappProof.tooManyWrongTries}\`` },
  })
  verify(@Body(new ZodBody(whatsappCodeSchema)) body: WhatsAppCodeInput, @CurrentUser() user: PublicUser): Promise<WhatsAppProofReply> {
    return this.services.call(AUTH_PATTERNS.whatsappCodeVerify, { actor: actorOf(user), code: body.code });
  }
}
