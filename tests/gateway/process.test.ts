// The gateway as a real process: refuses bad config by name, and drains in-flight requests on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports.ts';
import { SHUTDOWN_GRACE_MS } from '../../server/index.ts';
import { createSessionTokens } from '../../server/auth/session.ts';
import { en as MESSAGES } from '../../server/library/i18n/en.ts';
import { openStore } from '../../server/store/open-store.ts';

const ENTRY = path.resolve(import.meta.dirname, '../../server/index.ts');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-proc-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function launch(env: Record<string, string>) {
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  return { child, exited, output: () => output };
}

async function waitHealthy(url: string, child: ChildProcess) {
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('gateway did not become healthy');
}

describe('gateway process', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number'],
    // Passed the old checks, then crashed inside the logger.
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
  ])('stops at boot with a message naming a bad variable (%o)', async (env, message) => {
    const { exited, output } = launch(env);
    const { code } = await exited;
    expect(code).toBe(1);
    expect(output()).toContain(message);
  });

  it('refuses a real Firebase project while FIREBASE_AUTH_EMULATOR_HOST is set, instead of accepting unsigned tokens', async () => {
    const credentials = path.join(dataDir, 'service-account.json');
    await writeFile(credentials, '{}');
    const { exited, output } = launch({
      PORT: String(await freePort()),
      FIREBASE_PROJECT_ID: 'real-project',
      GOOGLE_APPLICATION_CREDENTIALS: credentials,
      FIREBASE_WEB_API_KEY: 'key',
    });
    const { code } = await exited;
    expect(code).toBe(1);
    expect(output()).toMatch(
      /FIREBASE_AUTH_EMULATOR_HOST must not be set with a real Firebase project \(FIREBASE_PROJECT_ID and GOOGLE_APPLICATION_CREDENTIALS\)/,
    );
  });

  it('says at start whether notices are e-mailed, and where to without the password', async () => {
    for (const [smtp, line] of [
      ['', 'E-mail notices: off (SMTP_URL is not set)'],
      ['smtp://desk:hunter2@127.0.0.1:2525', 'E-mail notices: on, through smtp://desk:***@127.0.0.1:2525 from'],
    ] as const) {
      const port = await freePort();
      const gateway = launch({ PORT: String(port), LOG_LEVEL: 'info', SMTP_URL: smtp });
      try {
        await waitHealthy(`http://127.0.0.1:${port}`, gateway.child);
        expect(gateway.output()).toContain(line);
        expect(gateway.output()).not.toContain('hunter2');
      } finally {
        gateway.child.kill('SIGTERM');
        await gateway.exited;
      }
    }
  });

  it('finishes in-flight requests on SIGTERM, exits 0 and keeps its data', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const secret = randomBytes(32).toString('hex');
    const env = { PORT: String(port), SESSION_SECRET: secret, RATE_LIMIT_PER_MINUTE: '100000' };
    const first = launch(env);
    await waitHealthy(url, first.child);

    // Half of the 100 in-flight requests are borrows by different members, so a loan could be cut in half.
    const tokens = createSessionTokens(new TextEncoder().encode(secret), 3600);
    const json = { 'content-type': 'application/json' };
    const book = (await (
      await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ query: '{ books(first: 1) { nodes { id quantity } } }' }),
      })
    ).json()) as { data: { books: { nodes: { id: string; quantity: number }[] } } };
    const target = book.data.books.nodes[0]!;
    const stock = 40;
    // Another connection to the same file sets the stock; the gateway sees it (SQLite WAL).
    const setup = await openStore({ dataDir });
    await setup.books.changeStock(target.id, stock - target.quantity);
    await setup.close();
    const returnDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const borrowers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        tokens.issue({ uid: `sigterm-${i}`, email: `s${i}@example.com`, name: `Reader ${i}`, role: 'member' }),
      ),
    );

    const query = JSON.stringify({ query: '{ books(first: 100) { totalCount nodes { id title } } }' });
    const inflight = Array.from({ length: 100 }, (_, i) =>
      (i % 2 === 0
        ? fetch(`${url}/api/borrow`, {
            method: 'POST',
            headers: { ...json, authorization: `Bearer ${borrowers[i / 2]!}` },
            body: JSON.stringify({ bookId: target.id, returnDate }),
          })
        : fetch(`${url}/graphql`, { method: 'POST', headers: json, body: query })
      ).then(
        async (response) => ({ status: response.status, body: await response.text() }),
        (error: Error) => ({ status: 0, body: error.message }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    const signalledAt = Date.now();
    first.child.kill('SIGTERM');
    const answers = await Promise.all(inflight);
    const { code, at } = await first.exited;

    const tally = Object.entries(Object.groupBy(answers, (a) => String(a.status))).map(
      ([status, list]) => `${status}: ${list?.length}`,
    );
    console.log(
      `SIGTERM with 100 requests in flight (50 borrows): ${tally.join(', ')}; exited after ${at - signalledAt} ms`,
    );
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS + 2000);
    for (const answer of answers) {
      // Accepted requests complete; later ones get a clean 503 or a refused connection, never a broken body.
      // 50 members borrow 40 copies: when more than 40 borrows were accepted before the signal, the rest are
      // refused as out of stock, a complete answer too.
      if (answer.status === 400)
        expect(JSON.parse(answer.body)).toEqual({ message: MESSAGES.outOfStock, code: 'OUT_OF_STOCK' });
      else expect([0, 200, 201, 503]).toContain(answer.status);
      if (answer.status === 200 || answer.status === 201) expect(() => JSON.parse(answer.body)).not.toThrow();
    }
    expect(answers.filter((a) => a.status === 200 || a.status === 201).length).toBeGreaterThan(0);

    // No half-written loan: every acknowledged borrow has its loan, and copies + active loans = the stock.
    const store = await openStore({ dataDir });
    try {
      const acknowledged = answers.filter((a, i) => i % 2 === 0 && a.status === 201).length;
      let active = 0;
      for (let i = 0; i < 50; i++)
        active += (await store.loans.listByUser(`sigterm-${i}`)).filter(
          (l) => l.bookId === target.id && l.status === 'borrowed',
        ).length;
      expect(active).toBeGreaterThanOrEqual(acknowledged);
      expect(((await store.books.get(target.id))?.quantity ?? -1) + active).toBe(stock);
    } finally {
      await store.close();
    }

    const second = launch(env);
    await waitHealthy(url, second.child);
    const books = (await (await fetch(`${url}/api/books`)).json()) as unknown[];
    expect(books.length).toBeGreaterThan(20);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 60_000);
});
