// Configuration is read once at boot and validated by one schema (env-schema): a bad value stops the process
// with a message naming the variable. Every variable and its default is listed in .env.example.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { envSchema } from 'env-schema';
import type { Policy } from './library/policy.ts';
import { SWITCH, count, millis, on, port, url, type CheckedValues } from './config-values.ts';
import { POLICY_SCHEMA, POLICY_VARIABLES, readPolicy } from './policy-settings.ts';

export interface Config {
  host: string;
  port: number;
  /** The gateway's address as clients reach it; image paths in answers are made absolute against it. Null: the listening address. */
  publicUrl: string | null;
  dataDir: string;
  mongodbUri: string | null;
  mongodbDb: string;
  /** Redis shared by every gateway for the rate limits; null: each gateway counts on its own. */
  redisUrl: string | null;
  libraryTimezone: string;
  sessionSecret: string | null;
  sessionTtlSeconds: number;
  adminEmails: string[];
  corsOrigins: string[];
  firebase: {
    projectId: string;
    /** true when no real project is configured: the Auth emulator stands in. */
    emulator: boolean;
    authEmulatorHost: string | null;
    webApiKey: string;
    authDomain: string;
    appId: string | null;
  };
  /** Ports `npm start` gives the Auth emulator it runs. */
  emulatorPorts: { auth: number; hub: number; logging: number };
  graphqlIntrospection: boolean;
  production: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** The circulation policy (library/policy.ts). */
  policy: Policy;
  limits: {
    /** Writes (REST and GraphQL together) per client per minute. */
    writesPerMinute: number;
    /** Failed sign-ins per client address per minute. */
    failedSignInsPerMinute: number;
    /** Successful sign-ins per member per minute. */
    signInsPerMinute: number;
  };
  mail: {
    /** Where notices are e-mailed through (smtp:// or smtps://, credentials in it); null: not e-mailed. */
    smtpUrl: string | null;
    /** The From of every e-mail. */
    from: string;
  };
  /** The SMPP account notices are sent by SMS through; null: no SMS (SMPP_HOST unset). */
  sms: SmsConfig | null;
  /** Bearer token that may read GET /metrics; null: no /metrics, and nothing is measured. */
  metricsToken: string | null;
  /** From the first SIGTERM/SIGINT, how long /readyz says 503 while requests are still served, before closing. */
  shutdownDrainMs: number;
  timeouts: {
    /** The request line and headers must arrive within this. */
    headersMs: number;
    /** The whole request, body included, must arrive within this. */
    requestMs: number;
    /** A connection with no bytes moving either way is closed after this. */
    idleMs: number;
    /** A kept-alive connection waits this long for its next request. */
    keepAliveMs: number;
  };
}

export interface SmsConfig {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** The sender members see: an alphanumeric mask or a number, as the aggregator assigned it. */
  source: string;
  /** How many parts (SMS) one notice may take; a longer one is shortened (library/sms-text.ts). */
  maxParts: number;
}

