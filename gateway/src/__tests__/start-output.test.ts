// What `npm start` prints for its apps' log lines (scripts/lib/log-format.mjs through the supervisor):
// in a terminal one short line per request, prefixed with the app; piped or with LOG_FORMAT=json,
// the JSON lines as the apps wrote them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const access = '{"level":"info","time":"2026-11-24T09:00:00.000Z","service":"gateway","requestId":"r-1","method":"GET","url":"/api/properties?town=Buea","route":"/api/properties","status":200,"durationMs":14,"msg":"request"}';
const warning = '{"level":"warn","time":"2026-11-24T09:00:01.000Z","service":"auth","context":"Relay","msg":"outbox slow","pending":3}';

/** Runs a supervised app printing `lines`, with stdout a terminal or not, and returns what was printed. */
function startOutput(isTTY: boolean, env: Record<string, string> = {}): string {
  const modules = {
    format: pathToFileURL(path.join(repoRoot, 'scripts/lib/log-format.mjs')).href,
    supervisor: pathToFileURL(path.join(repoRoot, 'scripts/lib/supervisor.mjs')).href,
  };
  const driver = `
    import { logFormatter } from ${JSON.stringify(modules.format)};
    import { Supervisor } from ${JSON.stringify(modules.supervisor)};
    let text = '';
    const out = { write: (chunk) => { text += chunk; return true; } };
    const s = new Supervisor({ out, say() {}, warn() {}, format: logFormatter({ isTTY: ${isTTY} }) });
    s.run('gateway', { command: process.execPath, args: ['-e', ${JSON.stringify(`console.log(${JSON.stringify([access, warning, 'plain words'].join('\n'))}); setInterval(() => {}, 1000)`)}] });
    setTimeout(async () => { await s.stopAll({ graceMs: 1000 }); process.stdout.write(text); }, 1500);
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
  expect(result.stderr).toBe('');
  return result.stdout;
}

test('in a terminal: one readable line per request and per message, prefixed with the app', () => {
  const lines = startOutput(true).trimEnd().split('\n');
  expect(lines).toEqual([
    expect.stringMatching(/^gateway \| \[\d\d:\d\d:\d\d\] INFO: GET \/api\/properties\?town=Buea 200 14 ms$/),
    expect.stringMatching(/^gateway \| \[\d\d:\d\d:\d\d\] WARN: \[Relay\] outbox slow \{"pending":3\}$/),
    'gateway | plain words',
  ]);
});

test('piped, or with LOG_FORMAT=json: the JSON lines as the apps wrote them', () => {
  const expected = [`gateway | ${access}`, `gateway | ${warning}`, 'gateway | plain words'];
  expect(startOutput(false).trimEnd().split('\n')).toEqual(expected);
  expect(startOutput(true, { LOG_FORMAT: 'json' }).trimEnd().split('\n')).toEqual(expected);
});
