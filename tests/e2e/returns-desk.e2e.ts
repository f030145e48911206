// RETURNS=desk in the browser: a member's Return Book records a claim. They are told the desk closes the loan,
// and Borrowed Books keeps it on the Pending tab with its own badge, the copy still out (docs/decisions/041).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports.ts';
import { createAccount, signIn } from './support/accounts.ts';
import { useBrowser, VIEWPORTS } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { libraryDay } from './support/library.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

let gateway: ChildProcess;
let dataDir = '';
let base = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-e2e-returns-'));
  const port = await freePort();
  gateway = spawn(process.execPath, [path.join(ROOT, 'tests', 'e2e', 'support', 'clock-gateway.ts')], {
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
      CLOCK_PORT: String(await freePort()),
      RETURNS: 'desk',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) break;
    if (i > 150 || gateway.exitCode !== null) throw new Error('The gateway with RETURNS=desk did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

afterAll(async () => {
  if (gateway?.exitCode === null) {
    const exited = new Promise((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('a return claim (RETURNS=desk)', () => {
  const browser = useBrowser('desktop');
  let page: Page;

  const gql = async <T>(token: string | null, query: string, variables: Record<string, unknown> = {}) => {
    const answer = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return ((await answer.json()) as { data: T }).data;
  };

  it('tells the member the desk closes the loan and keeps it pending with a "Return claimed" badge', async () => {
    const context = await browser.context().browser()!.newContext({ viewport: VIEWPORTS.desktop, baseURL: base });
    page = await context.newPage();
    try {
      await signIn(page, await createAccount({ name: 'Claim Reader' }));
      const token = await page.evaluate(() => localStorage.getItem('bookHavenToken'));
      const { books } = await gql<{ books: { nodes: { id: string; title: string; quantity: number }[] } }>(
        null,
        '{ books(filter: { availableOnly: true }, first: 1) { nodes { id title quantity } } }',
      );
      const book = books.nodes[0]!;
      await gql(token, 'mutation($input: BorrowInput!) { borrow(input: $input) { record { id } } }', {
        input: { bookId: book.id, returnDate: libraryDay(7) },
      });

      await page.goto('/borrowed-books');
      const card = page.getByRole('article', { name: book.title });
      await card.getByRole('button', { name: `Return Book: ${book.title}` }).click();
      await page.getByRole('button', { name: 'Yes, return it!' }).click();
      await page.getByRole('heading', { name: 'Return Recorded' }).waitFor();
      await page.getByText("We'll close this loan when the book reaches the desk or the book drop.").first().waitFor();
      await page.getByRole('button', { name: 'OK' }).click();
      await page.locator('.swal2-container').waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: 'Pending (1)', selected: true }).waitFor();
      await card.getByText('Return claimed').waitFor();
      await card.getByText(/We'll close this loan when the book reaches the desk or the book drop\./).waitFor();
      expect(await card.getByRole('button', { name: /Return Book/ }).count()).toBe(0);
      // The copy is still out: the book's count did not go back up.
      const after = await gql<{ book: { quantity: number } }>(null, 'query($id: ID!) { book(id: $id) { quantity } }', {
        id: book.id,
      });
      expect(after.book.quantity).toBe(book.quantity - 1);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
