// The docker-compose stack, checked without Docker (none runs on these machines): the file parses,
// every app it builds exists with a Dockerfile target, every variable it sets on an app is one
// that app's configuration schema reads (and the values pass that schema), every variable the
// stack must provide is provided, only the gateway is published, every container is health-checked.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { APP_ENV, appEnvVariables, loadAppEnv, type AppName } from '../config/index.js';
import type { AddressInfo } from 'node:net';
import { PROBE_PATHS, startMetricsServer } from '../metrics/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  configs?: Record<string, { file?: string }>;
};
const dockerfile = readFileSync(path.join(root, 'infra/Dockerfile'), 'utf8');
const example = parseDotenv(readFileSync(path.join(root, '.env.example'), 'utf8'));

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  environment?: Record<string, string | number | boolean | null>;
  ports?: unknown[];
  healthcheck?: { test?: unknown };
  depends_on?: Record<string, { condition?: string; required?: boolean; restart?: boolean }>;
  command?: string[];
  restart?: string;
  volumes?: string[];
  stop_grace_period?: string;
  init?: boolean;
  profiles?: string[];
  logging?: { driver?: string; options?: Record<string, string> };
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
}

/** A compose memory size (e.g. 512M, 1G) in bytes. */
function bytes(size: string): number {
  const m = /^(\d+(?:\.\d+)?)([kmg]?)b?$/i.exec(size);
  if (!m) throw new Error(`not a size: ${size}`);
  return Number(m[1]) * 1024 ** ' kmg'.indexOf((m[2] || ' ').toLowerCase());
}

function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) out[m[1]] = m[2]!;
  }
  return out;
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, and $$. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value
    .replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (_m, name: string, op: string | undefined, arg: string | undefined) => {
      const v = vars[name];
      if (op?.endsWith('-')) return v === undefined || (op === ':-' && v === '') ? (arg ?? '') : v;
      if (op?.endsWith('?') && (v === undefined || v === '')) throw new Error(`${name}: ${arg}`);
      return v ?? '';
    })
    .replace(/\$\$/g, '$');
}

