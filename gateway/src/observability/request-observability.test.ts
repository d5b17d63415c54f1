// The gateway's access log: one JSON line per request with its id, route template, status and
// duration; API calls at info, health probes and the web apps' files at debug.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { createLogger, currentRequestId } from '@mboa/platform';
import { requestObservability } from './request-observability.js';

let url: string;
let close: () => void;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).trim().split('\n')) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestObservability(createLogger({ name: 'gateway', level: 'debug', destination: sink })));
  app.get('/api/properties/:id', (_req, res) => {
    res.json({ seenAs: currentRequestId() });
  });
  app.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/api/boom', () => {
    throw new Error('boom');
  });
  app.use((req, res) => {
    res.type(req.path.endsWith('.js') ? 'js' : 'html').send('x');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

const lineFor = async (url: string) => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines.filter((l) => l.url === url);
};

test('an API call: the id it was given, answered in the header, seen by the handler and written in the one line', async () => {
  const res = await fetch(`${url}/api/properties/42?x=1`, { headers: { 'x-request-id': 'trace-77' } });
  expect(res.headers.get('x-request-id')).toBe('trace-77');
  expect(await res.json()).toEqual({ seenAs: 'trace-77' });
  const found = await lineFor('/api/properties/42?x=1');
  expect(found).toEqual([
    expect.objectContaining({ level: 'info', service: 'gateway', requestId: 'trace-77', method: 'GET', route: '/api/properties/:id', status: 200, msg: 'request' }),
  ]);
  expect(typeof found[0].durationMs).toBe('number');
  expect(found[0]).not.toHaveProperty('req');
  expect(found[0]).not.toHaveProperty('res');
});

test('a failing call is logged with its status; a malformed id is replaced by a fresh one', async () => {
  const res = await fetch(`${url}/api/boom`, { headers: { 'x-request-id': 'bad id\twith tab' } });
  expect(res.status).toBe(500);
  const id = res.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(await lineFor('/api/boom')).toEqual([expect.objectContaining({ level: 'info', requestId: id, route: '/api/boom', status: 500 })]);
});

test('health probes and files of the web apps are written at debug, pages at info', async () => {
  await fetch(`${url}/api/health`);
  await fetch(`${url}/assets/index-3f2a.js`);
  await fetch(`${url}/property-details/42`);
  expect((await lineFor('/api/health'))[0]).toMatchObject({ level: 'debug', status: 200 });
  expect((await lineFor('/assets/index-3f2a.js'))[0]).toMatchObject({ level: 'debug', route: '/*' });
  expect((await lineFor('/property-details/42'))[0]).toMatchObject({ level: 'info', route: '/*' });
});
