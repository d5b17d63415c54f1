import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Building blocks for the apps' environment schemas. Every variable is a string or absent; a blank
 * value (`VAR=` in a .env file) counts as absent, so the default applies. Each rule's message
 * completes the sentence "<VARIABLE> …", e.g. "PORT must be a TCP port".
 */
const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function variable<T extends z.ZodType>(inner: T) {
  return z.preprocess(blank, inner);
}

const URL_SCHEMES = {
  postgres: ['postgres:', 'postgresql:'],
  redis: ['redis:', 'rediss:'],
  nats: ['nats:', 'tls:', 'ws:', 'wss:'],
  http: ['http:', 'https:'],
  smtp: ['smtp:', 'smtps:'],
} as const;

function isUrl(value: string, schemes: readonly string[]): boolean {
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function urlRule(kind: keyof typeof URL_SCHEMES) {
  const schemes = URL_SCHEMES[kind];
  return z
    .string()
    .trim()
    .refine((v) => isUrl(v, schemes), { error: `must be a ${schemes.map((s) => s.replace(':', '://')).join(' or ')} URL` });
}

function portRule() {
  return z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, { error: 'must be a TCP port' })
    .transform(Number)
    .refine((n) => n > 0 && n <= 65535, { error: 'must be a TCP port' });
}

