import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { dropParked, getParked, listParked, listParkedActions, replayAllParked, replayParked, type ParkedOptions, type ReplayResult } from './parked.js';
import { natsServers } from '../nats/subjects.js';

/**
 * `npm run events -- parked …`: the operator's command over parked events
 * (docs/services.md#poison-events-and-the-parked-stream). Reads NATS_URL, NATS_SUBJECT_PREFIX and
 * EVENTS_STREAM like the apps.
 */
export const EVENTS_COMMAND_USAGE = `usage: npm run events -- parked <command>
  list [--consumer <durable>] [--json]    parked events, oldest first
  show <id>                                one parked event with its envelope and error
  replay <id> [--by <name>]                hand it to its consumer again (after a fix)
  replay --all [--consumer <durable>] [--by <name>]
  drop <id> [--by <name>]                  delete it for good
  actions [--consumer <durable>]           who replayed or dropped what, and when`;

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one command; resolves with the process exit code (0 done, 1 failed, 2 misuse). */
export async function runEventsCommand(args: readonly string[], nc: NatsConnection, options: ParkedOptions, io: CommandOutput): Promise<number> {
  const [group, command, ...rest] = args;
  const flag = (name: string): string | undefined => {
    const at = rest.indexOf(`--${name}`);
    return at >= 0 ? rest[at + 1] : undefined;
  };
  const positional = rest.find((a, i) => !a.startsWith('--') && !rest[i - 1]?.startsWith('--'));
  const id = positional !== undefined && /^\d+$/.test(positional) ? Number(positional) : undefined;
  const consumer = flag('consumer');
  const by = flag('by') ?? process.env.USER ?? userInfo().username;
  if (group !== 'parked') {
    io.err(EVENTS_COMMAND_USAGE);
    return 2;
  }
  switch (command) {
    case 'list': {
      const parked = await listParked(nc, { ...options, consumer });
      if (rest.includes('--json')) io.out(JSON.stringify(parked, null, 2));
      else if (parked.length === 0) io.out('no parked events');
      else {
        for (const p of parked) {
          io.out(`${p.id}\t${p.parkedAt}\t${p.consumer}\t${p.envelope?.type ?? '(undecodable)'}\t${p.envelope?.id ?? '-'}\t${p.reason} after ${p.deliveryCount} deliveries: ${p.error.message}`);
        }
      }
      return 0;
    }
    case 'show': {
      if (id === undefined) break;
      const parked = await getParked(nc, id, options);
      if (!parked) {
        io.err(`no parked event ${id}`);
        return 1;
      }
      io.out(JSON.stringify(parked, null, 2));
      return 0;
    }
    case 'replay': {
      const results: ReplayResult[] = rest.includes('--all')
        ? await replayAllParked(nc, by, { ...options, consumer })
        : id !== undefined
          ? [await replayParked(nc, id, by, options)]
          : [];
      if (!rest.includes('--all') && id === undefined) break;
      for (const r of results) io.out(`${r.id}\t${r.consumer}\t${r.outcome}${r.error ? `: ${r.error}` : ''}`);
      if (results.length === 0) io.out('no parked events');
      return results.some((r) => r.outcome === 'failed' || r.outcome === 'not-found') ? 1 : 0;
    }
    case 'drop': {
      if (id === undefined) break;
      if (await dropParked(nc, id, by, options)) {
        io.out(`dropped ${id}`);
        return 0;
      }
      io.err(`no parked event ${id}`);
      return 1;
    }
    case 'actions': {
      for (const a of await listParkedActions(nc, { ...options, consumer })) {
        io.out(`${a.at}\t${a.by}\t${a.action}\t${a.parkedId}\t${a.consumer}\t${a.type ?? '-'}\t${a.eventId ?? '-'}${a.outcome ? `\t${a.outcome}` : ''}${a.error ? `: ${a.error}` : ''}`);
      }
      return 0;
    }
  }
  io.err(EVENTS_COMMAND_USAGE);
  return 2;
}

async function main(): Promise<void> {
  const nc = await connect({ servers: natsServers(process.env.NATS_URL || 'nats://127.0.0.1:4222'), name: 'events-command' });
  let code = 1;
  try {
    code = await runEventsCommand(
      process.argv.slice(2),
      nc,
      { prefix: process.env.NATS_SUBJECT_PREFIX ?? '', stream: process.env.EVENTS_STREAM || undefined },
      { out: (line) => console.log(line), err: (line) => console.error(line) },
    );
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
  } finally {
    await nc.close();
  }
  process.exitCode = code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