const referenced = [...composeText.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
const apps = Object.entries(compose.services).filter(([, s]) => s.build);
const APP_NAMES = Object.keys(APP_ENV) as AppName[];

describe('docker-compose.yml', () => {
  test('parses, and builds exactly the apps of the repository', () => {
    expect(Object.keys(compose.services).length).toBeGreaterThan(0);
    expect(apps.map(([name]) => name).sort()).toEqual([...APP_NAMES].sort());
    for (const name of APP_NAMES) {
      const dir = name === 'gateway' ? 'gateway' : `services/${name}`;
      expect(existsSync(path.join(root, dir, 'src/main.ts'))).toBe(true);
      expect(existsSync(path.join(root, dir, 'package.json'))).toBe(true);
    }
  });

  test('every app is built from a Dockerfile target of its own name that starts it', () => {
    for (const [name, service] of apps) {
      expect(service.build).toMatchObject({ context: '.', dockerfile: 'infra/Dockerfile', target: name });
      const stage = dockerfile.split(/^(?=FROM )/m).find((part) => part.startsWith(`FROM runtime AS ${name}\n`));
      expect({ name, cmd: stage?.match(/^CMD (.*)$/m)?.[1] }).toEqual({ name, cmd: `["${name}"]` });
    }
    expect(dockerfile).toMatch(/^USER node$/m); // non-root
    expect(dockerfile).toMatch(/npm ci --omit=dev/); // production dependencies only
    const entrypoint = readFileSync(path.join(root, 'infra/docker/entrypoint.sh'), 'utf8');
    // Migrations at start and in `entrypoint.sh migrate <service>` go through the runner that
    // development and the tests use (docs/migrations.md), and no Prisma CLI reports to its vendor.
    expect(entrypoint).toMatch(/node scripts\/db\.mjs deploy "\$1"/);
    expect(entrypoint).toMatch(/^ {2}migrate\)$/m);
    expect(entrypoint).not.toMatch(/migrate deploy/);
    for (const stage of ['build', 'deps', 'runtime']) {
      const part = dockerfile.split(/^(?=FROM )/m).find((text) => text.includes(` AS ${stage}\n`));
      expect({ stage, checkpointDisabled: /CHECKPOINT_DISABLE=1/.test(part ?? '') }).toEqual({ stage, checkpointDisabled: true });
    }
  });

  test('the image carries what each prisma.config.ts imports, so migrate deploy can load it', () => {
    for (const name of ['auth', 'listings', 'moderation', 'support']) {
      const config = readFileSync(path.join(root, 'services', name, 'prisma.config.ts'), 'utf8');
      for (const [, spec] of config.matchAll(/from '(\.[^']+)'/g)) {
        const target = path.relative(root, path.resolve(root, 'services', name, spec));
        const folder = path.dirname(target);
        expect({ name, folder, copied: dockerfile.includes(`cp -r ${folder} /runtime/${folder}`) }).toEqual({ name, folder, copied: true });
      }
    }
  });

  test('every variable set on an app is one its configuration reads, with a value it accepts', () => {
    for (const [name, service] of apps) {
      const app = name as AppName;
      const reads = appEnvVariables(app);
      const set = Object.keys(service.environment ?? {});
      expect({ app, unknown: set.filter((v) => !reads.includes(v)) }).toEqual({ app, unknown: [] });
      const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v ?? ''), example)]));
      expect(() => loadAppEnv(app, env)).not.toThrow();
    }
  });

  test('every variable an app needs in a deployment is set (no developer-machine defaults)', () => {
    for (const [name, service] of apps) {
      const set = Object.keys(service.environment ?? {});
      const required = [...APP_ENV[name as AppName].stackRequired];
      expect({ app: name, missing: required.filter((v) => !set.includes(v)) }).toEqual({ app: name, missing: [] });
    }
    // The real adapters: Meilisearch for search, Garage (S3) for images.
    expect(compose.services.listings.environment).toMatchObject({ MEILI_URL: 'http://meilisearch:7700' });
    expect(compose.services.media.environment).toMatchObject({ S3_ENDPOINT: 'http://garage:3900', S3_REGION: 'garage' });
    expect(compose.services.gateway.environment).toMatchObject({ S3_ENDPOINT: 'http://garage:3900', SERVICES: 'auth,listings,media,moderation,support' });
  });

  test('identity documents: one private bucket, apart from the photos, known to media (writes), the gateway (reads) and storage-init (makes it); no other app holds S3 settings', () => {
    const env = (name: string) => Object.fromEntries(Object.entries(compose.services[name].environment ?? {}).map(([k, v]) => [k, interpolate(String(v ?? ''), example)]));
    for (const name of ['media', 'gateway', 'storage-init']) {
      const e = env(name);
      expect({ name, bucket: e.S3_DOCUMENTS_BUCKET, photos: e.S3_BUCKET }).toEqual({ name, bucket: 'mboa-documents', photos: 'mboa-media' });
    }
    // An operator's own name reaches all three alike.
    const renamed = { ...example, S3_DOCUMENTS_BUCKET: 'papers' };
    for (const name of ['media', 'gateway', 'storage-init']) {
      expect(interpolate(String(compose.services[name].environment?.S3_DOCUMENTS_BUCKET), renamed)).toBe('papers');
    }
    const holders = Object.entries(compose.services).filter(([, s]) => Object.keys(s.environment ?? {}).some((k) => k.startsWith('S3_'))).map(([name]) => name);
    expect(holders.sort()).toEqual(['gateway', 'media', 'storage-init']);
    // Moderation deletes documents past their time by asking media; it only sets the sweep's pace.
    expect(env('moderation').VERIFICATION_SWEEP_MS).toBe('3600000');
  });

  test("mail goes to the operator's SMTP server from .env (required), Mailpit only in the dev profile", () => {
    const senders = apps.filter(([, s]) => s.environment && 'SMTP_URL' in s.environment).map(([name]) => name);
    expect(senders.sort()).toEqual(APP_NAMES.filter((app) => (APP_ENV[app].stackRequired as readonly string[]).includes('SMTP_URL')).sort());
    for (const name of senders) {
      const value = String(compose.services[name].environment?.SMTP_URL);
      expect({ name, value }).toEqual({ name, value: expect.stringMatching(/^\$\{SMTP_URL:\?[^}]+\}$/) });
      // A production .env with a real server is what the apps get; without one, compose refuses to start.
      const smtp = 'smtps://mailer:secret@smtp.example.cm:465';
      expect(interpolate(value, { ...example, SMTP_URL: smtp })).toBe(smtp);
      expect(() => interpolate(value, { ...example, SMTP_URL: '' })).toThrow('SMTP_URL');
    }
    expect(compose.services.mailpit.profiles).toEqual(['dev']);
    // Nothing always started may require a service the default profile leaves out (waiting for one
    // when its profile is on, `required: false`, is how the apps wait for the NATS cluster).
    const optional = Object.entries(compose.services).filter(([, s]) => s.profiles?.length).map(([name]) => name);
    for (const [name, service] of Object.entries(compose.services).filter(([, s]) => !s.profiles?.length)) {
      const requires = Object.entries(service.depends_on ?? {}).filter(([dep, how]) => optional.includes(dep) && how.required !== false);
      expect({ name, requires: requires.map(([dep]) => dep) }).toEqual({ name, requires: [] });
    }
  });

  test('every container has CPU and memory limits and rotated logs', () => {
    let memory = 0;
    for (const [name, service] of Object.entries(compose.services)) {
      const limits = service.deploy?.resources?.limits;
      expect({ name, cpus: Number(limits?.cpus) > 0, memory: bytes(limits?.memory ?? '0') >= 64 * 1024 ** 2 }).toEqual({ name, cpus: true, memory: true });
      expect({ name, driver: service.logging?.driver }).toEqual({ name, driver: 'json-file' });
      expect({ name, maxSize: bytes(service.logging?.options?.['max-size'] ?? '0') > 0, maxFile: Number(service.logging?.options?.['max-file']) > 0 }).toEqual({
        name,
        maxSize: true,
        maxFile: true,
      });
      memory += bytes(limits?.memory ?? '0');
    }
    // The whole stack fits the 16 GB machine infra/README.md sizes it for, with room for the OS cache.
    expect(memory).toBeLessThanOrEqual(12 * 1024 ** 3);
    // Written once (an x- extension field), not copied per container.
    expect(composeText.match(/max-size/g)).toHaveLength(1);
  });

  test('.env.example lists every variable the file uses, each with a value, and nothing else', () => {
    expect([...new Set(referenced)].filter((v) => !(v in example))).toEqual([]);
    expect(Object.keys(example).filter((v) => !referenced.includes(v))).toEqual([]);
    // And the whole file interpolates with it (no `:?` left unsatisfied).
    expect(() => interpolate(composeText, example)).not.toThrow();
  });

  test('only the HTTPS proxy publishes ports to the world, and the gateway behind it trusts exactly that hop', () => {
    // The `observe` profile's three UIs are published too, on this machine's loopback only (checked below).
    const published = Object.entries(compose.services).filter(([, s]) => s.ports?.length && !s.profiles?.includes('observe')).map(([n]) => n);
    expect(published).toEqual(['proxy']);
    expect(compose.services.proxy.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    expect(compose.services.proxy.environment).toMatchObject({ GATEWAY_HOST: 'gateway', GATEWAY_PORT: compose.services.gateway.environment?.PORT });
    const gateway = compose.services.gateway.environment ?? {};
    expect({ TRUST_PROXY: gateway.TRUST_PROXY, COOKIE_SECURE: gateway.COOKIE_SECURE }).toEqual({ TRUST_PROXY: '1', COOKIE_SECURE: 'true' });
    expect(interpolate(String(gateway.PUBLIC_ORIGIN), { ...example, SITE_DOMAIN: 'mboa.cm' })).toBe('https://mboa.cm');
    expect(interpolate(String(compose.services.proxy.environment?.SITE_ADDRESS), { ...example, SITE_DOMAIN: 'mboa.cm' })).toBe('mboa.cm');
    // The proxy runs the project's own Caddyfile (tested with Debian's caddy in gateway/src/__tests__/tls-proxy.e2e.test.ts).
    expect(compose.configs?.caddyfile?.file).toBe('./infra/caddy/Caddyfile');
  });

  test('the proxy balances across every gateway replica, with passive health checks (the Caddyfile as Caddy reads it)', () => {
    // Scaling the gateway (`--scale gateway=3`) needs no fixed container name and no published port.
    expect(JSON.stringify(compose.services.gateway)).not.toMatch(/container_name|"ports"/);
    const caddy = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((file) => existsSync(file));
    if (!caddy) return console.warn('[compose] Caddyfile not adapted: no caddy binary (npm test installs it on Debian)');
    const adapted = spawnSync(caddy, ['adapt', '--config', path.join(root, 'infra/caddy/Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, ...(compose.services.proxy.environment as Record<string, string>), SITE_ADDRESS: 'mboa.cm' },
      encoding: 'utf8',
    });
    expect(adapted.status).toBe(0);
    const proxy = [...adapted.stdout.matchAll(/"handler":"reverse_proxy"/g)].length;
    expect(proxy).toBe(1);
    const config = JSON.parse(adapted.stdout) as unknown;
    const handler = findReverseProxy(config);
    expect(handler).toMatchObject({
      dynamic_upstreams: { source: 'a', name: 'gateway', port: compose.services.gateway.environment?.PORT },
      load_balancing: { selection_policy: { policy: 'least_conn' } },
      health_checks: { passive: { max_fails: 1 } },
    });
    expect(handler?.upstreams).toBeUndefined();
  });

  test('every container has a health check, a restart policy, and starts after what it needs is healthy', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, test: Array.isArray(service.healthcheck?.test) }).toEqual({ name, test: true });
      expect({ name, restart: service.restart }).toEqual({ name, restart: expect.stringMatching(/^(unless-stopped|always|no)$/) });
      for (const [dep, how] of Object.entries(service.depends_on ?? {})) {
        expect(compose.services[dep]).toBeDefined();
        const oneShot = compose.services[dep].restart === 'no';
        expect({ name, dep, condition: how.condition }).toEqual({ name, dep, condition: oneShot ? 'service_completed_successfully' : 'service_healthy' });
      }
    }
    for (const [name, service] of apps) {
      expect({ name, restart: service.restart, init: service.init }).toEqual({ name, restart: 'unless-stopped', init: true });
      // docker stop must wait longer than the app's own grace period.
      expect(parseInt(service.stop_grace_period ?? '10', 10) * 1000).toBeGreaterThan(Number(example.SHUTDOWN_GRACE_MS));
    }
  });

  test('data lives on named volumes, JetStream included', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, service] of Object.entries(compose.services)) {
      for (const volume of service.volumes ?? []) {
        // The one exception: node exporter reads the host (its disks, the backups' folder), read-only.
        if (name === 'node-exporter') {
          expect({ name, volume, readOnly: /:ro(,|$)/.test(volume) }).toEqual({ name, volume, readOnly: true });
          continue;
        }
        const source = volume.split(':')[0];
        expect({ name, source, declared: declared.includes(source) }).toEqual({ name, source, declared: true });
      }
    }
    expect(compose.services.nats.volumes).toEqual(['natsdata:/data']);
    expect(JSON.stringify(compose.services.nats)).toContain('--jetstream');
  });

  test("every app's health check is its own readiness probe on METRICS_PORT (never the gateway's deep /api/health)", async () => {
    const script = (await import(path.join(root, 'infra/docker/healthcheck.mjs'))) as { READINESS_PATH: string };
    expect(script.READINESS_PATH).toBe(PROBE_PATHS.readiness);
    for (const [name, service] of apps) {
      expect({ name, test: service.healthcheck?.test }).toEqual({ name, test: ['CMD', 'node', 'infra/docker/healthcheck.mjs', name] });
      expect({ name, port: service.environment?.METRICS_PORT }).toEqual({ name, port: expect.stringMatching(/^\d+$/) });
    }
  });

  test('the health check script passes a ready app and fails an unready one, naming what is down (a real metrics server)', async () => {
    let down: string[] = [];
    const server = await startMetricsServer(0, undefined, () => Object.fromEntries(['nats', 'redis'].map((dep) => [dep, () => !down.includes(dep)])));
    const port = String((server.address() as AddressInfo).port);
    // Asynchronously: this process serves the probe the script asks.
    const run = () =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(root, 'infra/docker/healthcheck.mjs'), 'gateway'], { env: { ...process.env, METRICS_PORT: port } });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('close', (status) => resolve({ status, stderr }));
      });
    try {
      expect((await run()).status).toBe(0);
      down = ['redis'];
      const failed = await run();
      expect({ status: failed.status, stderr: failed.stderr.trim() }).toEqual({ status: 1, stderr: 'gateway not ready: /readyz answered 503: redis down' });
    } finally {
      server.close();
    }
  });

  test('least privilege: no app holds the Meilisearch master key or Garage\'s admin token; both one-shots gate the apps', () => {
    for (const [name, service] of apps) {
      const values = Object.values(service.environment ?? {}).map(String).join('\n');
      expect({ name, master: /MEILI_MASTER_KEY|GARAGE_ADMIN_TOKEN|GARAGE_RPC_SECRET/.test(values) }).toEqual({ name, master: false });
      expect({ name, vars: Object.keys(service.environment ?? {}).filter((v) => /MASTER|ADMIN_TOKEN|MEILI_API_KEY/.test(v)) }).toEqual({ name, vars: [] });
    }
    // Listings reads its two keys from the volume search-keys writes, read-only, and starts after it.
    const listings = compose.services.listings;
    expect(listings.environment).toMatchObject({ MEILI_SEARCH_KEY_FILE: '/run/meili-keys/search.key', MEILI_INDEXER_KEY_FILE: '/run/meili-keys/indexer.key' });
    expect(listings.volumes).toEqual(['meilikeys:/run/meili-keys:ro']);
    expect(listings.depends_on?.['search-keys']).toMatchObject({ condition: 'service_completed_successfully', restart: true });
    const keys = compose.services['search-keys'];
    expect(keys.volumes).toEqual(['meilikeys:/run/meili-keys']);
    expect(keys.environment).toMatchObject({ MEILI_KEYS_DIR: '/run/meili-keys', MEILI_INDEX: listings.environment?.MEILI_INDEX });
    // Every app touching the store waits for storage-init, which ran with the admin token.
    for (const name of ['gateway', 'media']) {
      expect({ name, dep: compose.services[name].depends_on?.['storage-init']?.condition }).toEqual({ name, dep: 'service_completed_successfully' });
    }
    expect(compose.services['storage-init'].environment).toMatchObject({ GARAGE_ADMIN_URL: 'http://garage:3903', S3_ENDPOINT: 'http://garage:3900' });
    // The one-shots run the repository's own scripts (tested in least-privilege.test.ts), mounted as configs.
    for (const [service, config, script] of [
      ['search-keys', 'meili-keys', 'infra/scripts/meili-keys.mjs'],
      ['storage-init', 'storage-init', 'infra/scripts/storage-init.mjs'],
      ['garage', 'garage-toml', 'infra/garage/garage.toml'],
    ] as const) {
      expect(compose.configs?.[config]?.file).toBe(`./${script}`);
      expect(existsSync(path.join(root, script))).toBe(true);
      expect(JSON.stringify(compose.services[service])).toContain(`"source":"${config}"`);
    }
    // No step may hide its failure, and the store's image is a pinned release.
    expect(composeText).not.toMatch(/\|\|\s*true/);
    expect(compose.services.garage.image).toMatch(/^dxflrs\/garage:v\d+\.\d+\.\d+$/);
    expect(Object.values(compose.services).map((service) => service.image ?? '').filter((image) => /minio/i.test(image))).toEqual([]);
  });

  test('`docker compose config` accepts the file, when the compose plugin is installed', () => {
    const probe = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (probe.status !== 0) return; // no compose plugin here: the checks above stand in for it
    const result = spawnSync('docker', ['compose', '--env-file', '.env.example', 'config', '--quiet'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const devFile = spawnSync('docker', ['compose', '-f', 'docker-compose.dev.yml', 'config', '--quiet'], { cwd: root, encoding: 'utf8' });
    expect(devFile.stderr).toBe('');
    expect(devFile.status).toBe(0);
  });
});


