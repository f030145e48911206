// The first visit on a slow or failing network: compressed, immutable assets and a revalidated page; a search
// whose answer is slow says it is working; a page whose code does not load shows the app's own page; and after
// one online visit the service worker opens the shell offline, with the offline banner.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { addBook, holdOperation, sharedSession, uniqueTag } from './support/library.ts';

const signedIn = sharedSession({ name: 'Slow Network Reader' });
const tag = uniqueTag('qv');

beforeAll(async () => {
  for (const title of ['Monsoon', 'Delta', 'Ferry']) await addBook({ title: `${title} ${tag}`, genre: 'Drama' });
});

describe('bytes', () => {
  const browser = useBrowser('phone');

  it('sends the scripts and styles compressed and immutable, and index.html revalidated', async () => {
    const page = browser.page();
    const assets: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push(response);
    });
    const home = await page.goto('/');
    await page.getByRole('heading', { name: 'Discover Your Next Great Read' }).waitFor();
    expect(home?.headers()['cache-control']).toBe('no-cache');
    const etag = home?.headers()['etag'] ?? '';
    expect(etag).not.toBe('');

    const scripts = assets.filter((response) => /\.(js|css)$/.test(new URL(response.url()).pathname));
    expect(scripts.length).toBeGreaterThan(2);
    for (const response of scripts) {
      const headers = await response.allHeaders();
      expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
      // Chromium asks for brotli over HTTPS only; over this test's plain HTTP it takes gzip.
      expect(headers['content-encoding'], response.url()).toMatch(/^(br|gzip)$/);
    }

    // The page itself is asked again each time and confirmed unchanged.
    const again = await page.request.get('/', { headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(again.status()).toBe(304);
  });
});

describe('calm when the network is slow or fails', () => {
  const browser = useBrowser('desktop');

  it('dims the list under a progress bar while a search waits for its answer', async () => {
    const page = browser.page();
    await signedIn(browser);
    await page.goto(`/all-books?q=${tag}`);
    await page.getByRole('article', { name: `Delta ${tag}` }).waitFor();

    // The next search's answer is held back, as a slow network would.
    const answer = await holdOperation(page, 'AllBooks');
    await page.getByRole('searchbox', { name: 'Search books' }).fill(`Monsoon ${tag}`);
    const bar = page.getByRole('progressbar', { name: 'Loading books...' });
    await bar.waitFor();
    // The old results stay, marked busy, until the new ones come.
    expect(
      await page
        .locator('[aria-busy="true"]')
        .getByRole('article', { name: `Delta ${tag}` })
        .count(),
    ).toBe(1);
    await answer.release();
    await bar.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
  });

  it("shows the app's own page, inside the layout, when a page's code does not load, after one reload", async () => {
    const page = browser.page();
    // As after a deploy: the About page's chunk is gone.
    await browser.context().route(/\/assets\/about-page-[\w-]+\.js$/, (route) => route.fulfill({ status: 404 }));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Discover Your Next Great Read' }).waitFor();
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();

    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'We could not reach the library. Check your connection and try again.',
    );
    expect(await page.getByText(/dynamically imported module|Failed to fetch/).count()).toBe(0);
    // Inside the layout: the header still takes the member elsewhere.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Home' }).count()).toBeGreaterThan(0);
    // It reloaded once for a new version, and not again once that failed too.
    expect(loads).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/about');
    await page.getByRole('button', { name: 'Try Again' }).waitFor();

    // The file is back (the deploy finished): Try again opens the page.
    await browser.context().unroute(/\/assets\/about-page-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The page's heading can show before the reloaded document's load event fires.
    await expect.poll(() => loads).toBe(2);
  });
});

describe('offline', () => {
  const browser = useBrowser('phone', { serviceWorkers: 'allow' });

  it("opens the shell with the offline banner after one online visit, and the sandbox stays the gateway's", async () => {
    const page = browser.page();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Discover Your Next Great Read' }).waitFor();
    // The worker installs after the load event and takes this page over.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // The page asked for its runtime config again through the worker, which keeps it for an offline start.
    await page.waitForFunction(
      async () => (await caches.open('runtime-config').then((cache) => cache.keys())).length > 0,
      undefined,
      { timeout: 30_000, polling: 200 },
    );
    expect(await page.getByText('You are offline: showing what was loaded before').count()).toBe(0);

    // The sandbox is the gateway's page, not the SPA's, even with the worker in place.
    const sandbox = await browser.context().newPage();
    for (const address of ['/sandbox', '/graphql']) {
      await sandbox.goto(address);
      expect(await sandbox.title(), address).toBe('BookHaven GraphQL sandbox');
      expect(await sandbox.locator('#root').count()).toBe(0);
    }
    await sandbox.close();

    await browser.context().setOffline(true);
    await page.reload();
    await page.getByText('You are offline: showing what was loaded before').waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Discover Your Next Great Read' }).waitFor();
    await page.getByText('You are offline: showing what was loaded before').waitFor();

    await browser.context().setOffline(false);
    await page.getByText('You are offline: showing what was loaded before').waitFor({ state: 'detached' });
  });
});
