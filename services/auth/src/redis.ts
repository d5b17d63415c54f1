import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createClient, type RedisClientType } from 'redis';
import { AUTH_CONFIG, type AuthConfig } from './config.js';

@Injectable()
export class AuthRedis implements OnModuleInit, OnModuleDestroy {
  readonly client: RedisClientType;
  readonly prefix: string;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    this.client = createClient({ url: config.redisUrl });
    this.client.on('error', () => undefined); // reconnects on its own; health reports the state
    this.prefix = config.redisPrefix;
  }

  async onModuleInit(): Promise<void> {
    await this.client.connect();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.client.isOpen) await this.client.quit();
  }

  key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }
}
