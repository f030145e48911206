// Configuration is read once at boot and validated; a bad value stops the process with a message naming
// the variable. Every variable and its default is listed in .env.example.
import path from 'node:path';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  mongodbUri: string | null;
  mongodbDb: string;
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
  graphqlIntrospection: boolean;
  production: boolean;
  logLevel: string;
  trustProxy: boolean;
  rateLimitPerMinute: number;
  /** How long a shared catalogue answer may be served from memory; 0 turns the response cache off. */
  responseCacheTtlMs: number;
}

export class ConfigError extends Error {
  constructor(variable: string, reason: string) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? fallback : value;
}

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** Durations like "3600", "90m", "24h", "7d" in seconds. */
function duration(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const match = /^(\d+)([smhd]?)$/.exec(raw);
  if (!match) throw new ConfigError(name, `must be a duration like 3600, 90m, 24h or 7d, got "${raw}"`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  const seconds = Number(match[1]) * unit;
  if (seconds < 60 || seconds > 30 * 86400) throw new ConfigError(name, 'must be between 1 minute and 30 days');
  return seconds;
}

function timezone(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: value });
  } catch {
    throw new ConfigError(name, `is not a known IANA time zone: "${value}"`);
  }
  return value;
}

export function loadConfig(env: Env = process.env): Config {
  const sessionSecret = optional(env, 'SESSION_SECRET');
  if (sessionSecret !== null && Buffer.byteLength(sessionSecret) < 32) {
    throw new ConfigError('SESSION_SECRET', 'must be at least 32 bytes (256 bits)');
  }
  const mongodbUri = optional(env, 'MONGODB_URI');
  if (mongodbUri !== null && !/^mongodb(\+srv)?:\/\//.test(mongodbUri)) {
    throw new ConfigError('MONGODB_URI', 'must start with mongodb:// or mongodb+srv://');
  }
  const hasRealProject = Boolean(optional(env, 'FIREBASE_PROJECT_ID') && optional(env, 'GOOGLE_APPLICATION_CREDENTIALS'));
  const projectId = hasRealProject ? text(env, 'FIREBASE_PROJECT_ID', '') : text(env, 'FIREBASE_PROJECT_ID', 'demo-bookhaven');
  if (!hasRealProject && !projectId.startsWith('demo-')) {
    throw new ConfigError('FIREBASE_PROJECT_ID', 'needs GOOGLE_APPLICATION_CREDENTIALS too (or a demo- project for the emulator)');
  }
  if (hasRealProject && !optional(env, 'FIREBASE_WEB_API_KEY')) {
    throw new ConfigError('FIREBASE_WEB_API_KEY', 'is required with a real Firebase project (the SPA needs it)');
  }
  const authEmulatorHost = optional(env, 'FIREBASE_AUTH_EMULATOR_HOST');
  if (authEmulatorHost !== null && !/^[\w.-]+:\d+$/.test(authEmulatorHost)) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST', `must be host:port, got "${authEmulatorHost}"`);
  }
  const production = text(env, 'NODE_ENV', 'development') === 'production';
  return {
    host: text(env, 'HOST', '127.0.0.1'),
    port: integer(env, 'PORT', 4000, 0, 65535),
    dataDir: path.resolve(text(env, 'DATA_DIR', './data')),
    mongodbUri,
    mongodbDb: text(env, 'MONGODB_DB', 'bookhaven'),
    libraryTimezone: timezone(env, 'LIBRARY_TIMEZONE', 'Asia/Dhaka'),
    sessionSecret,
    sessionTtlSeconds: duration(env, 'SESSION_TTL', 24 * 3600),
    adminEmails: list(env, 'ADMIN_EMAILS').map((e) => e.toLowerCase()),
    corsOrigins: list(env, 'CORS_ORIGINS'),
    firebase: {
      projectId,
      emulator: !hasRealProject,
      authEmulatorHost,
      webApiKey: text(env, 'FIREBASE_WEB_API_KEY', hasRealProject ? '' : 'demo-api-key'),
      authDomain: text(env, 'FIREBASE_AUTH_DOMAIN', `${projectId}.firebaseapp.com`),
      appId: optional(env, 'FIREBASE_APP_ID'),
    },
    graphqlIntrospection: boolean(env, 'GRAPHQL_INTROSPECTION', true),
    production,
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000),
    responseCacheTtlMs: integer(env, 'RESPONSE_CACHE_TTL_MS', 1000, 0, 3_600_000),
  };
}
