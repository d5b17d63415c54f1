// Keeps the apps of `npm start` running: each is a child process in its own process group, its
// output prefixed with its name; one that exits unexpectedly is restarted after a delay that grows
// while it keeps failing (0.5 s, 1 s, 2 s … 30 s) and starts over once it has stayed up for a while.
// One app's crash never stops the others. Stopping goes in order: the first app named in
// `stopOrder` (the gateway) is stopped and waited for, then the rest together.
import { spawn } from 'node:child_process';

/** Delays between restarts, in milliseconds. */
export const RESTART = Object.freeze({
  firstDelayMs: 500,
  maxDelayMs: 30_000,
  /** An app that ran this long was healthy: its next crash waits firstDelayMs again. */
  healthyAfterMs: 30_000,
  /** Crashes in a row (each soon after its start) from which the report says it keeps crashing. */
  crashLoopAfter: 5,
});

const ANSI = /\u001b\[[0-9;?]*[ -\/]*[@-~]/g;
const seconds = (ms) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * @typedef {{ command: string, args: string[], env?: NodeJS.ProcessEnv, cwd?: string }} AppSpec
 * @typedef {{
 *   name: string, spec: AppSpec, child: import('node:child_process').ChildProcess | null,
 *   pid: number | undefined, lines: string[], running: boolean, startedAt: number,
 *   crashesInARow: number, delayMs: number, restartTimer: NodeJS.Timeout | null, starts: number,
 *   exited: Promise<void>,
 * }} App
 */

export class Supervisor {
  /**
   * @param {{ say?: (line: string) => void, warn?: (line: string) => void, out?: NodeJS.WritableStream,
   *           err?: NodeJS.WritableStream, keepLines?: number, restart?: Partial<typeof RESTART>,
   *           format?: (line: string) => string }} [options]  format: how a line is printed (kept as is)
   */
  constructor(options = {}) {
    this.say = options.say ?? ((line) => console.log(`[start] ${line}`));
    this.warn = options.warn ?? ((line) => console.error(`[start] ${line}`));
    this.out = options.out ?? process.stdout;
    this.err = options.err ?? process.stderr;
    this.keepLines = options.keepLines ?? 30;
    this.format = options.format ?? ((line) => line);
    this.restart = { ...RESTART, ...options.restart };
    /** @type {App[]} */
    this.apps = [];
    this.stopping = false;
  }

  /** Starts an app and keeps it running until stopAll. */
  run(name, /** @type {AppSpec} */ spec) {
    /** @type {App} */
    const app = {
      name,
      spec,
      child: null,
      pid: undefined,
      lines: [],
      running: false,
      startedAt: 0,
      crashesInARow: 0,
      delayMs: 0,
      restartTimer: null,
      starts: 0,
      exited: Promise.resolve(),
    };
    this.apps.push(app);
    this.launch(app);
    return app;
  }

  /** @param {App} app */
  launch(app) {
    app.restartTimer = null;
    if (this.stopping) return;
    // Own process group, so a terminal's Ctrl-C reaches only us and we stop the apps in order.
    const child = spawn(app.spec.command, app.spec.args, {
      cwd: app.spec.cwd,
      env: app.spec.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    app.child = child;
    app.pid = child.pid;
    app.running = true;
    app.startedAt = Date.now();
    app.starts += 1;
    this.pipeLines(app, child.stdout, this.out);
    this.pipeLines(app, child.stderr, this.err);
    let resolveExited;
    app.exited = new Promise((resolve) => (resolveExited = resolve));
    let ended = false;
    const onEnd = (/** @type {string} */ how) => {
      if (ended) return;
      ended = true;
      app.running = false;
      resolveExited();
      if (!this.stopping) this.crashed(app, how);
    };
    child.on('error', (error) => {
      this.emit(app, `could not start: ${error.message}`, this.err);
      if (child.pid === undefined) onEnd(`could not start (${error.message})`);
    });
    // 'close', not 'exit': its last lines have been read by then.
    child.on('close', (code, signal) => onEnd(signal ? `was killed by ${signal}` : `exited with code ${code}`));
    if (child.pid !== undefined) this.say(`${app.name} started (pid ${child.pid})${app.starts > 1 ? `, start ${app.starts}` : ''}`);
  }

  /** @param {App} app @param {string} how */
  crashed(app, how) {
    const ranMs = Date.now() - app.startedAt;
    if (ranMs >= this.restart.healthyAfterMs) {
      app.crashesInARow = 0;
      app.delayMs = 0;
    }
    app.crashesInARow += 1;
    app.delayMs = app.delayMs === 0 ? this.restart.firstDelayMs : Math.min(app.delayMs * 2, this.restart.maxDelayMs);
    this.warn(`${app.name} ${how} after running ${seconds(ranMs)}; its last lines:`);
    for (const line of app.lines.slice(-15)) this.err.write(`  ${app.name} | ${line}\n`);
    if (app.crashesInARow >= this.restart.crashLoopAfter) {
      this.warn(
        `${app.name} keeps crashing (${app.crashesInARow} times in a row, each within ${seconds(this.restart.healthyAfterMs)} of starting): ` +
          `the other apps keep running; retrying every ${seconds(app.delayMs)} until it stays up or you stop everything (Ctrl-C)`,
      );
    }
    this.say(`restarting ${app.name} in ${seconds(app.delayMs)}`);
    app.restartTimer = setTimeout(() => this.launch(app), app.delayMs);
  }

  /** Apps that have crashed at least `crashLoopAfter` times in a row and are not up now. */
  crashLooping() {
    return this.apps.filter((app) => app.crashesInARow >= this.restart.crashLoopAfter && !app.running);
  }

  /**
   * Stops every app: SIGTERM to the apps in `stopOrder` one after the other (each waited for), then
   * to the rest together; whatever is still running after `graceMs` gets SIGKILL.
   * @param {{ graceMs: number, stopOrder?: string[] }} options
   */
  async stopAll({ graceMs, stopOrder = [] }) {
    if (this.stopping) return;
    this.stopping = true;
    for (const app of this.apps) if (app.restartTimer) clearTimeout(app.restartTimer);
    const running = this.apps.filter((a) => a.running);
    if (running.length > 0) this.say(`stopping ${running.map((a) => a.name).join(', ')}…`);
    const deadline = Date.now() + graceMs;
    const waitFor = (/** @type {App[]} */ apps) =>
      Promise.race([Promise.all(apps.map((a) => a.exited)), new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())).unref())]);
    for (const name of stopOrder) {
      const app = running.find((a) => a.name === name);
      if (!app) continue;
      signal(app, 'SIGTERM');
      await waitFor([app]);
    }
    const rest = running.filter((a) => !stopOrder.includes(a.name));
    for (const app of rest) signal(app, 'SIGTERM');
    await waitFor(rest);
    for (const app of this.apps.filter((a) => a.running)) {
      this.say(`${app.name} did not stop within ${seconds(graceMs)}; killing it`);
      signal(app, 'SIGKILL');
    }
  }

  /** Last resort when this process dies some other way: never leave orphans holding the ports. */
  killAll() {
    for (const app of this.apps) if (app.running) signal(app, 'SIGKILL');
  }

  /** @param {App} app */
  pipeLines(app, stream, out) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const parts = (partial + chunk).split(/\r?\n/);
      partial = parts.pop();
      for (const raw of parts) this.emit(app, raw, out);
    });
    stream.on('end', () => {
      if (partial) this.emit(app, partial, out);
      partial = '';
    });
  }

  /** @param {App} app */
  emit(app, raw, out) {
    const line = raw.replace(ANSI, '');
    app.lines.push(line);
    if (app.lines.length > this.keepLines) app.lines.shift();
    const width = Math.max(...this.apps.map((a) => a.name.length), 7);
    const prefix = `${app.name.padEnd(width)} | `;
    out.write(`${this.format(line).split('\n').map((part) => prefix + part).join('\n')}\n`);
  }
}

/** @param {App} app @param {NodeJS.Signals} sig */
function signal(app, sig) {
  if (!app.running || app.pid === undefined) return;
  try {
    process.kill(-app.pid, sig); // the app's process group: it and anything it spawned
  } catch {
    try {
      app.child?.kill(sig);
    } catch {
      /* already gone */
    }
  }
}
