// The set-up `npm start` and `npm test` do on a fresh clone (scripts/lib/setup.mjs): when the
// dependencies need `npm ci`, and what the tests say when there is no Chromium for the browser tests.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
interface Setup {
  dependenciesOutOfDate(root: string): string | null;
  browserTestFiles(root: string): string[];
}
let setup: Setup;
let dir: string;

beforeAll(async () => {
  setup = (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/setup.mjs')).href)) as Setup;
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-setup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('dependencies are installed when node_modules is missing, not from npm, or older than the lock file', async () => {
  await writeFile(path.join(dir, 'package-lock.json'), '{}');
  expect(setup.dependenciesOutOfDate(dir)).toBe('node_modules is missing');
  await mkdir(path.join(dir, 'node_modules'));
  expect(setup.dependenciesOutOfDate(dir)).toBe('node_modules was not installed by npm');
  const installed = path.join(dir, 'node_modules/.package-lock.json');
  await writeFile(installed, '{}');
  const now = Date.now() / 1000;
  await utimes(path.join(dir, 'package-lock.json'), now, now);
  await utimes(installed, now - 60, now - 60); // then the lock file changed (a pull)
  expect(setup.dependenciesOutOfDate(dir)).toBe('package-lock.json is newer than node_modules');
  await utimes(installed, now + 1, now + 1); // npm ci ran
  expect(setup.dependenciesOutOfDate(dir)).toBeNull();
});

test('this checkout is installed, so npm test does not reinstall it', () => {
  expect(setup.dependenciesOutOfDate(repoRoot)).toBeNull();
});

test('the browser tests a missing Chromium skips are named: the whole-system ones and the web app’s', () => {
  const files = setup.browserTestFiles(repoRoot);
  expect(files).toEqual(expect.arrayContaining(['e2e/src/browse.test.ts', 'web/e2e/home.e2e.test.ts']));
  expect(files.every((f) => !f.endsWith('harness.ts'))).toBe(true);
});
