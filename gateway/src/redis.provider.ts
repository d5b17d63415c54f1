import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createClient, type RedisClientType } from 'redis';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';

@Injectable()
export class GatewayRedis implements OnModuleInit, OnApplicationShutdown {
  readonly client: RedisClientType;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = createClient({ url: config.redisUrl });
    this.client.on('error', () => undefined); // reconnects by itself; /api/health reports it
  }

  async onModuleInit(): Promise<void> {
    await this.client.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.client.isOpen) await this.client.quit();
  }
}
