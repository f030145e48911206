// The gateway's log: JSON lines (for machines and log shippers), or pino-pretty's readable lines when a person
// watches a terminal. Production and CI always get JSON, whatever the terminal: their logs are read by tools.
// A production install has no pino-pretty (a development dependency), so its absence also means JSON.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

const REDACT = ['req.headers.authorization', 'req.headers.cookie'];

export interface LogSurroundings {
  /** stdout is a terminal. */
  terminal: boolean;
  /** NODE_ENV=production. */
  production: boolean;
  /** Running under CI (the CI variable set and not "false" or "0"). */
  ci: boolean;
  /** pino-pretty resolves from here. */
  prettyInstalled: boolean;
}

/** Which format the log takes: readable only for a person at a development terminal. */
export function logFormat(where: LogSurroundings): 'pretty' | 'json' {
  return where.terminal && !where.production && !where.ci && where.prettyInstalled ? 'pretty' : 'json';
}

/** pino-pretty resolves from the server's code (a development dependency, absent after npm ci --omit=dev). */
export function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** What this process runs in, read once per app (resolving pino-pretty only when it could matter). */
export function currentSurroundings(production: boolean, env: NodeJS.ProcessEnv = process.env): LogSurroundings {
  const terminal = Boolean(process.stdout.isTTY);
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  return { terminal, production, ci, prettyInstalled: terminal && !production && !ci && prettyInstalled() };
}

export function loggerOptions(level: string, where: LogSurroundings): FastifyServerOptions['logger'] {
  if (logFormat(where) === 'json') return { level, redact: REDACT };
  return {
    level,
    redact: REDACT,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}
