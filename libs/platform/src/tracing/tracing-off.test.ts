// Without OTEL_* variables tracing costs nothing: a process on the default path (requests, events,
// logs) resolves no OpenTelemetry module but the API's no-op functions, and patches nothing; an
// app launched by `runWhenMain` registers no loader hook either. With them, the same processes
// load the SDK and its instrumentations, and the launched one patches Express as it loads it
// through OpenTelemetry's loader hook. Real child processes of Node.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { supportsSyncHooks } from 'import-in-the-middle/register-hooks.mjs';

const here = fileURLToPath(new URL('./__tests__/', import.meta.url));

async function run(
  env: Record<string, string>,
  child = 'default-path-child.ts',
): Promise<{ otel: string[]; hooks: string[]; result: Record<string, unknown> }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OTEL_')));
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', `${here}otel-imports.mjs`, `${here}${child}`], {
    env: { ...clean, NODE_OPTIONS: '', ...env },
  });
  const lines = stdout.split('\n');
  const otel = [...new Set(lines.filter((l) => l.startsWith('OTEL ')).map((l) => l.slice(5).split('/').slice(0, 2).join('/')))].sort();
  const hooks = lines.filter((l) => l.startsWith('REGISTER ')).map((l) => l.slice(9));
  const result = JSON.parse(lines.find((l) => l.startsWith('RESULT '))!.slice(7)) as Record<string, unknown>;
  return { otel, hooks, result };
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

test('an app launched by runWhenMain without OTEL_* variables: no loader hook, only the API resolved, Express loads unpatched', async () => {
  const { otel, hooks, result } = await run({}, 'launch-child.ts');
  expect(hooks).toEqual([]);
  expect(otel).toEqual(['@opentelemetry/api']);
  expect(result).toEqual({ expressPatched: false });
});

test('the same app with OTEL_TRACES_EXPORTER set: the loader hook is registered before its modules load, and Express is patched', async () => {
  const { otel, hooks, result } = await run({ OTEL_TRACES_EXPORTER: 'console' }, 'launch-child.ts');
  // In the app's thread where this Node can (24.11.1+), else in a thread of its own (Node 20).
  expect(hooks).toEqual([supportsSyncHooks() ? 'in-thread' : '@opentelemetry/instrumentation/hook.mjs']);
  expect(otel).toEqual(expect.arrayContaining(['@opentelemetry/instrumentation-express', '@opentelemetry/sdk-trace-node']));
  expect(result).toEqual({ expressPatched: true });
});