/** The Dockerfile's instructions of one stage, continuation lines joined and comments dropped. */
function stageInstructions(stage: string): string[] {
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim());
  const start = lines.findIndex((line) => line.startsWith('FROM ') && line.endsWith(` AS ${stage}`));
  const end = lines.findIndex((line, i) => i > start && line.startsWith('FROM '));
  return lines.slice(start + 1, end === -1 ? undefined : end).filter((line) => line && !line.startsWith('#'));
}

describe('infra/Dockerfile', () => {
  const workspaces = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2))).map((dir) => `${pattern.slice(0, -1)}${dir}`)
      : [pattern],
  );
  // What `npm ci` and the root postinstall (scripts/prisma-generate.mjs) read: nothing else may be
  // copied before the install, or a code change would invalidate the dependency layer.
  const prismaServices = readdirSync(path.join(root, 'services')).filter((name) => existsSync(path.join(root, 'services', name, 'prisma/schema.prisma')));
  const installInputs = [
    'package.json',
    'package-lock.json',
    'scripts/prisma-generate.mjs',
    'infra/prisma/',
    ...workspaces.filter((ws) => existsSync(path.join(root, ws, 'package.json'))).map((ws) => `${ws}/package.json`),
    ...prismaServices.flatMap((name) => [`services/${name}/prisma.config.ts`, `services/${name}/prisma/schema.prisma`]),
  ];

  test('the build stage installs dependencies from the manifests alone, before copying the sources', () => {
    const build = stageInstructions('build');
    const install = build.findIndex((line) => /^RUN .*\bnpm ci\b/.test(line));
    const sources = build.findIndex((line) => /^COPY (--\S+ )*\. \.$/.test(line));
    expect(install).toBeGreaterThan(-1);
    expect(sources).toBeGreaterThan(install);
    const copiedBefore = build
      .slice(0, install)
      .filter((line) => line.startsWith('COPY '))
      .flatMap((line) => line.split(/\s+/).slice(1, -1).filter((arg) => !arg.startsWith('--')));
    expect(copiedBefore.filter((source) => !installInputs.includes(source))).toEqual([]);
    expect(installInputs.filter((input) => !copiedBefore.includes(input))).toEqual([]);
  });

  test('what is copied before the install exists, so the build does not stop at a missing file', () => {
    for (const input of installInputs) expect({ input, exists: existsSync(path.join(root, input)) }).toEqual({ input, exists: true });
    // The generated clients stay out of the build context: the sources copy cannot replace them.
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/generated']));
  });
});

