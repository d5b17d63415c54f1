import { Body, Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MESSAGES, MODERATION_PATTERNS, reportSchema, type ReportCreateResponse, type ReportInput } from '@mboa/contracts';
import { CurrentSession } from '../auth/current-session.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
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
  @ApiResponse({ status: 201, description: '{ message, report }' })
  @ApiResponse({ status: 404, description: 'Property not found (unknown, or not visible to the public)' })
  @ApiResponse({ status: 409, description: 'You have already reported this listing.' })
  @ApiResponse({ status: 429, description: 'Too many reports from this person or address; Retry-After' })
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
