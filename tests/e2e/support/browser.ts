// Debian's Chromium through playwright-core, strict: a console error or an uncaught page error fails the
// journey, and a failing journey leaves a screenshot in test-results/e2e/.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/lib/chromium.ts';
import { signIn, type Account } from './accounts.ts';

export const VIEWPORTS = {
  desktop: { width: 1366, height: 800 },
  // A desk's laptop: the desk fits it without scrolling to a slip or a receipt.
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-results/e2e');

export function baseUrl() {
  return inject('baseUrl');
}

/**
 * One Chromium for the whole file, launched by the first suite that asks and closed when the file ends
 * (support/close-browser.ts, a setup file): every test still gets a fresh context of its own, so a second
 * launch per suite bought nothing but a second of start-up.
 */
let shared: Promise<Browser> | undefined;

export async function closeSharedBrowser() {
  const launched = shared;
  shared = undefined;
  await (await launched?.catch(() => undefined))?.close();
}

/**
 * Registers hooks that give each test a fresh context and page; returns accessors. The production build
 * registers a service worker; journeys block it (it would answer requests that they route and watch) unless
 * they are about it (`serviceWorkers: 'allow'`).
 */
export function useBrowser(
  viewport: keyof typeof VIEWPORTS = 'desktop',
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
) {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    browser = await (shared ??= chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true }));
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl(), serviceWorkers });
    page = await context.newPage();
    problems = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // Failed image loads are expected (the placeholder fallback is under test); everything else is a bug.
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
        problems.push(`console error: ${message.text()}`);
    });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      mkdirSync(ARTIFACTS, { recursive: true });
      const name = `${viewport}-${ctx.task.name}`.replace(/[^\w-]+/g, '_').slice(0, 120);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => undefined);
    }
    await context.close();
    expect(problems, 'the page logged errors').toEqual([]);
  });

  return {
    page: () => page,
    context: () => context,
  };
}

/** Another signed-in browser for a member, watched for page errors like the journey's own. */
export async function memberBrowser(context: BrowserContext, account: Account) {
  const own = await context
    .browser()!
    .newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl(), serviceWorkers: 'block' });
  const page = await own.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  await signIn(page, account);
  return { page, problems, close: () => own.close() };
}
