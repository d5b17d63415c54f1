import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { availabilityConfirmedResponseSchema, availabilityTokenSchema, LISTINGS_PATTERNS, MESSAGES, type AvailabilityConfirmedReply, type AvailabilityTokenInput } from '@mboa/contracts';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';

/**
 * The reminder e-mail's one-time link (docs/api.md#fresh-listings): the web app's page
 * /confirm-availability?token=… sends the token here. No session: the token is the proof; it is
 * 256 random bits, kept by listings only as a hash, and works once within its 7 days.
 */
@ApiTags('properties')
@Controller('api/property')
export class AvailabilityController {
  constructor(private readonly services: Services) {}

  @Post('confirm-availability')
  @HttpCode(200)
  @ApiOperation({ summary: "Confirm a listing is still available with the reminder e-mail's one-time link; no password" })
  @ApiBody({ schema: jsonSchemaOf(availabilityTokenSchema) })
  @ApiAnswers({
    200: { schema: availabilityConfirmedResponseSchema, description: '{ message, data: { propertyId, title, availabilityConfirmedAt } }' },
    errors: { 400: 'No token', 404: '`This confirmation link is not valid. Confirm from My Listings instead.`', 410: 'The link was already used, or has expired' },
  })
  async confirm(@Body(new ZodBody(availabilityTokenSchema)) body: AvailabilityTokenInput): Promise<{ message: string; data: AvailabilityConfirmedReply }> {
    const data = await this.services.call(LISTINGS_PATTERNS.availabilityConfirmByToken, { token: body.token });
    return { message: MESSAGES.freshness.confirmed, data };
  }
}
