import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AUTH_PATTERNS,
  LISTINGS_PATTERNS,
  MODERATION_PATTERNS,
  SUPPORT_PATTERNS,
  adminStatsSchema,
  type AdminStats,
} from '@mboa/contracts';
import { ApiAnswers } from '../docs/api-answers.js';
import { Services } from '../rpc/rpc.provider.js';
import { AdminOnly } from '../auth/current-session.js';

@ApiTags('admin')
@Controller('api/admin')
@UseGuards(AdminOnly)
export class AdminStatsController {
  constructor(private readonly services: Services) {}

  @Get('stats')
  @ApiOperation({ summary: 'Dashboard: users, properties, searching requests, pending tickets, identity and control documents waiting, latest staff actions' })
  @ApiAnswers({ 200: adminStatsSchema })
  async stats(): Promise<AdminStats> {
    // Each figure comes from the service that owns it, asked in parallel.
    const [users, properties, support, audit, verification] = await Promise.all([
      this.services.call(AUTH_PATTERNS.stats, {}),
      this.services.call(LISTINGS_PATTERNS.stats, {}),
      this.services.call(SUPPORT_PATTERNS.stats, {}),
      this.services.call(MODERATION_PATTERNS.auditLatest, { limit: 10 }),
      this.services.call(MODERATION_PATTERNS.verificationPending, {}),
    ]);
    return {
      users: { total: users.total, latest: users.latest },
      properties: { total: properties.total, latest: properties.latest },
      requests: { searchingCount: support.searchingCount },
      support: { pendingCount: support.pendingCount },
      verificationPending: verification.pending,
      actions: audit.actions,
    };
  }
}
