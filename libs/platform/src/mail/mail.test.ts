import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { createMailer, FileMailer, MailDeliveryError, mailFileName, SmtpMailer } from './index.js';

const FROM = 'Mboa Rentals <no-reply@mboa.test>';

interface Received {
  from: string | false;
  to: string[];
  raw: string;
  user?: string;
}

/** A real SMTP server on a free local port, collecting what it receives. */
async function startSmtp(overrides: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
    ...overrides,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

interface ParsedEml {
  headers: Map<string, string>;
  type: string;
  body: string;
  parts: ParsedEml[];
}

/** Just enough of RFC 5322 / MIME to read our own messages back: headers, parts, QP and base64. */
function parseEml(raw: string): ParsedEml {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const type = headers.get('content-type') ?? 'text/plain';
  const decoded = (text: string) => {
    const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    if (encoding === 'base64') return Buffer.from(text, 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      return Buffer.from(
        text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    }
    return text;
  };
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  const parts: ParsedEml[] = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => parseEml(part.replace(/^\r\n/, '')))
    : [];
  return { headers, type, body: boundary ? '' : decoded(body).replace(/\r\n$/, ''), parts };
}

describe('SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers the message to a real SMTP server, authenticating with the URL credentials', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, from: FROM });
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await mailer.send({ to: 'renter@example.cm', subject: 'Your reset code', text: 'Your code is 123456.' });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('no-reply@mboa.test');
    expect(mail.to).toEqual(['renter@example.cm']);
    const eml = parseEml(mail.raw);
    expect(eml.headers.get('subject')).toBe('Your reset code');
    expect(eml.headers.get('to')).toBe('renter@example.cm');
    expect(eml.body).toBe('Your code is 123456.');
  });

  it('sends text and html as alternatives', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, from: FROM });
    await mailer.send({ to: 'owner@example.cm', subject: 'Approved', text: 'Approved.', html: '<p>Approved.</p>' });
    const eml = parseEml(smtp.received.at(-1)!.raw);
    expect(eml.type).toMatch(/^multipart\/alternative/);
    expect(eml.parts.map((p) => [p.type.split(';')[0], p.body])).toEqual([
      ['text/plain', 'Approved.'],
      ['text/html', '<p>Approved.</p>'],
    ]);
  });

  it('rejects with a clear error when the server refuses the message', async () => {
    const refusing = await startSmtp({
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          const error = new Error('Mailbox full') as Error & { responseCode: number };
          error.responseCode = 552;
          callback(error);
        });
      },
    });
    try {
      const mailer = new SmtpMailer({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${refusing.port}`, from: FROM });
      const sending = mailer.send({ to: 'renter@example.cm', subject: 'Hello', text: 'Hi' });
      await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
      await expect(sending).rejects.toThrow(/"Hello" to renter@example.cm could not be sent .*Mailbox full/);
    } finally {
      await refusing.close();
    }
  });

  it('rejects on wrong credentials, without echoing the password', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://mailer:wrong@127.0.0.1:${smtp.port}`, from: FROM });
    const sending = mailer.send({ to: 'renter@example.cm', subject: 'Hello', text: 'Hi' });
    await expect(sending).rejects.toThrow(MailDeliveryError);
    await expect(sending).rejects.not.toThrow(/wrong/);
  });

  it('rejects when no server listens', async () => {
    const closed = await startSmtp();
    await closed.close();
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${closed.port}`, from: FROM, connectTimeoutMs: 2000 });
    await expect(mailer.send({ to: 'a@b.cm', subject: 'Hello', text: 'Hi' })).rejects.toThrow(
      new RegExp(`could not be sent through SMTP server smtp://127.0.0.1:${closed.port}`),
    );
  });
});

describe('file mailer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mboa-mail-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes each message as a parseable .eml with the standard headers', async () => {
    const mailer = createMailer({ mailDir: path.join(dir, 'mail'), from: FROM });
    expect(mailer).toBeInstanceOf(FileMailer);
    await mailer.send({ to: 'renter@example.cm', subject: 'Your reset code', text: 'Your code is 123456.' });

    const files = await readdir(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-\d{6}-\d+-[0-9a-f]{6}\.eml$/);
    const raw = await readFile(path.join(dir, 'mail', files[0]), 'utf8');
    expect(raw).toContain('\r\n'); // RFC 5322 line endings
    const eml = parseEml(raw);
    expect(eml.headers.get('from')).toBe(FROM);
    expect(eml.headers.get('to')).toBe('renter@example.cm');
    expect(eml.headers.get('subject')).toBe('Your reset code');
    expect(eml.headers.get('message-id')).toMatch(/^<[^@\s]+@[^>\s]+>$/);
    expect(Number.isNaN(Date.parse(eml.headers.get('date')!))).toBe(false);
    expect(eml.headers.get('mime-version')).toBe('1.0');
    expect(eml.type).toMatch(/^text\/plain/);
    expect(eml.body).toBe('Your code is 123456.');
  });

  it('keeps accented text intact and names files in sending order', async () => {
    const mailer = new FileMailer({ mailDir: dir, from: FROM });
    for (let i = 0; i < 5; i++) {
      await mailer.send({ to: 'owner@example.cm', subject: `Message ${i}`, text: `Propriété n°${i} à Douala`, html: `<b>${i}</b>` });
    }
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(5);
    const subjects = await Promise.all(
      files.map(async (f) => parseEml(await readFile(path.join(dir, f), 'utf8'))),
    );
    expect(subjects.map((e) => e.headers.get('subject'))).toEqual([0, 1, 2, 3, 4].map((i) => `Message ${i}`));
    expect(subjects[3].parts[0].body).toBe('Propriété n°3 à Douala');
  });

  it('gives unique, time-sortable names even within one millisecond', () => {
    const at = new Date('2026-11-22T10:15:30.123Z');
    const names = Array.from({ length: 100 }, () => mailFileName(at));
    expect(new Set(names).size).toBe(100);
    expect([...names].sort()).toEqual(names);
    expect(mailFileName(new Date('2026-11-22T10:15:30.124Z')) > names[99]).toBe(true);
  });

  it('rejects when the folder cannot be written', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    await (await import('node:fs/promises')).writeFile(blocker, 'x');
    const mailer = new FileMailer({ mailDir: path.join(blocker, 'mail'), from: FROM });
    await expect(mailer.send({ to: 'a@b.cm', subject: 'Hello', text: 'Hi' })).rejects.toThrow(
      /"Hello" to a@b.cm could not be written to/,
    );
  });
});