describe('docker-compose.dev.yml', () => {
  const devText = readFileSync(path.join(root, 'docker-compose.dev.yml'), 'utf8');
  const dev = parse(devText, { merge: true }) as { services: Record<string, Service & { command?: string[] }>; volumes?: Record<string, unknown> };
  // The URLs the apps use when nothing is configured (their configuration schema's defaults).
  const defaults = {
    postgres: new URL(loadAppEnv('listings', {}).DATABASE_URL),
    redis: new URL(loadAppEnv('gateway', {}).REDIS_URL),
    nats: new URL(loadAppEnv('gateway', {}).NATS_URL),
  };

  test("starts exactly PostgreSQL, Redis and NATS, on the images the stack runs, with no variable from .env", () => {
    expect(Object.keys(dev.services).sort()).toEqual(['nats', 'postgres', 'redis']);
    for (const [name, service] of Object.entries(dev.services)) {
      expect({ name, image: service.image }).toEqual({ name, image: compose.services[name].image });
      expect({ name, healthcheck: Array.isArray(service.healthcheck?.test) }).toEqual({ name, healthcheck: true });
      for (const volume of service.volumes ?? []) expect(Object.keys(dev.volumes ?? {})).toContain(volume.split(':')[0]);
    }
    expect(devText).not.toMatch(/\$\{/);
  });

  test("publishes each at the apps' default address, on this machine's loopback only", () => {
    for (const [name, url] of Object.entries(defaults)) {
      const containerPort = { postgres: '5432', redis: '6379', nats: '4222' }[name];
      expect({ name, ports: dev.services[name].ports }).toEqual({ name, ports: [`${url.hostname}:${url.port}:${containerPort}`] });
      expect(url.hostname).toBe('127.0.0.1');
    }
  });

  test("the apps' default credentials are the servers' own", () => {
    const pg = dev.services.postgres.environment ?? {};
    expect(pg.POSTGRES_USER).toBe(decodeURIComponent(defaults.postgres.username));
    expect(pg.POSTGRES_DB).toBe(decodeURIComponent(defaults.postgres.pathname.slice(1)));
    // The default URL carries no password, so the server must not ask for one.
    expect(defaults.postgres.password).toBe('');
    expect(pg.POSTGRES_HOST_AUTH_METHOD).toBe('trust');
    expect(defaults.redis.password).toBe('');
    expect(dev.services.redis.command).not.toContain('--requirepass');
    // The apps need JetStream (events, outbox relay).
    expect(dev.services.nats.command).toContain('--jetstream');
  });

  test('the start-up check and the README point developers to this file', async () => {
    const servers = (await import(path.join(root, 'infra/scripts/ensure-servers.mjs'))) as { COMPOSE_HINT: string; DEFAULT_URLS: Record<string, string> };
    expect(servers.COMPOSE_HINT).toBe('docker compose -f docker-compose.dev.yml up -d');
    expect(servers.DEFAULT_URLS).toEqual({ DATABASE_URL: defaults.postgres.href, REDIS_URL: defaults.redis.href, NATS_URL: defaults.nats.href });
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(servers.COMPOSE_HINT);
  });
});

describe("docker-compose.yml's `cluster` profile", () => {
  const nodes = ['nats-1', 'nats-2', 'nats-3'];
  const clusterEnv = { ...example, NATS_URL: 'nats://nats-1:4222,nats://nats-2:4222,nats://nats-3:4222', EVENT_STREAM_REPLICAS: '3' };

  test('three JetStream nodes routed to each other, each on its own volume, health-checked, limited, logs rotated', () => {
    const routes = nodes.map((n) => `nats://${n}:6222`).join(',');
    for (const name of nodes) {
      const node = compose.services[name];
      expect({ name, profiles: node.profiles, image: node.image }).toEqual({ name, profiles: ['cluster'], image: compose.services.nats.image });
      const flag = (f: string) => node.command?.[node.command.indexOf(f) + 1];
      expect(node.command).toContain('--jetstream');
      expect({ name, server: flag('--server_name'), cluster: flag('--cluster_name'), listen: flag('--cluster'), routes: flag('--routes') }).toEqual({
        name,
        server: name,
        cluster: 'mboa',
        listen: 'nats://0.0.0.0:6222',
        routes,
      });
      expect(node.volumes).toEqual([`${name.replace('-', '')}data:/data`]);
      expect(flag('--store_dir')).toBe('/data');
      // Full health (JetStream meta leader known, streams current), on the monitoring port.
      expect(flag('--http_port')).toBe('8222');
      expect(JSON.stringify(node.healthcheck?.test)).toContain('http://127.0.0.1:8222/healthz"');
      expect(node.restart).toBe('unless-stopped');
    }
    // The volumes differ: three copies of the stream on three stores.
    expect(new Set(nodes.map((n) => compose.services[n].volumes?.[0])).size).toBe(3);
  });

  test('with the profile, the apps reach all three nodes and the stream gets 3 replicas; every app waits for the nodes it may use', () => {
    for (const [name, service] of apps) {
      const app = name as AppName;
      const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v ?? ''), clusterEnv)]));
      expect({ app, NATS_URL: env.NATS_URL }).toEqual({ app, NATS_URL: clusterEnv.NATS_URL });
      const parsed = loadAppEnv(app, env) as Record<string, unknown>;
      if (appEnvVariables(app).includes('EVENT_STREAM_REPLICAS')) expect({ app, replicas: parsed.EVENT_STREAM_REPLICAS }).toEqual({ app, replicas: 3 });
      // Without the profile: the single server, one replica.
      const single = loadAppEnv(app, Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v ?? ''), example)])));
      expect({ app, NATS_URL: single.NATS_URL }).toEqual({ app, NATS_URL: 'nats://nats:4222' });
      if (name === 'gateway') continue; // waits for the services, which wait for NATS
      for (const node of ['nats', ...nodes]) {
        expect({ app, node, condition: service.depends_on?.[node]?.condition }).toEqual({ app, node, condition: 'service_healthy' });
      }
      expect({ app, required: nodes.map((n) => service.depends_on?.[n]?.required) }).toEqual({ app, required: [false, false, false] });
    }
  });

  test('every service that creates the stream or opens the database gets the same stream settings and pool size', () => {
    for (const [name, service] of apps) {
      const reads = appEnvVariables(name as AppName);
      for (const variable of ['EVENT_STREAM_REPLICAS', 'EVENT_STREAM_MAX_AGE', 'EVENT_STREAM_MAX_BYTES', 'DATABASE_POOL_SIZE']) {
        if (!reads.includes(variable)) continue;
        expect({ name, variable, value: service.environment?.[variable] }).toEqual({ name, variable, value: expect.stringContaining(`\${${variable}:-`) });
      }
    }
    // Production values an operator would write pass every service's configuration.
    const production = { ...clusterEnv, EVENT_STREAM_MAX_AGE: '365d', EVENT_STREAM_MAX_BYTES: '20GB', DATABASE_POOL_SIZE: '15' };
    for (const [name, service] of apps) {
      const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v ?? ''), production)]));
      expect(() => loadAppEnv(name as AppName, env)).not.toThrow();
    }
  });
});