export class ConfigError extends Error {
  constructor(variable: string, reason: string) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Every variable the gateway reads; an empty value means unset. */
const SCHEMA = {
  type: 'object',
  properties: {
    HOST: { type: 'string', pattern: '^[\\w.:-]+$', default: '127.0.0.1' },
    PORT: port(4000),
    PUBLIC_URL: url,
    NODE_ENV: { type: 'string', enum: ['development', 'production', 'test'], default: 'development' },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    TRUST_PROXY: { ...SWITCH, default: 'false' },
    DATA_DIR: { type: 'string', default: './data' },
    MONGODB_URI: { type: 'string', pattern: '^mongodb(\\+srv)?://' },
    MONGODB_DB: { type: 'string', pattern: '^[^/\\\\. "$]{1,63}$', default: 'bookhaven' },
    REDIS_URL: { type: 'string', pattern: '^rediss?://[^\\s/?#]+(/\\d{1,2})?$' },
    LIBRARY_TIMEZONE: { type: 'string', default: 'Asia/Dhaka' },
    SESSION_SECRET: { type: 'string' },
    SESSION_TTL: { type: 'string', pattern: '^\\d+[smhd]?$', default: '24h' },
    ADMIN_EMAILS: { type: 'string', default: '' },
    CORS_ORIGINS: { type: 'string', default: '' },
    RATE_LIMIT_PER_MINUTE: count(120),
    SIGN_IN_FAILURES_PER_MINUTE: count(10),
    SIGN_INS_PER_MINUTE: count(60),
    HEADERS_TIMEOUT_MS: millis(10_000, 100),
    REQUEST_TIMEOUT_MS: millis(30_000, 100),
    IDLE_TIMEOUT_MS: millis(30_000, 100),
    KEEP_ALIVE_TIMEOUT_MS: millis(5_000, 100),
    GRAPHQL_INTROSPECTION: { ...SWITCH, default: 'true' },
    METRICS_TOKEN: { type: 'string', pattern: '^[\\x21-\\x7e]{32,}$' },
    SMTP_URL: { type: 'string', pattern: '^smtps?://[^\\s/?#]+(/[^\\s]*)?$' },
    MAIL_FROM: {
      type: 'string',
      pattern: '^([^<>@]*<[^<>\\s@]+@[^<>\\s@]+>|[^<>\\s@]+@[^<>\\s@]+)$',
      default: 'BookHaven <no-reply@localhost>',
    },
    SMPP_HOST: { type: 'string', pattern: '^[\\w.:-]+$' },
    SMPP_PORT: port(2775),
    SMPP_SYSTEM_ID: { type: 'string', pattern: '^[\\x21-\\x7e]{1,15}$' },
    SMPP_PASSWORD: { type: 'string', pattern: '^[\\x21-\\x7e]{1,8}$' },
    SMPP_SOURCE: { type: 'string', pattern: '^([A-Za-z0-9 ]{1,11}|\\+?\\d{3,15})$', default: 'BookHaven' },
    SMS_MAX_PARTS: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
    SHUTDOWN_DRAIN_MS: { type: 'integer', minimum: 0, maximum: 120_000, default: 0 },
    ...POLICY_SCHEMA,
    FIREBASE_PROJECT_ID: { type: 'string', pattern: '^[a-z0-9-]{4,40}$' },
    GOOGLE_APPLICATION_CREDENTIALS: { type: 'string' },
    FIREBASE_AUTH_EMULATOR_HOST: { type: 'string', pattern: '^[\\w.-]+:\\d+$' },
    FIREBASE_WEB_API_KEY: { type: 'string', pattern: '^[\\w-]+$' },
    FIREBASE_AUTH_DOMAIN: { type: 'string', pattern: '^[\\w.-]+$' },
    FIREBASE_APP_ID: { type: 'string', pattern: '^[\\w:.-]+$' },
    AUTH_EMULATOR_PORT: port(9099),
    EMULATOR_HUB_PORT: port(4400),
    EMULATOR_LOGGING_PORT: port(4500),
  },
} as const;

type Name = keyof typeof SCHEMA.properties;
type Values = Partial<Record<Name, string>> & CheckedValues;

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const PATTERN_HINTS: Partial<Record<Name, string>> = {
  HOST: 'must be a host name or an IP address',
  FIREBASE_WEB_API_KEY: 'must be a Firebase web API key (letters, digits, _ and -)',
  FIREBASE_APP_ID: 'must be a Firebase app id such as 1:123:web:abc',
  PUBLIC_URL: 'must be an http(s) URL such as https://library.example.org',
  MONGODB_URI: 'must start with mongodb:// or mongodb+srv://',
  MONGODB_DB: 'must be a MongoDB database name (no / \\ . " $ or spaces)',
  REDIS_URL: 'must be a Redis URL such as redis://redis:6379 or rediss://user:password@host:6380/0',
  SESSION_TTL: 'must be a duration like 3600, 90m, 24h or 7d',
  FIREBASE_PROJECT_ID: 'must be a Firebase project id (lower-case letters, digits and -)',
  FIREBASE_AUTH_EMULATOR_HOST: 'must be host:port',
  FIREBASE_AUTH_DOMAIN: 'must be a host name',
  METRICS_TOKEN: 'must be at least 32 visible characters without spaces, e.g. `openssl rand -hex 32`',
  SMTP_URL: 'must be an SMTP server URL such as smtp://user:password@mail.example.org:587 (or smtps://... for TLS)',
  MAIL_FROM: 'must be an e-mail address, alone or as Name <address>',
  SMPP_HOST: 'must be a host name or address',
  SMPP_SYSTEM_ID: 'must be 1 to 15 visible characters (the SMPP account the aggregator gave)',
  SMPP_PASSWORD: 'must be 1 to 8 visible characters (SMPP 3.4 allows no more)',
  SMPP_SOURCE: 'must be an alphanumeric sender of up to 11 letters, digits or spaces, or a number',
};

/**
 * Variables whose value is a secret or may hold one (a token, a key, a URL with a user's password): a message
 * about them names the variable and never quotes the value, since boot errors end up in logs. Redacting just the
 * password would miss it in a value malformed enough not to parse, which is exactly the one refused.
 */
export const SECRET_VARIABLES: readonly Name[] = [
  'SESSION_SECRET',
  'METRICS_TOKEN',
  'MONGODB_URI',
  'REDIS_URL',
  'SMTP_URL',
  'SMPP_PASSWORD',
  'FIREBASE_WEB_API_KEY',
];

function describe(issue: AjvIssue, env: Env): ConfigError {
  const name = issue.instancePath.replace(/^\//, '') as Name;
  const value = env[name]?.trim() ?? '';
  const got = SECRET_VARIABLES.includes(name) ? '(its value is not shown: it may hold a secret)' : `got "${value}"`;
  switch (issue.keyword) {
    case 'enum':
      return new ConfigError(name, `must be one of ${(issue.params.allowedValues as string[]).join(', ')}, ${got}`);
    case 'type':
      return new ConfigError(name, `must be a whole number, ${got}`);
    case 'minimum':
    case 'maximum': {
      const { minimum, maximum } = SCHEMA.properties[name] as { minimum: number; maximum: number };
      return new ConfigError(name, `must be between ${minimum} and ${maximum}, ${got}`);
    }
    case 'pattern':
      return new ConfigError(name, `${PATTERN_HINTS[name] ?? 'is not valid'}, ${got}`);
    default:
      return new ConfigError(name, `${issue.message ?? 'is not valid'}, ${got}`);
  }
}

function validate(env: Env): Values {
  const data: Record<string, string> = {};
  for (const name of Object.keys(SCHEMA.properties)) {
    const value = env[name]?.trim();
    if (value) data[name] = value;
  }
  try {
    return envSchema({ schema: structuredClone(SCHEMA) as object, data, env: false }) as Values;
  } catch (error) {
    const issues = (error as { errors?: AjvIssue[] }).errors;
    if (issues?.[0]) throw describe(issues[0], env);
    throw error;
  }
}

function split(env: Values, name: Name, item: RegExp, what: string): string[] {
  const items = String(env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = items.find((value) => !item.test(value));
  if (bad !== undefined) throw new ConfigError(name, `must be a comma-separated list of ${what}, got "${bad}"`);
  return items;
}

function seconds(raw: string): number {
  const [, digits, unit] = /^(\d+)([smhd]?)$/.exec(raw) as RegExpExecArray;
  const value = Number(digits) * { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[unit as '' | 's' | 'm' | 'h' | 'd'];
  if (value < 60 || value > 30 * 86400)
    throw new ConfigError('SESSION_TTL', `must be between 1 minute and 30 days, got "${raw}"`);
  return value;
}

function timezone(value: string): string {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: value });
  } catch {
    throw new ConfigError('LIBRARY_TIMEZONE', `is not a known IANA time zone: "${value}"`);
  }
  return value;
}

/** The URL with any password replaced by ***, for messages and the start-up banner. */
export function redactPassword(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');
}

/** An SMTP URL the mailer can use: a host, and a port if any. */
function smtp(value: string): void {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError('SMTP_URL', `is not a URL (user names and passwords with @ : / must be %-encoded)`);
  }
  if (!parsed.hostname) throw new ConfigError('SMTP_URL', 'names no host');
}

