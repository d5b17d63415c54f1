// Which Node.js runs the apps: Node 24 LTS in the production image, and any Node from 20.19 on in
// development. Checked from the files, so a bump of the image or a dependency that drops Node 20
// (npm ci would print EBADENGINE) fails here rather than on somebody's machine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string; dev?: boolean; os?: string[]; engines?: { node?: string } | string[] }>;
};

// The Prisma CLI's `prisma dev` (a local Prisma Postgres we never run) brings this one along.
const NEVER_LOADED = new Set(['node_modules/@prisma/streams-local']);

describe('Node.js versions', () => {
  const image = /^ARG NODE_IMAGE=node:(\d+)-bookworm-slim$/m.exec(read('infra/Dockerfile'));
  const nvmrc = read('.nvmrc').trim();

  test('the production image runs Node 24 LTS, the version .nvmrc names', () => {
    expect(image?.[1]).toBe('24');
    expect(nvmrc).toBe(image?.[1]);
  });

  test('"engines" accepts Node 20.19 (development here) and the production version, not older', () => {
    for (const version of ['20.19.0', '20.20.2', '22.12.0', `${nvmrc}.0.0`]) expect({ version, ok: semver.satisfies(version, pkg.engines.node) }).toEqual({ version, ok: true });
    for (const version of ['20.18.3', '22.11.0']) expect({ version, ok: semver.satisfies(version, pkg.engines.node) }).toEqual({ version, ok: false });
  });

  test('every runtime dependency accepts Node 20.19 and Node 24 (npm ci prints no EBADENGINE)', () => {
    const refusing: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      // Prebuilt binaries for other systems (sharp's win32 build, …) are never installed on Linux.
      if (!range || entry.dev || NEVER_LOADED.has(where) || (entry.os && !entry.os.includes('linux'))) continue;
      for (const version of ['20.19.0', `${nvmrc}.0.0`]) {
        if (!semver.satisfies(version, range)) refusing.push(`${where}@${entry.version} wants node ${range} (not ${version})`);
      }
    }
    expect(refusing).toEqual([]);
  });
});
