// The gateway's log is read by a person in a development terminal and by tools everywhere else: pino-pretty's
// lines only for the first, JSON lines otherwise (and whenever pino-pretty is not installed).
import { describe, expect, it } from 'vitest';
import {
  currentSurroundings,
  logFormat,
  loggerOptions,
  prettyInstalled,
  type LogSurroundings,
} from '../../server/logging.ts';

const developer: LogSurroundings = { terminal: true, production: false, ci: false, prettyInstalled: true };

describe('log format', () => {
  it('is readable for a developer at a terminal', () => {
    expect(logFormat(developer)).toBe('pretty');
    expect(loggerOptions('warn', developer)).toMatchObject({ level: 'warn', transport: { target: 'pino-pretty' } });
  });

  it.each([
    ['stdout is a pipe or a file', { terminal: false }],
    ['NODE_ENV=production', { production: true }],
    ['CI', { ci: true }],
    ['pino-pretty is not installed (npm ci --omit=dev)', { prettyInstalled: false }],
  ])('is JSON when %s', (_, change: Partial<LogSurroundings>) => {
    const where = { ...developer, ...change };
    expect(logFormat(where)).toBe('json');
    expect(loggerOptions('info', where)).not.toHaveProperty('transport');
  });

  it('reads CI from the environment, where "false" and "0" mean not CI', () => {
    expect(currentSurroundings(false, { CI: 'true' }).ci).toBe(true);
    expect(currentSurroundings(false, { CI: '1' }).ci).toBe(true);
    for (const CI of ['false', '0', '', undefined]) expect(currentSurroundings(false, { CI }).ci).toBe(false);
  });

  it('finds pino-pretty from the server where the development dependencies are installed, as for npm start', () => {
    expect(prettyInstalled()).toBe(true);
  });
});
