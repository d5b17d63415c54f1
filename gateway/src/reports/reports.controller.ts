import { Body, Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MESSAGES, MODERATION_PATTERNS, reportCreateResponseSchema, reportSchema, type ReportCreateResponse, type ReportInput } from '@mboa/contracts';
import { CurrentSession } from '../auth/current-session.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';
import { clientRateKey } from '../security/client-address.js';
import { RateLimits, TooManyAttempts } from '../security/rate-limits.js';
import { RetryLater } from '../uploads/upload-guard.js';
import { Reporters } from './reporter.js';

/** Reporting a listing, signed in or not (docs/api.md#reporting-a-listing). */
@ApiTags('properties')
@Controller('api/properties')
export class ReportsController {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly services: Services,
    private readonly session: CurrentSession,
    private readonly limits: RateLimits,
    private readonly reporters: Reporters,
  ) {}

  @Post(':id/reports')
  @HttpCode(201)
  @ApiOperation({ summary: 'Report a listing (scam, rented, wrong-price, not-these-photos, other + text); one report per person per listing' })
  @ApiParam({ name: 'id', description: 'Property id' })
  @ApiBody({ schema: jsonSchemaOf(reportSchema) })
  @ApiAnswers({
    201: { schema: reportCreateResponseSchema, description: '{ message, report }; sets the reporter cookie for someone not signed in' },
    errors: {
      400: 'No reason, or a text missing or too long (`errors` names the field)',
      403: '`You cannot report your own listing.`, or a request from another site',
      404: 'Property not found (unknown, or not visible to the public)',
      409: '`You have already reported this listing.`',
      429: 'Too many reports from this person or address; Retry-After',
    },
  })
  async report(
    @Param('id') id: string,
    @Body(new ZodBody(reportSchema)) body: ReportInput,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ReportCreateResponse> {
    const user = await this.session.user(req);
    const { reporter, rateKey } = await this.reporters.of(req, res, user, this.config.cookieSecure);
    try {
      await this.limits.consume([
        ['reportsPerReporter', rateKey],
        ['reportsPerIp', clientRateKey(req)],
      ]);
    } catch (error) {
      if (error instanceof TooManyAttempts) throw new RetryLater(MESSAGES.report.tooMany, error.retryAfterSeconds);
      throw error;
    }
    const { report } = await this.services.call(MODERATION_PATTERNS.reportsCreate, { propertyId: id, reporter, report: body });
    return { message: MESSAGES.report.created, report };
  }
}
