import { Controller, Get, Inject, Res, type OnApplicationShutdown } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import pg from 'pg';
import { healthResponseSchema, PATTERNS, type HealthResponse } from '@mboa/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiAnswers, responseSchemaOf } from '../docs/api-answers.js';
import { GatewayRedis } from '../redis.provider.js';
import { Services } from '../rpc/rpc.provider.js';

type State = 'up' | 'down';
const CHECK_TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller('api')
export class HealthController implements OnApplicationShutdown {
  private readonly pool: pg.Pool;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly redis: GatewayRedis,
    private readonly services: Services,
  ) {
    this.pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
    this.pool.on('error', () => undefined);
  }

  @Get('health')
  @ApiOperation({ summary: 'PostgreSQL, Redis, NATS and every service: 200 when all are up, else 503' })
  @ApiAnswers({ 200: { schema: healthResponseSchema, description: 'Every part is up' } })
  @ApiResponse({ status: 503, description: 'Something is down: status "degraded", the failing parts "down"', schema: responseSchemaOf(healthResponseSchema) })
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [postgres, redis, nats, ...services] = await Promise.all([
      this.probe(() => this.pool.query('SELECT 1')),
      this.probe(() => this.redis.client.ping()),
      this.probe(async () => {
        const nc = this.services.proxy.unwrap<{ rtt(): Promise<number> }>();
        await nc.rtt();
      }),
      ...this.config.services.map((name) =>
        this.probe(async () => {
          const reply = await this.services.call(PATTERNS[name].health, {}, { timeoutMs: CHECK_TIMEOUT_MS });
          if (reply.status !== 'ok') throw new Error('degraded');
        }),
      ),
    ]);
    const components = {
      postgres,
      redis,
      nats,
      services: Object.fromEntries(this.config.services.map((name, i) => [name, services[i]])),
    };
    const ok = [postgres, redis, nats, ...services].every((s) => s === 'up');
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', components };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }

  private async probe(check: () => Promise<unknown>): Promise<State> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS))),
      ]);
      return 'up';
    } catch {
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  }
}
