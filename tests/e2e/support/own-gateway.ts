// A gateway of a journey's own, for a library configured unlike the shared one (its own policy numbers, returns
// at the desk, staff, an SMPP account): the journeys' clock gateway in a process of its own, on its own data, with
// the given settings; its API, session tokens and signed-in pages at hand, as support/library.ts gives the shared
// gateway's.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.ts';
import { signIn, type Account } from './accounts.ts';
import { VIEWPORTS } from './browser.ts';
import { apiTokenOn, graphqlOn } from './library.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface OwnGateway {
  /** Its address, e.g. http://127.0.0.1:40123. */
  base: string;
  /** Its clock's control server (support/clock-gateway.ts): move the library's days, run the schedule. */
  control: string;
  /** An operation on this gateway, its data (throws on an error), as support/library.ts's graphql. */
  graphql<T>(token: string | null, query: string, variables?: Record<string, unknown>): Promise<T>;
  /** A session token on this gateway for an account, straight from the API. */
  apiToken(account: Account): Promise<string>;
  /**
   * A page of this gateway's SPA in a desktop context of its own in `browser`, signed in through the login page
   * when an account is given; the caller closes it (page.context().close()).
   */
  openPage(browser: Browser, account?: Account): Promise<Page>;
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
    graphql: <T>(token: string | null, query: string, variables: Record<string, unknown> = {}) =>
      graphqlOn<T>(base, token, query, variables),
    apiToken: (account) => apiTokenOn(base, account),
    async openPage(browser, account) {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: base });
      const page = await context.newPage();
      if (account)
        await signIn(page, account).catch(async (error: unknown) => {
          await context.close();
          throw error;
        });
      return page;
    },
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
