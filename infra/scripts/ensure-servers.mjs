#!/usr/bin/env node
// Makes sure PostgreSQL, Redis and NATS (with JetStream) answer at their configured URLs, so that
// `npm start` and `npm test` work on a bare Debian machine as well as on one where they already run.
// A local server that is installed but stopped is started; one that is missing is installed from
// Debian's packages when we are root; anything else stops with one sentence saying what to do.
//
//   node infra/scripts/ensure-servers.mjs        (or: import { ensureServers } from it)
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const DEFAULT_URLS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mboa',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
};

// The developer's local servers with the defaults above (docker-compose.dev.yml).
export const COMPOSE_HINT = 'docker compose -f docker-compose.dev.yml up -d';

/** An error meant for a person: the message is the whole story, no stack trace needed. */
export class ServerSetupError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ServerSetupError';
  }
}

/** The connection is refused or times out: the server is not (yet) there, as opposed to misconfigured. */
class NotReachable extends Error {}

// ---------------------------------------------------------------------------------------------
// Probes: each resolves when the server answers properly, throws NotReachable when nothing
// answers, and throws ServerSetupError when something answers but is not usable.

const NOT_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOENT', 'EPIPE', 'ECONNABORTED']);

function pgConfig(databaseUrl, database) {
  const url = new URL(databaseUrl);
  if (database) url.pathname = `/${database}`;
  return { connectionString: url.toString(), connectionTimeoutMillis: 3000 };
}

async function probePostgres(databaseUrl) {
  const { default: pg } = await import('pg');
  // The maintenance database always exists; ours may not yet.
  const client = new pg.Client(pgConfig(databaseUrl, 'postgres'));
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    // 57P03: the server is starting up or shutting down.
    if (NOT_THERE.has(error.code) || error.code === '57P03' || /timeout|terminated/i.test(error.message)) {
      throw new NotReachable(error.message);
    }
    throw new ServerSetupError(`PostgreSQL at ${redact(databaseUrl)} answers but refuses us: ${error.message}.`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the application's database when missing and checks that pg_trgm can be used. */
async function prepareDatabase(databaseUrl, log) {
  const { default: pg } = await import('pg');
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres';
  const admin = new pg.Client(pgConfig(databaseUrl, 'postgres'));
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
        log(`created database ${name}`);
      } catch (error) {
        // 42P04: created meanwhile by another run (npm start and npm test side by side).
        if (error.code !== '42P04') throw error;
      }
    }
    const trgm = await admin.query("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'");
    if (trgm.rowCount === 0) {
      throw new ServerSetupError(
        'PostgreSQL has no pg_trgm extension, which property search needs; install postgresql-contrib for your PostgreSQL version.',
      );
    }
  } finally {
    await admin.end().catch(() => {});
  }
}