describe("docker-compose.yml's `observe` profile", () => {
  const OBSERVE = ['prometheus', 'node-exporter', 'otel-collector', 'jaeger', 'grafana'];
  const configFile = (name: string) => {
    const file = compose.configs?.[name]?.file;
    if (!file) throw new Error(`config ${name} has no file`);
    return path.join(root, file);
  };
  const mounted = (service: string) =>
    Object.fromEntries(((compose.services[service] as Service & { configs?: { source: string; target: string }[] }).configs ?? []).map((c) => [c.target, configFile(c.source)]));

  test('Prometheus, node exporter, the OpenTelemetry Collector, Jaeger and Grafana, only with the profile, on pinned images', () => {
    const profiled = Object.entries(compose.services).filter(([, s]) => s.profiles?.includes('observe')).map(([name]) => name);
    expect(profiled.sort()).toEqual([...OBSERVE].sort());
    for (const name of OBSERVE) {
      // A version, never `latest` or a bare major: an upgrade is a reviewed change of this file.
      expect({ name, image: compose.services[name].image }).toEqual({ name, image: expect.stringMatching(/^[\w./-]+:v?\d+\.\d+\.\d+$/) });
      expect({ name, profiles: compose.services[name].profiles }).toEqual({ name, profiles: ['observe'] });
    }
  });

  test("its UIs are published on this machine's loopback only, Grafana with the administrator's password from .env", () => {
    const ports = Object.fromEntries(OBSERVE.filter((name) => compose.services[name].ports).map((name) => [name, compose.services[name].ports]));
    expect(ports).toEqual({ prometheus: ['127.0.0.1:9090:9090'], jaeger: ['127.0.0.1:16686:16686'], grafana: ['127.0.0.1:3001:3000'] });
    const grafana = compose.services.grafana.environment ?? {};
    expect(() => interpolate(String(grafana.GF_SECURITY_ADMIN_PASSWORD), { ...example, GRAFANA_ADMIN_PASSWORD: '' })).toThrow('GRAFANA_ADMIN_PASSWORD');
    expect(grafana.GF_USERS_ALLOW_SIGN_UP).toBe('false');
  });

  test("Prometheus scrapes every app's replicas on the METRICS_PORT the stack gives them, and loads every alert file of the repository", () => {
    const files = mounted('prometheus');
    const config = parse(readFileSync(files['/etc/prometheus/prometheus.yml'], 'utf8')) as {
      rule_files: string[];
      scrape_configs: { job_name: string; dns_sd_configs?: { names: string[]; port: number }[]; static_configs?: { targets: string[] }[] }[];
    };
    const apps_ = config.scrape_configs.find((job) => job.job_name === 'mboa')?.dns_sd_configs?.[0];
    expect(apps_?.names.slice().sort()).toEqual([...APP_NAMES].sort());
    for (const [name, service] of apps) expect({ name, port: String(apps_?.port) }).toEqual({ name, port: service.environment?.METRICS_PORT });
    expect(config.scrape_configs.flatMap((job) => job.static_configs?.flatMap((c) => c.targets) ?? [])).toContain('node-exporter:9100');
    // Every file of infra/prometheus/alerts/ reaches the container under the rule_files glob.
    expect(config.rule_files).toEqual(['alerts/*.yml']);
    const alertFiles = readdirSync(path.join(root, 'infra/prometheus/alerts')).filter((f) => f.endsWith('.yml'));
    expect(alertFiles.length).toBeGreaterThan(1);
    for (const file of alertFiles) expect({ file, mounted: files[`/etc/prometheus/alerts/${file}`] }).toEqual({ file, mounted: path.join(root, 'infra/prometheus/alerts', file) });
  });

  test('Grafana gets its data sources and every dashboard of infra/grafana/dashboards from the provisioning files', () => {
    const files = mounted('grafana');
    const provider = parse(readFileSync(files['/etc/grafana/provisioning/dashboards/mboa.yml'], 'utf8')) as { providers: { options: { path: string } }[] };
    const folder = provider.providers[0].options.path;
    const dashboards = readdirSync(path.join(root, 'infra/grafana/dashboards')).filter((f) => f.endsWith('.json'));
    expect(dashboards.length).toBeGreaterThan(0);
    for (const file of dashboards) expect({ file, mounted: files[`${folder}/${file}`] }).toEqual({ file, mounted: path.join(root, 'infra/grafana/dashboards', file) });
    const sources = parse(readFileSync(files['/etc/grafana/provisioning/datasources/mboa.yml'], 'utf8')) as { datasources: { type: string; url: string }[] };
    expect(sources.datasources.map((d) => [d.type, d.url])).toEqual([
      ['prometheus', 'http://prometheus:9090'],
      ['jaeger', 'http://jaeger:16686'],
    ]);
  });

  test('the collector takes OTLP and hands traces to Jaeger; node exporter reads the backups’ folder the backup script writes to', () => {
    const collector = parse(readFileSync(mounted('otel-collector')['/etc/otelcol/config.yaml'], 'utf8')) as {
      receivers: Record<string, unknown>;
      exporters: Record<string, { endpoint?: string }>;
      service: { pipelines: Record<string, { receivers: string[]; exporters: string[] }> };
    };
    expect(collector.service.pipelines.traces?.receivers).toEqual(['otlp']);
    expect(collector.service.pipelines.traces?.exporters.map((e) => collector.exporters[e]?.endpoint)).toEqual(['jaeger:4317']);
    const jaeger = parse(readFileSync(mounted('jaeger')['/etc/jaeger/config.yaml'], 'utf8')) as { receivers: { otlp: { protocols: { grpc: { endpoint: string } } } } };
    expect(jaeger.receivers.otlp.protocols.grpc.endpoint).toBe('0.0.0.0:4317');
    const exporter = compose.services['node-exporter'];
    expect(exporter.command).toContain('--collector.textfile.directory=/backups');
    expect(exporter.volumes).toContain('${BACKUP_DIR:-./backups}:/backups:ro');
    expect(interpolate('${BACKUP_DIR:-./backups}', example)).toBe(example.BACKUP_DIR);
  });
});

/** The one reverse_proxy handler in Caddy's adapted JSON. */
function findReverseProxy(node: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(node)) return node.map(findReverseProxy).find(Boolean);
  if (node === null || typeof node !== 'object') return undefined;
  const record = node as Record<string, unknown>;
  if (record.handler === 'reverse_proxy') return record;
  return Object.values(record).map(findReverseProxy).find(Boolean);
}