export const envVar = {
  /** Free text, `fallback` when absent. */
  text: (fallback: string) => variable(z.string().trim().default(fallback)),
  optionalText: () => variable(z.string().trim().optional()),

  url: (kind: keyof typeof URL_SCHEMES, fallback: string) => variable(urlRule(kind).default(fallback)),
  optionalUrl: (kind: keyof typeof URL_SCHEMES) => variable(urlRule(kind).optional()),

  /** Comma-separated URLs (NATS accepts several servers). */
  urls: (kind: keyof typeof URL_SCHEMES, fallback: string) => {
    const schemes = URL_SCHEMES[kind];
    return variable(
      z
        .string()
        .trim()
        .refine((v) => v.split(',').every((u) => isUrl(u.trim(), schemes)), {
          error: `must be ${schemes.map((s) => s.replace(':', '://')).join(' or ')} URLs separated by commas`,
        })
        .default(fallback),
    );
  },

  port: (fallback: number) => variable(portRule().default(fallback)),
  optionalPort: () => variable(portRule().optional()),

  /** A whole number of at least `min` (milliseconds, counts). */
  integer: (fallback: number, min = 0) =>
    variable(
      z
        .string()
        .trim()
        .regex(/^\d+$/, { error: `must be a whole number of at least ${min}` })
        .transform(Number)
        .refine((n) => Number.isSafeInteger(n) && n >= min, { error: `must be a whole number of at least ${min}` })
        .default(fallback),
    ),

  /** A whole number from `min` to `max`. */
  integerBetween: (fallback: number, min: number, max: number) =>
    variable(
      z
        .string()
        .trim()
        .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
        .transform(Number)
        .refine((n) => n >= min && n <= max, { error: `must be a whole number from ${min} to ${max}` })
        .default(fallback),
    ),

  /**
   * A length of time in days, hours or minutes (`30d`, `12h`, `90m`), in milliseconds, of at least
   * `minMs`; absent: 0 (no limit).
   */
  optionalDuration: (minMs: number, minText: string) =>
    variable(
      z
        .string()
        .trim()
        .regex(/^\d+\s*[dhm]$/i, { error: 'must be a number of days, hours or minutes, e.g. 30d, 12h or 90m' })
        .transform((v) => Number(v.slice(0, -1)) * DURATION_UNITS[v.slice(-1).toLowerCase() as keyof typeof DURATION_UNITS])
        .refine((ms) => Number.isSafeInteger(ms) && ms >= minMs, { error: `must be at least ${minText}` })
        .default(0),
    ),

  /** A size in bytes, or with a binary unit (`512MB`, `10GB`, `1TB`: 1 GB = 1024³ bytes), of at least `minBytes`; absent: 0 (no limit). */
  optionalSize: (minBytes: number, minText: string) =>
    variable(
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?\s*([KMGT]i?B?)?$/i, { error: 'must be a size such as 500MB, 10GB or 1TB' })
        .transform((v) => {
          const [, number = '0', unit = ''] = /^([\d.]+)\s*([KMGT]?)/i.exec(v) ?? [];
          return Math.round(Number(number) * 1024 ** ' KMGT'.indexOf(unit.toUpperCase() || ' '));
        })
        .refine((n) => Number.isSafeInteger(n) && n >= minBytes, { error: `must be at least ${minText}` })
        .default(0),
    ),

  /** A positive number, fractions allowed. */
  number: (fallback: number) =>
    variable(
      z
        .string()
        .trim()
        .refine((v) => Number.isFinite(Number(v)) && Number(v) > 0, { error: 'must be a positive number' })
        .transform(Number)
        .default(fallback),
    ),

  /** `on`/`off` switches (the default is on): anything but `off` leaves the feature on, as before. */
  switch: () =>
    variable(
      z
        .enum(['on', 'off'], { error: 'must be "on" or "off"' })
        .transform((v) => v === 'on')
        .default(true),
    ),

  /** `true`/`false`. */
  flag: (fallback = false) =>
    variable(
      z
        .enum(['true', 'false', '1', '0'], { error: 'must be "true" or "false"' })
        .transform((v) => v === 'true' || v === '1')
        .default(fallback),
    ),

  /** `true`/`false`, or absent (undefined) when the app decides from other settings. */
  optionalFlag: () =>
    variable(
      z
        .enum(['true', 'false', '1', '0'], { error: 'must be "true" or "false"' })
        .transform((v) => v === 'true' || v === '1')
        .optional(),
    ),

  /** Comma-separated names, each one of `allowed`. */
  list: (fallback: string, allowed: readonly string[], message: string) =>
    variable(
      z
        .string()
        .trim()
        .refine((v) => v.split(',').map((s) => s.trim()).filter(Boolean).every((s) => allowed.includes(s)), {
          error: `${message} ${allowed.join(', ')}, separated by commas`,
        })
        .default(fallback),
    ),

  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    variable(z.enum(values, { error: `must be one of ${values.join(', ')}` }).default(fallback as never)),

  /**
   * Which peers may tell the client's address in `X-Forwarded-For` (Express's `trust proxy`):
   * a hop count (`1` = the one proxy in front), or addresses / CIDR ranges / `loopback`,
   * `linklocal`, `uniquelocal`, separated by commas. Absent: nobody, the socket's peer is the client.
   */
  trustProxy: () =>
    variable(
      z
        .string()
        .trim()
        .refine((v) => /^\d{1,2}$/.test(v) || v.split(',').every((part) => isProxyAddress(part.trim())), {
          error: 'must be a number of proxy hops, or addresses or CIDR ranges (or loopback, linklocal, uniquelocal) separated by commas',
        })
        .transform((v): number | string[] => (/^\d{1,2}$/.test(v) ? Number(v) : v.split(',').map((part) => part.trim())))
        .optional(),
    ),

  /** A secret of at least `minLength` characters, absent allowed. */
  optionalSecret: (minLength: number) =>
    variable(z.string().trim().min(minLength, { error: `must be at least ${minLength} characters` }).optional()),

  /** A PostgreSQL schema or other plain identifier. */
  identifier: (fallback: string) =>
    variable(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be letters, digits and underscores' })
        .default(fallback),
    ),
};

const DURATION_UNITS = { d: 86_400_000, h: 3_600_000, m: 60_000 } as const;

const PROXY_SUBNET_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(value: string): boolean {
  if (PROXY_SUBNET_NAMES.includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A configuration problem, worded for the person starting the app. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

// Values of these are never echoed back in messages or logs.
const SECRET = /PASSWORD|SECRET|KEY|TOKEN/;

/** Parses `input` with `schema`, or throws a ConfigError naming each wrong or missing variable. */
export function parseEnv<S extends z.ZodType>(schema: S, input: NodeJS.ProcessEnv): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    if (!name) return issue.message;
    const raw = input[name];
    if (raw === undefined || raw.trim() === '') return `${name} ${issue.message === 'Required' || issue.code === 'invalid_type' ? 'is required' : issue.message}`;
    // Credentials inside URLs (postgres://user:password@host) are masked too.
    const shown = SECRET.test(name) ? `a value of ${raw.length} characters` : `"${raw.replace(/\/\/[^/@]*@/, '//***@')}"`;
    return `${name} ${issue.message} (got ${shown})`;
  });
  return fail(problems);
}

function fail(problems: string[]): never {
  throw new ConfigError(`Invalid configuration: ${[...new Set(problems)].join('; ')}`);
}
