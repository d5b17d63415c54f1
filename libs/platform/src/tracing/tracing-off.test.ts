// Without OTEL_* variables tracing costs nothing: a process on the default path (requests, events,
// logs) resolves no OpenTelemetry module but the API's no-op functions, and patches nothing. With
// them, the same process loads the SDK and its instrumentations. Real child processes of Node.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = fileURLToPath(new URL('./__tests__/', import.meta.url));

async function run(env: Record<string, string>): Promise<{ otel: string[]; result: Record<string, unknown> }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OTEL_')));
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', `${here}otel-imports.mjs`, `${here}default-path-child.ts`], {
    env: { ...clean, NODE_OPTIONS: '', ...env },
  });
  const lines = stdout.split('\n');
  const otel = [...new Set(lines.filter((l) => l.startsWith('OTEL ')).map((l) => l.slice(5).split('/').slice(0, 2).join('/')))].sort();
  const result = JSON.parse(lines.find((l) => l.startsWith('RESULT '))!.slice(7)) as Record<string, unknown>;
  return { otel, result };
}

test('no OTEL_* variables: only the API is resolved, nothing is patched, events carry no trace context', async () => {
  const { otel, result } = await run({});
  expect(otel).toEqual(['@opentelemetry/api']);
  expect(result).toEqual({ tracing: false, traceparent: null, pgPatched: false, rpc: 'function' });
});

test('OTEL_TRACES_EXPORTER set: the SDK and the instrumentations load and pg is patched', async () => {
  const { otel, result } = await run({ OTEL_TRACES_EXPORTER: 'console' });
  expect(otel).toEqual(expect.arrayContaining(['@opentelemetry/sdk-trace-node', '@opentelemetry/instrumentation-pg', '@opentelemetry/instrumentation-http']));
  expect(result).toMatchObject({ tracing: true, pgPatched: true });
});
