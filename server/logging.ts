// The gateway's log: JSON lines (for machines and log shippers), or pino-pretty's readable lines when a person
// watches a terminal and the development dependency is installed (a production install has no pino-pretty).
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

const REDACT = ['req.headers.authorization', 'req.headers.cookie'];

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

export function loggerOptions(level: string, terminal = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  if (!terminal || !prettyAvailable()) return { level, redact: REDACT };
  return {
    level,
    redact: REDACT,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}
