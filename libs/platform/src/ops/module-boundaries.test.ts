// The lint guards the design: with the repository's own eslint.config.mjs, an import that crosses a
// boundary (one service into another, the gateway into a service, a front end or libs/web-core into
// server code, contracts into anything of ours) is an @nx/enforce-module-boundaries error, and the
// imports the design allows are not. Runs ESLint's Node API in a child process: it loads the real
// config (typescript-eslint, the Nx plugin), which jest's module sandbox cannot import.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const RULE = '@nx/enforce-module-boundaries';

interface Probe {
  /** Where the fixture pretends to live: its project is what the rule judges. */
  file: string;
  code: string;
}

interface Finding {
  file: string;
  ruleIds: string[];
  messages: string[];
}

// The fixtures are not on disk: linted as text at their path, without type information (the
// boundary rule needs only the import and the project graph).
const LINT_SCRIPT = `
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
const probes = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: [tseslint.configs.disableTypeChecked] });
const out = [];
for (const { file, code } of probes) {
  const [result] = await eslint.lintText(code, { filePath: file });
  out.push({ file, ruleIds: result.messages.map((m) => m.ruleId), messages: result.messages.map((m) => m.message) });
}
console.log(JSON.stringify(out));
`;

function lint(probes: Probe[]): Map<string, Finding> {
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
  // The rule reads Nx's cached project graph; this makes sure there is one (a fresh clone has none).
  const graph = spawnSync(process.execPath, [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'show', 'projects'], { cwd: root, env, encoding: 'utf8' });
  if (graph.status !== 0) throw new Error(`nx could not build the project graph:\n${graph.stderr}`);
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT, JSON.stringify(probes)], { cwd: root, env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`eslint failed:\n${run.stderr}`);
  const findings = JSON.parse(run.stdout) as Finding[];
  return new Map(findings.map((f) => [f.file, f]));
}

const crossing: Probe[] = [
  { file: 'services/auth/src/boundary-probe.ts', code: "import { startListingsService } from '@mboa/listings';\nexport const probe = startListingsService;\n" },
  { file: 'services/moderation/src/boundary-probe.ts', code: "import { startListingsService } from '../../listings/src/main.js';\nexport const probe = startListingsService;\n" },
  { file: 'gateway/src/boundary-probe.ts', code: "import { startAuthService } from '@mboa/auth';\nexport const probe = startAuthService;\n" },
  { file: 'web/src/boundary-probe.ts', code: "import { startMicroservice } from '@mboa/platform';\nexport const probe = startMicroservice;\n" },
  { file: 'admin-web/src/boundary-probe.ts', code: "import { startMicroservice } from '@mboa/platform';\nexport const probe = startMicroservice;\n" },
  { file: 'libs/web-core/boundary-probe.ts', code: "import { startMicroservice } from '@mboa/platform';\nexport const probe = startMicroservice;\n" },
  { file: 'libs/contracts/src/boundary-probe.ts', code: "import { startMicroservice } from '@mboa/platform';\nexport const probe = startMicroservice;\n" },
];

const allowed: Probe[] = [
  { file: 'services/listings/src/boundary-allowed.ts', code: "import { MESSAGES } from '@mboa/contracts';\nimport { startMicroservice } from '@mboa/platform';\nexport const probe = [MESSAGES, startMicroservice];\n" },
  { file: 'gateway/src/boundary-allowed.ts', code: "import { MESSAGES } from '@mboa/contracts';\nimport { RpcClient } from '@mboa/platform';\nexport const probe = [MESSAGES, RpcClient];\n" },
  { file: 'web/src/boundary-allowed.ts', code: "import { MESSAGES } from '@mboa/contracts';\nexport const probe = MESSAGES;\n" },
];

let findings: Map<string, Finding>;

beforeAll(() => {
  findings = lint([...crossing, ...allowed]);
}, 120_000);

test.each(crossing.map((p) => [p.file, p.code.split('\n')[0]]))('%s: `%s` is a boundary error', (file) => {
  const found = findings.get(file);
  expect(found?.ruleIds).toContain(RULE);
});

test.each(allowed.map((p) => [p.file]))('%s: the libraries the design allows are no boundary error', (file) => {
  const found = findings.get(file);
  expect(found).toBeDefined();
  expect(found?.ruleIds).not.toContain(RULE);
});