/** The SMPP account: off without SMPP_HOST; with it, the account's id and password are required. */
function smsAccount(v: CheckedValues): SmsConfig | null {
  if (v.SMPP_HOST === undefined) return null;
  for (const name of ['SMPP_SYSTEM_ID', 'SMPP_PASSWORD'] as const) {
    if (v[name] === undefined) throw new ConfigError(name, 'is required with SMPP_HOST (the SMPP account)');
  }
  return {
    host: String(v.SMPP_HOST),
    port: Number(v.SMPP_PORT),
    systemId: String(v.SMPP_SYSTEM_ID),
    password: String(v.SMPP_PASSWORD),
    source: String(v.SMPP_SOURCE),
    maxParts: Number(v.SMS_MAX_PARTS),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const v = validate(env);
  const str = (name: Name) => (v[name] === undefined ? null : String(v[name]));
  const int = (name: Name) => Number(v[name]);

  const sessionSecret = str('SESSION_SECRET');
  if (sessionSecret !== null && Buffer.byteLength(sessionSecret) < 32) {
    throw new ConfigError('SESSION_SECRET', 'must be at least 32 bytes (256 bits)');
  }
  // The generated secret lives in one gateway's DATA_DIR; MongoDB is how several gateways share one library,
  // and a token one of them issued would be refused by the others (and by any gateway after a redeploy).
  if (sessionSecret === null && str('MONGODB_URI') !== null) {
    throw new ConfigError(
      'SESSION_SECRET',
      "is required with MONGODB_URI: every gateway on the same database must sign sessions with the same secret, and a generated one lives in one gateway's DATA_DIR only. Set it to 32+ random bytes, e.g. `openssl rand -hex 32`",
    );
  }
  const hasRealProject = Boolean(str('FIREBASE_PROJECT_ID') && str('GOOGLE_APPLICATION_CREDENTIALS'));
  const projectId = str('FIREBASE_PROJECT_ID') ?? 'demo-bookhaven';
  if (!hasRealProject && !projectId.startsWith('demo-')) {
    throw new ConfigError(
      'FIREBASE_PROJECT_ID',
      'needs GOOGLE_APPLICATION_CREDENTIALS too (or a demo- project for the emulator)',
    );
  }
  const credentials = str('GOOGLE_APPLICATION_CREDENTIALS');
  if (credentials !== null && !existsSync(credentials)) {
    throw new ConfigError('GOOGLE_APPLICATION_CREDENTIALS', `names no file: "${credentials}"`);
  }
  if (hasRealProject && !str('FIREBASE_WEB_API_KEY')) {
    throw new ConfigError('FIREBASE_WEB_API_KEY', 'is required with a real Firebase project (the SPA needs it)');
  }
  const authEmulatorHost = str('FIREBASE_AUTH_EMULATOR_HOST');
  // firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST from the environment itself and then accepts unsigned
  // ID tokens: with a real project configured, that leftover would let anyone sign in as anyone.
  if (hasRealProject && authEmulatorHost !== null) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST',
      'must not be set with a real Firebase project (FIREBASE_PROJECT_ID and GOOGLE_APPLICATION_CREDENTIALS): firebase-admin would accept unsigned ID tokens. Unset one or the other',
    );
  }
  const publicUrl = str('PUBLIC_URL');
  const smtpUrl = str('SMTP_URL');
  if (smtpUrl !== null) smtp(smtpUrl);
  const sms = smsAccount(v);
  const adminEmails = split(v, 'ADMIN_EMAILS', /^[^@\s]+@[^@\s]+$/, 'e-mail addresses').map((e) => e.toLowerCase());
  return {
    host: String(v.HOST),
    port: int('PORT'),
    publicUrl: publicUrl === null ? null : publicUrl.replace(/\/+$/, ''),
    dataDir: path.resolve(String(v.DATA_DIR)),
    mongodbUri: str('MONGODB_URI'),
    mongodbDb: String(v.MONGODB_DB),
    redisUrl: str('REDIS_URL'),
    libraryTimezone: timezone(String(v.LIBRARY_TIMEZONE)),
    sessionSecret,
    sessionTtlSeconds: seconds(String(v.SESSION_TTL)),
    adminEmails,
    corsOrigins: split(v, 'CORS_ORIGINS', /^https?:\/\/[^\s/?#]+$/, 'origins such as https://app.example.org'),
    firebase: {
      projectId,
      emulator: !hasRealProject,
      authEmulatorHost,
      webApiKey: str('FIREBASE_WEB_API_KEY') ?? (hasRealProject ? '' : 'demo-api-key'),
      authDomain: str('FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
      appId: str('FIREBASE_APP_ID'),
    },
    emulatorPorts: {
      auth: int('AUTH_EMULATOR_PORT'),
      hub: int('EMULATOR_HUB_PORT'),
      logging: int('EMULATOR_LOGGING_PORT'),
    },
    graphqlIntrospection: on(v.GRAPHQL_INTROSPECTION),
    production: v.NODE_ENV === 'production',
    logLevel: String(v.LOG_LEVEL),
    trustProxy: on(v.TRUST_PROXY),
    policy: readPolicy(v, adminEmails.length > 0),
    limits: {
      writesPerMinute: int('RATE_LIMIT_PER_MINUTE'),
      failedSignInsPerMinute: int('SIGN_IN_FAILURES_PER_MINUTE'),
      signInsPerMinute: int('SIGN_INS_PER_MINUTE'),
    },
    mail: { smtpUrl, from: String(v.MAIL_FROM) },
    sms,
    metricsToken: str('METRICS_TOKEN'),
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS'),
    timeouts: {
      headersMs: int('HEADERS_TIMEOUT_MS'),
      requestMs: int('REQUEST_TIMEOUT_MS'),
      idleMs: int('IDLE_TIMEOUT_MS'),
      keepAliveMs: int('KEEP_ALIVE_TIMEOUT_MS'),
    },
  };
}

/**
 * The policy alone, read and checked exactly as at boot, for tools that lend by it without a gateway (the
 * seed); the other variables (a store, a secret) are not theirs to require.
 */
export function loadPolicy(env: Env = process.env): Policy {
  return loadConfig(Object.fromEntries(POLICY_VARIABLES.map((name) => [name, env[name]]))).policy;
}

/** The variables loadConfig reads, for tests that try each with a bad value. */
export const CONFIG_VARIABLES = Object.keys(SCHEMA.properties) as Name[];
