import { Logger } from '@nestjs/common';
/** The few logging calls the event bus makes; pino and Nest's Logger both fit through `console`-like adapters. */
export interface EventBusLogger {
  info(msg: string, meta?: Record<string, unknown>): void;
  warn(msg: string, meta?: Record<string, unknown>): void;
  error(msg: string, meta?: Record<string, unknown>): void;
}

export const consoleLogger: EventBusLogger = {
  info: (msg, meta) => console.info(msg, meta ?? ''),
  warn: (msg, meta) => console.warn(msg, meta ?? ''),
  error: (msg, meta) => console.error(msg, meta ?? ''),
};

export const silentLogger: EventBusLogger = { info() {}, warn() {}, error() {} };

export function errorMeta(err: unknown): Record<string, unknown> {
  return err instanceof Error ? { error: err.message, stack: err.stack } : { error: String(err) };
}

/**
 * Through Nest's Logger, i.e. the app's logger: JSON lines via pino in the apps (with the request
 * id), silent when a test starts the app with `logger: false`. The default of consumers and relays.
 */
export function nestEventBusLogger(context = 'events'): EventBusLogger {
  const logger = new Logger(context);
  const line = (msg: string, meta?: Record<string, unknown>) => (meta ? { msg, ...meta } : msg);
  return {
    info: (msg, meta) => logger.log(line(msg, meta)),
    warn: (msg, meta) => logger.warn(line(msg, meta)),
    error: (msg, meta) => logger.error(line(msg, meta)),
  };
}
