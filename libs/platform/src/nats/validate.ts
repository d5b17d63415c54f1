import { Payload } from '@nestjs/microservices';
import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseOrErrors, RPC_REQUESTS, type CheckedRequestOf, type Pattern } from '@mboa/contracts';
import { fail } from './service-exception.js';

/** Parses a message payload with a contracts schema, or refuses it with 400 and each field problem. */
export function parsePayload<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = parseOrErrors(schema, input);
  if (!result.ok) throw fail.badRequest(result.message, result.errors);
  return result.data;
}

/** Checks an incoming message with its pattern's request schema (RPC_REQUESTS): 400 naming the field otherwise. */
export class RpcRequestPipe<P extends Pattern> implements PipeTransform<unknown, CheckedRequestOf<P>> {
  constructor(private readonly pattern: P) {}

  transform(value: unknown): CheckedRequestOf<P> {
    return parsePayload(RPC_REQUESTS[this.pattern], value) as CheckedRequestOf<P>;
  }
}

/**
 * The checked message of a @MessagePattern handler:
 * `@MessagePattern(P) handle(@RpcRequest(P) request: CheckedRequestOf<typeof P>): Promise<ReplyOf<typeof P>>`.
 */
export function RpcRequest<P extends Pattern>(pattern: P): ParameterDecorator {
  return Payload(new RpcRequestPipe(pattern));
}
