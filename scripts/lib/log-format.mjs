// How `npm start` shows its apps' log lines. In a terminal: one short readable line each
// (pino-pretty), e.g. `09:14:02 INFO: GET /api/properties?town=Buea 200 14 ms`. Piped to a file or
// another program, or with LOG_FORMAT=json: the apps' JSON lines as they are.
import { createRequire } from 'node:module';

// The access line's fields are in its message; the app's name is already the line's prefix.
const SHOWN_IN_MESSAGE = ['pid', 'hostname', 'service', 'requestId', 'method', 'url', 'route', 'status', 'durationMs', 'context'];

/**
 * A function turning one JSON log line into the text to print, or undefined to print lines as
 * they are.
 * @param {{ isTTY?: boolean }} stream  where the lines go
 * @returns {((line: string) => string) | undefined}
 */
export function logFormatter(stream, env = process.env) {
  const format = (env.LOG_FORMAT ?? '').toLowerCase();
  if (format === 'json' || (format !== 'pretty' && !stream.isTTY)) return undefined;
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty');
  const pretty = prettyFactory({
    colorize: Boolean(stream.isTTY) && !env.NO_COLOR,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: SHOWN_IN_MESSAGE.join(','),
    messageFormat: (log, messageKey) =>
      log.msg === 'request' && log.method !== undefined
        ? `${log.method} ${log.url} ${log.status} ${log.durationMs} ms`
        : `${log.context ? `[${log.context}] ` : ''}${log[messageKey] ?? ''}`,
  });
  return (line) => (line.startsWith('{') ? pretty(line).trimEnd() : line);
}
