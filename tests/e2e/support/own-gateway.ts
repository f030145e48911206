// A gateway of a journey's own, for a library configured unlike the shared one (its own policy numbers, returns
// at the desk): the journeys' clock gateway in a process of its own, on its own data, with the given settings.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface OwnGateway {
  /** Its address, e.g. http://127.0.0.1:40123. */
  base: string;
  /** Its clock's control server (support/clock-gateway.ts): move the library's days, run the schedule. */
  control: string;
  stop(): Promise<void>;
}

/** Starts the gateway with `settings` on top of the journeys' own, and waits until it answers /healthz. */
export async function startOwnGateway(name: string, settings: Record<string, string>): Promise<OwnGateway> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `bookhaven-e2e-${name}-`));
  const port = await freePort();
  const clockPort = await freePort();
  const gateway: ChildProcess = spawn(
    process.execPath,
    [path.join(ROOT, 'tests', 'e2e', 'support', 'clock-gateway.ts')],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        FIREBASE_AUTH_EMULATOR_HOST: new URL(inject('authEmulatorUrl')).host,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '10000',
        SIGN_IN_FAILURES_PER_MINUTE: '10000',
        SIGN_INS_PER_MINUTE: '10000',
        CLOCK_PORT: String(clockPort),
        ...settings,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) break;
    if (i > 150 || gateway.exitCode !== null) throw new Error(`The gateway ${name} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    control: `http://127.0.0.1:${clockPort}`,
    async stop() {
      if (gateway.exitCode === null) {
        const exited = new Promise((resolve) => gateway.once('exit', resolve));
        gateway.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
