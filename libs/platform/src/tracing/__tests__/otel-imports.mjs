// Module hooks for a child process: TypeScript sources as the events tests run them, and a line
// `OTEL <url>` on stdout for every OpenTelemetry module the process resolves.
import { register } from 'node:module';
register('../../events/__tests__/ts-hooks.mjs', import.meta.url);
register('./otel-imports-hooks.mjs', import.meta.url);
