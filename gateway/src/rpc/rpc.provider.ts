import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { RpcClient } from '@mboa/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** The gateway's one NATS connection for request/reply to the services. */
@Injectable()
export class Services extends RpcClient implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super({ servers: config.natsUrl, subjectPrefix: config.subjectPrefix, timeoutMs: config.rpcTimeoutMs, name: 'gateway' });
  }

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