/** One RESP exchange over a raw socket: no client library, so nothing retries behind our back. */
function redisCommands(redisUrl, commands, timeoutMs = 3000) {
  const url = new URL(redisUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(url.port || 6379);
  return new Promise((resolve, reject) => {
    const socket =
      url.protocol === 'rediss:' ? tls.connect({ host, port, servername: host }) : net.connect({ host, port });
    const replies = [];
    let buffer = '';
    const done = (error) => {
      socket.destroy();
      if (error) reject(error);
      else resolve(replies);
    };
    socket.setTimeout(timeoutMs, () => done(new NotReachable(`no answer within ${timeoutMs} ms`)));
    socket.on('error', (error) => done(NOT_THERE.has(error.code) ? new NotReachable(error.message) : error));
    socket.on('connect', () => {
      socket.write(
        commands.map((args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`).join(''),
      );
    });
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      // Only simple replies (+OK, +PONG, -ERR …) are expected from the commands we send.
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        replies.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
      if (replies.length >= commands.length) done();
    });
    socket.on('close', () => {
      if (replies.length < commands.length) done(new NotReachable('connection closed'));
    });
  });
}

async function probeRedis(redisUrl) {
  const url = new URL(redisUrl);
  const commands = [];
  if (url.password) {
    commands.push(url.username ? ['AUTH', decodeURIComponent(url.username), decodeURIComponent(url.password)] : ['AUTH', decodeURIComponent(url.password)]);
  }
  commands.push(['PING']);
  const replies = await redisCommands(redisUrl, commands);
  const last = replies.at(-1);
  if (last === '+PONG') return;
  if (/^-LOADING/.test(last)) throw new NotReachable(last);
  throw new ServerSetupError(`Redis at ${redact(redisUrl)} answers but refuses us: ${replies.join(' ').replace(/^[-+]/, '')}.`);
}

async function probeNats(natsUrl) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  let nc;
  try {
    // NATS_URL may list a cluster's servers separated by commas; the client wants a list.
    nc = await connect({ servers: natsUrl.split(',').map((u) => u.trim()), timeout: 3000, reconnect: false, maxReconnectAttempts: 0 });
  } catch (error) {
    if (/auth|permission/i.test(`${error.name} ${error.message}`)) {
      throw new ServerSetupError(`NATS at ${redact(natsUrl)} answers but refuses us: ${error.message}.`);
    }
    // ConnectionError (refused, reset) or TimeoutError: nobody there yet.
    throw new NotReachable(error.cause?.message ?? error.message);
  }
  try {
    // A JetStream API call: a server started without -js answers the plain protocol but not this.
    const jsm = await jetstreamManager(nc, { timeout: 3000 });
    await jsm.getAccountInfo();
  } catch (error) {
    throw new ServerSetupError(
      `NATS at ${redact(natsUrl)} runs without JetStream (${error.message}); restart it with -js -sd <dir>, or run \`${COMPOSE_HINT}\`.`,
    );
  } finally {
    await nc.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// Installing and starting local servers.

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::', '']);

function isLocal(urlString) {
  const host = new URL(urlString).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return LOCAL_HOSTS.has(host) || host.startsWith('127.') || host === os.hostname().toLowerCase();
}

function which(command) {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin']) {
    if (dir && existsSync(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = () => existsSync('/etc/debian_version') && which('apt-get') !== null;

function run(command, args, what) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    const output = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').slice(-5).join(' | ');
    throw new ServerSetupError(`Could not ${what}: \`${command} ${args.join(' ')}\` failed${output ? `: ${output}` : ` (${result.error?.message ?? `exit ${result.status}`})`}.`);
  }
  return result.stdout;
}

function logDir() {
  const dir = path.join(repoRoot, '.data', 'logs');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The clusters `pg_lsclusters` knows: version, name, port, status. */
function postgresClusters() {
  if (!which('pg_lsclusters')) return [];
  return run('pg_lsclusters', ['-h'], 'list PostgreSQL clusters')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [version, name, port, status] = line.trim().split(/\s+/);
      return { version, name, port: Number(port), status };
    });
}

function postgresVersions() {
  try {
    return readdirSync('/usr/lib/postgresql').filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`));
  } catch {
    return [];
  }
}

/**
 * Debian's fresh cluster asks for a password on 127.0.0.1, and the postgres role has none; our
 * default URL relies on trust for loopback, as on the development machines. Only applied to a
 * cluster this script created itself.
 */
function trustLoopback(version, name) {
  const file = `/etc/postgresql/${version}/${name}/pg_hba.conf`;
  const current = readFileSync(file, 'utf8');
  const marker = '# added by infra/scripts/ensure-servers.mjs';
  if (current.includes(marker)) return;
  writeFileSync(file, `${marker}\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n${current}`);
}

const servers = {
  postgres: {
    label: 'PostgreSQL',
    envName: 'DATABASE_URL',
    aptPackage: 'postgresql',
    probe: probePostgres,
    installed: () => which('pg_ctlcluster') !== null && postgresVersions().length > 0,
    start(databaseUrl, { createdNow, log }) {
      const port = Number(new URL(databaseUrl).port || 5432);
      let clusters = postgresClusters();
      if (clusters.length === 0) {
        const version = postgresVersions().sort((a, b) => Number(b) - Number(a))[0];
        run('pg_createcluster', [version, 'main', '--port', String(port)], `create a PostgreSQL ${version} cluster`);
        log(`created PostgreSQL cluster ${version}/main`);
        clusters = postgresClusters();
        createdNow = true;
      }
      const cluster = clusters.find((c) => c.port === port) ?? clusters.find((c) => c.name === 'main') ?? clusters[0];
      if (createdNow) trustLoopback(cluster.version, cluster.name);
      if (cluster.status === 'online' && createdNow) {
        // The package's scripts started it with the password rule: make it read ours.
        run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'reload'], 'reload PostgreSQL');
      }
      const logfile = `/var/log/postgresql/postgresql-${cluster.version}-${cluster.name}.log`;
      if (cluster.status === 'online') {
        // Running on the right port but not answering yet (still starting): just wait.
        if (cluster.port === port) return logfile;
        throw new ServerSetupError(
          `PostgreSQL cluster ${cluster.version}/${cluster.name} runs on port ${cluster.port}, not ${port}; set DATABASE_URL to its port.`,
        );
      }
      if (cluster.port !== port) {
        throw new ServerSetupError(
          `PostgreSQL cluster ${cluster.version}/${cluster.name} is configured for port ${cluster.port}, not ${port}; set DATABASE_URL to its port.`,
        );
      }
      run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start'], `start PostgreSQL ${cluster.version}/${cluster.name}`);
      return logfile;
    },
  },
  redis: {
    label: 'Redis',
    envName: 'REDIS_URL',
    aptPackage: 'redis-server',
    probe: probeRedis,
    installed: () => which('redis-server') !== null,
    start(redisUrl) {
      const port = new URL(redisUrl).port || '6379';
      const logfile = path.join(logDir(), 'redis.log');
      // Nothing kept on disk: a cache and rate-limit store that starts empty is what we want here.
      run(
        which('redis-server'),
        ['--daemonize', 'yes', '--bind', '127.0.0.1', '-::1', '--port', port, '--save', '', '--appendonly', 'no', '--dir', os.tmpdir(), '--logfile', logfile],
        'start Redis',
      );
      return logfile;
    },
  },
  nats: {
    label: 'NATS',
    envName: 'NATS_URL',
    aptPackage: 'nats-server',
    probe: probeNats,
    installed: () => which('nats-server') !== null,
    start(natsUrl) {
      const port = new URL(natsUrl).port || '4222';
      const storeDir = process.env.NATS_STORE_DIR || path.join(repoRoot, '.data', 'nats');
      mkdirSync(storeDir, { recursive: true });
      const logfile = path.join(logDir(), 'nats.log');
      const out = openSync(logfile, 'a');
      // Detached in its own session so it outlives this script and Ctrl-C in the terminal.
      const child = spawn(which('nats-server'), ['-a', '127.0.0.1', '-p', port, '-js', '-sd', storeDir], {
        detached: true,
        stdio: ['ignore', out, out],
      });
      child.unref();
      closeSync(out);
      return logfile;
    },
  },
};

async function waitUntilUp(server, url, timeoutMs, logfile) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      await server.probe(url);
      return;
    } catch (error) {
      if (!(error instanceof NotReachable)) throw error;
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new ServerSetupError(
        `${server.label} did not answer at ${redact(url)} within ${Math.round(timeoutMs / 1000)} s after starting it (${lastError.message})${logfile ? `; see ${logfile}` : ''}.`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function redact(urlString) {
  try {
    const url = new URL(urlString);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return urlString;
  }
}

/**
 * Ensures the three servers answer. Resolves with the URLs in use and the servers it started or
 * installed; rejects with a ServerSetupError whose message tells a person what to do.
 */
export async function ensureServers({ env = process.env, log = (line) => console.log(`[servers] ${line}`), timeoutMs } = {}) {
  const urls = {
    postgres: env.DATABASE_URL || DEFAULT_URLS.DATABASE_URL,
    redis: env.REDIS_URL || DEFAULT_URLS.REDIS_URL,
    nats: env.NATS_URL || DEFAULT_URLS.NATS_URL,
  };
  const waitMs = timeoutMs ?? Number(env.SERVERS_TIMEOUT_MS || 60_000);

  const probed = await Promise.all(
    Object.entries(servers).map(async ([key, server]) => {
      try {
        await server.probe(urls[key]);
        return null;
      } catch (error) {
        if (error instanceof NotReachable) return key;
        throw error;
      }
    }),
  );
  const down = probed.filter(Boolean);

  for (const key of down) {
    if (!isLocal(urls[key])) {
      const { label, envName } = servers[key];
      throw new ServerSetupError(
        `${label} does not answer at ${redact(urls[key])} (${envName}); start it there, or point ${envName} at a local one (\`${COMPOSE_HINT}\`).`,
      );
    }
  }

  const missing = down.filter((key) => !servers[key].installed());
  if (missing.length > 0) {
    const names = missing.map((key) => servers[key].label).join(', ');
    if (!isRoot() || !isDebian()) {
      throw new ServerSetupError(
        `${names} ${missing.length > 1 ? 'are' : 'is'} not running and not installed here; install ${missing.length > 1 ? 'them' : 'it'} (Debian: apt-get install -y ${missing.map((k) => servers[k].aptPackage).join(' ')}) or run \`${COMPOSE_HINT}\`.`,
      );
    }
    log(`installing ${names} from Debian's packages…`);
    run('apt-get', ['update'], 'update the package lists');
    run('apt-get', ['install', '-y', ...missing.map((k) => servers[k].aptPackage)], `install ${names}`);
  }

  const started = [];
  await Promise.all(
    down.map(async (key) => {
      const server = servers[key];
      // The package's own scripts may have started it already.
      const createdNow = missing.includes(key);
      let logfile;
      try {
        // A PostgreSQL just installed must get its loopback rule even if it already runs.
        if (key === 'postgres' && createdNow) throw new NotReachable('just installed');
        await server.probe(urls[key]);
      } catch (error) {
        if (!(error instanceof NotReachable)) throw error;
        log(`starting ${server.label}…`);
        logfile = server.start(urls[key], { createdNow, log });
      }
      await waitUntilUp(server, urls[key], waitMs, logfile);
      started.push(server.label);
      log(`${server.label} is up at ${redact(urls[key])}`);
    }),
  );

  await prepareDatabase(urls.postgres, log);
  return { urls, started, installed: missing.map((k) => servers[k].label) };
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (runDirectly) {
  try {
    const rootEnv = path.join(repoRoot, '.env');
    if (existsSync(rootEnv) && typeof process.loadEnvFile === 'function') process.loadEnvFile(rootEnv);
    const { urls, started } = await ensureServers();
    console.log(
      `[servers] ready: PostgreSQL ${redact(urls.postgres)}, Redis ${redact(urls.redis)}, NATS ${redact(urls.nats)} (JetStream)` +
        (started.length ? `; started ${started.join(', ')}` : ''),
    );
    process.exit(0);
  } catch (error) {
    console.error(error instanceof ServerSetupError ? error.message : error);
    process.exit(1);
  }
}

export { repoRoot };
