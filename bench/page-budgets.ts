// Issue 15's budget for the SPA at library scale: on the bench's store (50,000 books, 10,000 members), the first
// card of All Books, of a category page and of All Users visible within 1 s of navigation start on localhost,
// and the tab under 5,000 DOM nodes once the first page has loaded. Measured in Debian's Chromium
// (playwright-core) against a gateway of its own on the same store, with the Auth emulator, since the
// signed-in pages need a member who signed in through Firebase. Each load is a fresh context (cold HTTP cache)
// carrying the session of one sign-in; the figure is the median of several loads.
// `node bench/page-budgets.ts` runs it alone.
import { type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { signUpInEmulator, startAuthEmulator, type AuthEmulator } from '../scripts/auth-emulator.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/lib/chromium.ts';
import { freePort } from '../scripts/lib/ports.ts';
import { GATEWAY_FLAGS, gatewayEnv, launch, rows, SEED } from './load.ts';
import type { Targets } from './report.ts';
import { benchStore, type BenchStore } from './store.ts';

export const FIRST_CARD_BUDGET_MS = 1000;
export const DOM_NODE_BUDGET = 5000;

export interface PageBudget {
  page: string;
  path: string;
  /** Median time from navigation start to the first card laid out in the page's main region, and every run's. */
  firstCardMs: number;
  runsMs: number[];
  /** The most elements the tab had once the first page of cards had loaded (network idle), over the runs. */
  domNodes: number;
  cards: number;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

declare global {
  interface Window {
    __firstCard?: number;
  }
}

/** In the page before any of its scripts: the time of the frame in which the first card is laid out. */
function watchFirstCard() {
  const seen = () => {
    const card = document.querySelector('main article');
    if (!card || card.getBoundingClientRect().height === 0) return false;
    requestAnimationFrame(() => {
      window.__firstCard ??= performance.now();
    });
    return true;
  };
  new MutationObserver((_, observer) => {
    if (seen()) observer.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

const READER = { email: 'bench-reader@example.com', password: 'Secret123', displayName: 'Bench Reader' };
/** The desk's librarian (ADMIN_EMAILS, when a bench asks for staff). */
const LIBRARIAN = { email: 'bench-librarian@example.com', password: 'Secret123', displayName: 'Bench Librarian' };

async function signedInState(
  browser: Browser,
  url: string,
  emulator: AuthEmulator,
  account = READER,
): Promise<StorageState> {
  await signUpInEmulator(emulator.url, account);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForFunction(() => localStorage.getItem('bookHavenToken'));
    await page.waitForURL((next) => next.pathname !== '/login');
    // Firebase keeps its user in IndexedDB; the session token is in localStorage.
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

async function measurePage(browser: Browser, state: StorageState, url: string, runs: number) {
  const runsMs: number[] = [];
  let domNodes = 0;
  let cards = 0;
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(watchFirstCard);
      await page.goto(url, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(() => window.__firstCard, null, { timeout: 30_000 });
      runsMs.push(Math.round(Number(await handle.jsonValue())));
      if (new URL(page.url()).pathname === '/login') throw new Error(`${url} sent the signed-in reader to /login`);
      // The first page has loaded once the network has been quiet (covers included).
      await page.waitForLoadState('networkidle');
      const counted = await page.evaluate(() => ({
        nodes: document.getElementsByTagName('*').length,
        cards: document.querySelectorAll('main article').length,
      }));
      domNodes = Math.max(domNodes, counted.nodes);
      cards = counted.cards;
    } finally {
      await context.close();
    }
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { firstCardMs: sorted[Math.floor(sorted.length / 2)]!, runsMs, domNodes, cards };
}

/**
 * A gateway and an Auth emulator of their own on `store`, Debian's Chromium, and a reader's signed-in session;
 * with `staff`, a librarian's too (the gateway runs with ADMIN_EMAILS naming them).
 */
export async function signedInGateway(store: BenchStore, { staff = false }: { staff?: boolean } = {}) {
  const children: ChildProcess[] = [];
  const emulator = await startAuthEmulator({
    port: await freePort(),
    hubPort: await freePort(),
    loggingPort: await freePort(),
  });
  let browser: Browser | null = null;
  const stop = async () => {
    await browser?.close();
    for (const child of children) child.kill('SIGTERM');
    await emulator.stop();
  };
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    children.push(
      await launch(
        [...GATEWAY_FLAGS, 'server/index.ts'],
        gatewayEnv(store.env, port, {
          FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
          SIGN_INS_PER_MINUTE: '10000',
          ...(staff ? { ADMIN_EMAILS: LIBRARIAN.email } : {}),
        }),
        `${url}/healthz`,
      ),
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    const state = await signedInState(browser, url, emulator);
    const staffState = staff ? await signedInState(browser, url, emulator, LIBRARIAN) : undefined;
    return { url, browser, state, staffState, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The three pages against their budgets, with a gateway and an Auth emulator of their own on `store`. */
export async function pageBudgets(store: BenchStore, runs = 5) {
  const { url, browser, state, stop } = await signedInGateway(store);
  try {
    const genres = (await (
      await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ genres }' }),
      })
    ).json()) as { data: { genres: string[] } };
    const genre = genres.data.genres[0] ?? 'Fiction';
    const pages = [
      { page: 'All Books', path: '/all-books' },
      { page: `category ${genre}`, path: `/category/${encodeURIComponent(genre)}` },
      { page: 'All Users', path: '/all-users' },
    ];
    const results: PageBudget[] = [];
    for (const target of pages) {
      const measured = await measurePage(browser, state, `${url}${target.path}`, runs);
      const result = { ...target, ...measured };
      results.push(result);
      rows.push({
        scenario: `${target.page} (${target.path}) in Chromium, signed in: first card (median of ${runs} cold loads)`,
        rps: 0,
        p50: result.firstCardMs,
        p99: Math.max(...result.runsMs),
        errors: 0,
        note: `runs ${result.runsMs.join(', ')} ms; ${result.domNodes} DOM nodes after the first page (${result.cards} cards)`,
      });
      console.log(
        `  ${target.page}: first card ${result.firstCardMs} ms (${result.runsMs.join(', ')}), ${result.domNodes} DOM nodes, ${result.cards} cards`,
      );
    }
    const store_ = `${SEED.books} books, ${SEED.users} members`;
    return {
      results,
      headline: Object.fromEntries(
        results.flatMap((r) => [
          [`${r.page} first card ms`, r.firstCardMs],
          [`${r.page} DOM nodes`, r.domNodes],
        ]),
      ),
      targets: results.flatMap((r) => [
        [
          `Issue 15: ${r.page} first card <= ${FIRST_CARD_BUDGET_MS} ms on localhost (${store_})`,
          r.firstCardMs <= FIRST_CARD_BUDGET_MS,
        ],
        [`Issue 15: ${r.page} under ${DOM_NODE_BUDGET} DOM nodes after the first page`, r.domNodes < DOM_NODE_BUDGET],
      ]) as Targets,
    };
  } finally {
    await stop();
  }
}

if (import.meta.main) {
  const store = await benchStore(SEED);
  try {
    const { headline, targets } = await pageBudgets(store, Number(process.env.BENCH_PAGE_RUNS ?? 5));
    console.log(headline);
    for (const [name, met] of targets) console.log(`- ${met ? 'met' : '**not met**'}: ${name}`);
  } finally {
    await store.dispose();
  }
}
