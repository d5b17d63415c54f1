// receiveUpload on a real HTTP server and real files, with a store that is slow to start reading
// (a disk or MinIO under load): refusals must never leave an abandoned file stream unhandled.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HttpException } from '@nestjs/common';
import express from 'express';
import { MESSAGES } from '@mboa/contracts';
import { LocalFileStore, type ObjectSource, type PutStreamOptions } from '@mboa/platform';
import { receiveUpload, type UploadHooks } from './multipart-upload.js';

class SlowStore extends LocalFileStore {
  override async putStream(key: string, body: ObjectSource, contentType: string, options?: PutStreamOptions) {
    await new Promise((r) => setTimeout(r, 100));
    return super.putStream(key, body, contentType, options);
  }
}

let dir: string;
let server: Server;
let url: string;
let hooks: UploadHooks = {};
const errors: unknown[] = [];
const onUncaught = (e: unknown) => errors.push(e);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-multipart-'));
  const store = new SlowStore(dir);
  const app = express();
  app.post('/upload', (req, res) => {
    receiveUpload(req, res, store, { fileField: 'photos', maxFiles: 10, maxFileBytes: 1024 * 1024, maxFields: 10, maxFieldBytes: 1000 }, hooks).then(
      async (upload) => {
        await Promise.all(upload.files.map((f) => store.remove(f.key)));
        res.status(201).json({ files: upload.files.length, fields: upload.fields });
      },
      (e: unknown) => {
        const status = e instanceof HttpException ? e.getStatus() : 500;
        if (!res.headersSent) res.status(status).json(e instanceof HttpException ? e.getResponse() : { message: String(e) });
      },
    );
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
  process.on('uncaughtException', onUncaught);
});

afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  hooks = {};
});

function form(fields: [string, string][], files: number): FormData {
  const data = new FormData();
  for (const [k, v] of fields) data.append(k, v);
  for (let i = 0; i < files; i++) data.append('photos', new Blob([randomBytes(20_000)]), `p${i}.jpg`);
  return data;
}

async function leftovers(): Promise<string[]> {
  for (let i = 0; i < 50; i++) {
    const names = await readdir(path.join(dir, 'uploads')).catch(() => [] as string[]);
    if (names.length === 0) return names;
    await new Promise((r) => setTimeout(r, 20));
  }
  return readdir(path.join(dir, 'uploads'));
}

it('refuses the 11th file with 400 while earlier files wait for the store, with no unhandled stream error', async () => {
  const res = await fetch(url, { method: 'POST', body: form([['title', 'x']], 11) });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ message: MESSAGES.property.maxImages });
  await new Promise((r) => setTimeout(r, 300));
  expect(errors).toEqual([]);
  expect(await leftovers()).toEqual([]);
  // The server still answers.
  expect((await fetch(url, { method: 'POST', body: form([], 2) })).status).toBe(201);
});

it('runs the fields check once, before any file is stored, and a refusal stores nothing', async () => {
  const calls: [number, boolean][] = [];
  hooks = {
    beforeFiles: async (fields, withFiles) => {
      calls.push([fields.length, withFiles]);
      expect(await readdir(path.join(dir, 'uploads')).catch(() => [])).toEqual([]);
      throw new HttpException({ message: 'no' }, 403);
    },
  };
  const res = await fetch(url, { method: 'POST', body: form([['a', '1'], ['b', '2']], 3) });
  expect(res.status).toBe(403);
  expect(calls).toEqual([[2, true]]);
  expect(await leftovers()).toEqual([]);
  expect(errors).toEqual([]);
});

it('checks a body without files at its end, and refuses a field sent after a file', async () => {
  const calls: [number, boolean][] = [];
  hooks = { beforeFiles: async (fields, withFiles) => void calls.push([fields.length, withFiles]) };
  expect((await fetch(url, { method: 'POST', body: form([['a', '1']], 0) })).status).toBe(201);
  expect(calls).toEqual([[1, false]]);

  const late = form([['a', '1']], 1);
  late.append('b', '2');
  const res = await fetch(url, { method: 'POST', body: late });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ message: MESSAGES.upload.fieldsAfterFiles });
  expect(await leftovers()).toEqual([]);
  expect(errors).toEqual([]);
});
