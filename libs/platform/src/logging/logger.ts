import type { LoggerService } from '@nestjs/common';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { logTraceIds } from '../tracing/context.js';
import { currentRequestId } from './request-context.js';

export type { Logger as PinoLogger } from 'pino';

export interface LoggerOptions {
  /** The app writing: `gateway`, `auth`, … (the `service` field of every line). */
  name: string;
  level?: LevelWithSilent;
  /** Where lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: NodeJS.WritableStream;
}

/**
 * One JSON object per line on stdout, with the app's name, and the current request's id when the
 * line is written while handling one (HTTP at the gateway, NATS in the services, event handlers),
 * and the trace and span ids when tracing is on and a span is active.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: options.name },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const requestId = currentRequestId();
        // trace_id/span_id while a span is active (tracing on): a log line opens its trace.
        const ids = logTraceIds();
        return requestId ? { requestId, ...ids } : { ...ids };
      },
    },
    (options.destination as pino.DestinationStream | undefined) ?? pino.destination({ fd: 1, sync: true }),
  );
}

/** Nest's LoggerService over pino, so Nest's own lines and every `new Logger(context)` are JSON too. */
export class PinoLoggerService implements LoggerService {
  constructor(readonly pino: Logger) {}

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    // Nest passes (message, stack?, context?).
    const [stack, context] = rest.length >= 2 ? rest : typeof rest[0] === 'string' && rest[0].includes('\n') ? [rest[0]] : [undefined, rest[0]];
    const fields: Record<string, unknown> = {};
    if (typeof context === 'string') fields.context = context;
    if (typeof stack === 'string') fields.stack = stack;
    if (message instanceof Error) this.pino.error({ ...fields, err: message }, message.message);
    else if (message && typeof message === 'object') this.pino.error({ ...fields, ...message });
    else this.pino.error(fields, stringify(message));
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, rest: unknown[]) {
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const fields = context ? { context } : {};
    if (message && typeof message === 'object' && !(message instanceof Error)) this.pino[level]({ ...fields, ...message });
    else this.pino[level](fields, stringify(message));
  }
}

function stringify(message: unknown): string {
  return message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
}

/** Writes the last words of an app that could not start, as JSON like the rest of its lines. */
export function logStartFailure(name: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${JSON.stringify({ level: 'fatal', time: new Date().toISOString(), service: name, msg: `${name} failed to start: ${message}` })}\n`);
}
