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
