// Starts the Auth emulator and the real gateway (over the built SPA, a fresh SQLite data directory) once for
// all journeys. The gateway is built as server/index.ts builds it, but by support/clock-gateway.ts, whose
// library clock journeys can move (support/clock.ts); the staff account's address is
// provided as staffEmail (support/staff.ts).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { testAuthEmulator } from '../../../scripts/auth-emulator.ts';
import { freePort } from '../../../scripts/lib/ports.ts';
import { newKeeperEmail, newStaffEmail } from './staff.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    authEmulatorUrl: string;
    /** An origin the gateway allows by CORS_ORIGINS, for journeys of a client served from another site. */
    foreignOrigin: string;
    /** The control server of the library's clock (support/clock-gateway.ts). */
    clockUrl: string;
    /** The staff account's e-mail address, listed in ADMIN_EMAILS (support/staff.ts). */
    staffEmail: string;
    /** The catalogue keeper's address, also staff: journeys stock the library through it (support/staff.ts). */
    keeperEmail: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Runs a start up to three times, answering with the first that succeeds. */
async function attempts<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`journeys' global setup: start failed (${String(error).slice(0, 200)}), trying fresh ports`);
    }
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, 'dist', 'client', 'index.html')))
    throw new Error('Build the SPA first (npm run build)');
  // A port found free a moment ago can be taken before it is bound (npm test starts the journey shards and
  // the fuzz runs' gateways together, and every outgoing connection takes a port too): a start that fails
  // is tried again on fresh ports.
  const emulator = await attempts(async () =>
    testAuthEmulator({
      port: await freePort(),
      hubPort: await freePort(),
      loggingPort: await freePort(),
      // Without npm test's shared emulator, each shard and fuzz run starts one: started together they share
      // the cores and come up together, later than one alone would.
      timeoutMs: 180_000,
    }),
  );
  const staffEmail = newStaffEmail();
  const keeperEmail = newKeeperEmail();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-e2e-'));
  const foreignOrigin = `http://localhost:${await freePort()}`;
  // A gateway that never starts must not leave the emulator (and the data directory) behind.
  const started = attempts(async () => {
    const port = await freePort();
    const clockPort = await freePort();
    const gateway = spawn(process.execPath, [path.join(ROOT, 'tests', 'e2e', 'support', 'clock-gateway.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '10000',
        SIGN_IN_FAILURES_PER_MINUTE: '10000',
        SIGN_INS_PER_MINUTE: '10000',
        CORS_ORIGINS: foreignOrigin,
        ADMIN_EMAILS: `${staffEmail},${keeperEmail}`,
        // The journeys of a member borrowing and returning in the app (a staffed library's defaults are click and
        // collect and returns at the desk: click-and-collect.e2e.ts and returns-desk.e2e.ts start their own).
        BORROWING: 'instant',
        RETURNS: 'self',
        CLOCK_PORT: String(clockPort),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) break;
      } catch {
        // not up yet
      }
      if (i > 150 || gateway.exitCode !== null) {
        gateway.kill('SIGTERM');
        throw new Error('The gateway did not start for the journeys');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { gateway, baseUrl, clockPort };
  });
  const { gateway, baseUrl, clockPort } = await started.catch(async (error: unknown) => {
    await emulator.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  project.provide('baseUrl', baseUrl);
  project.provide('authEmulatorUrl', emulator.url);
  project.provide('foreignOrigin', foreignOrigin);
  project.provide('staffEmail', staffEmail);
  project.provide('keeperEmail', keeperEmail);
  project.provide('clockUrl', `http://127.0.0.1:${clockPort}`);
  return async () => {
    const exited = new Promise((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGTERM');
    await exited;
    await emulator.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
