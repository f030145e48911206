// A signed-in page on a slow phone: its first query leaves with the page, before the app's code has even
// downloaded, and the app takes that answer instead of asking again (decision 050).
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, useBrowser, VIEWPORTS } from './support/browser.ts';
import { addBook, sharedSession, uniqueTag } from './support/library.ts';

const signedIn = sharedSession({ name: 'First Screen Reader' });

/** Every GraphQL request of `operationName` the page sends from now on. */
function watch(page: Page, operationName: string) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/graphql' || request.method() !== 'POST') return;
    if ((request.postDataJSON() as { operationName?: string } | null)?.operationName === operationName)
      sent.push(request.url());
  });
  return sent;
}

describe('the first screen of a signed-in page', () => {
  const browser = useBrowser('phone');

  it('asks for All Books and a book before the app has run, and the app takes those answers', async () => {
    const book = await addBook({ title: `Early Answer ${uniqueTag('fs')}`, genre: 'Drama' });
    const page = browser.page();
    await signedIn(browser);

    // Without the app's code at all, the page still asks for its list.
    const entry = /\/assets\/index-[\w-]+\.js$/;
    await page.route(entry, (route) => route.abort());
    const asked = page.waitForRequest((request) => request.postDataJSON()?.operationName === 'AllBooks');
    await page.goto('/all-books');
    await asked;
    await page.unroute(entry);

    for (const [path, operationName, shown] of [
      ['/all-books', 'AllBooks', page.getByRole('heading', { name: 'Book Collection' })],
      [`/book-details/${book.id}`, 'BookDetails', page.getByRole('heading', { name: book.title, level: 1 })],
    ] as const) {
      const sent = watch(page, operationName);
      await page.goto(path);
      await shown.waitFor();
      await page.waitForLoadState('networkidle');
      // One request: the early one, whose answer the page showed.
      expect(sent, path).toHaveLength(1);
    }
  });
});

/** Where each of `selectors` (inside `scope`) is drawn, in CSS pixels of the viewport. */
function boxesOf<K extends string>(page: Page, scope: string, selectors: Record<K, string>) {
  return page.evaluate(
    ({ scope, selectors }) => {
      const root = document.querySelector(scope);
      return Object.fromEntries(
        Object.entries(selectors).map(([name, selector]) => {
          const r = root?.querySelector(selector)?.getBoundingClientRect();
          const box = r
            ? { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) }
            : null;
          return [name, box];
        }),
      ) as Record<K, { x: number; y: number; w: number; h: number } | null>;
    },
    { scope, selectors: selectors as Record<string, string> },
  );
}

/** Where the first cover, the heading and the page's first text are drawn. */
const placesOf = (page: Page, scope: string) =>
  boxesOf(page, scope, { cover: 'main img', heading: 'main h1', text: 'main p' });

/** The first cover of `scope` has loaded (its size is the picture's). */
const coverLoaded = (page: Page, scope: string) =>
  page.waitForFunction((scope) => {
    const img = document.querySelector<HTMLImageElement>(`${scope} main img`);
    return img !== null && img.complete && img.naturalWidth > 0;
  }, scope);

/** The app's entry chunk. */
const entry = /\/assets\/index-[\w-]+\.js$/;

/**
 * The first screen of a book's page and of All Books, then the app let in: the first cover, the heading and the
 * first paragraph are where the app draws them, and (`everything`) nothing on screen moves afterwards.
 */
async function keepsItsPlace(browser: ReturnType<typeof useBrowser>, everything = true) {
  const book = await addBook({
    title: `Steady Place ${uniqueTag('fs')}`,
    genre: 'Drama',
    image: '/assets/library/covers/dracula.svg',
  });
  const page = browser.page();
  await signedIn(browser);
  // What moved on screen (layout-shift entries), counted from when the app is let in: each moved element's
  // tag and classes. React's own nodes replace the first screen's, so this sees what moves after that.
  await page.addInitScript(() => {
    const w = window as unknown as { __moved: string[]; __counting: boolean };
    w.__moved = [];
    w.__counting = false;
    new PerformanceObserver((list) => {
      if (!w.__counting) return;
      for (const entry of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node | null }[] })[])
        for (const { node } of entry.sources ?? [])
          w.__moved.push(node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : '?');
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const [path, heading] of [
    [`/book-details/${book.id}`, book.title],
    ['/all-books', 'Book Collection'],
  ] as const) {
    // The app's code waits until the first screen has been drawn and measured.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(entry, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    await coverLoaded(page, '#first-screen');
    const before = await placesOf(page, '#first-screen');
    expect(before.cover, path).not.toBeNull();
    await page.evaluate(() => ((window as unknown as { __counting: boolean }).__counting = true));
    release();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await expect.poll(() => page.locator('#first-screen').count()).toBe(0);
    await coverLoaded(page, '#root');
    expect(await placesOf(page, '#root'), path).toEqual(before);
    // Nothing moved: the app's page shows once it has drawn its heading, in one frame with the first screen gone.
    if (!everything) continue;
    expect(await page.evaluate(() => (window as unknown as { __moved: string[] }).__moved), path).toEqual([]);
    await page.unroute(entry);
  }
}

describe("the gateway's first screen (decision 061)", () => {
  const browser = useBrowser('phone');

  it('shows All Books and a book before the app has run, to a signed-in member only, with titles as text', async () => {
    // A title as a member might enter it: markup in it must show as text and never run.
    const title = `<img src=x onerror="window.__ran=1"> Gate "Early" & Co ${uniqueTag('fs')}`;
    const book = await addBook({ title, genre: 'Drama', image: '/assets/library/covers/dracula.svg' });
    const page = browser.page();
    await signedIn(browser);
    await page.route(entry, (route) => route.abort());

    await page.goto(`/book-details/${book.id}`, { waitUntil: 'commit' });
    const heading = page.locator('#first-screen h1');
    await expect.poll(() => heading.isVisible()).toBe(true);
    expect(await heading.textContent()).toBe(title);
    expect(await page.locator('#first-screen img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();
    await expect.poll(() => page.locator('#first-screen').getByText('Borrow Book').isVisible()).toBe(true);

    await page.goto('/all-books', { waitUntil: 'commit' });
    await expect.poll(() => page.locator('#first-screen h1').isVisible()).toBe(true);
    expect(await page.locator('#first-screen h1').textContent()).toBe('Book Collection');
    expect(await page.locator('#first-screen article').count()).toBeGreaterThan(0);

    // Signed out: the same page comes with its first screen, which stays hidden (the app sends them to sign in).
    await page.evaluate(() => localStorage.removeItem('bookHavenToken'));
    for (const path of ['/all-books', `/book-details/${book.id}`]) {
      await page.goto(path, { waitUntil: 'commit' });
      await page.locator('#first-screen h1').waitFor({ state: 'attached' });
      expect(await page.locator('#first-screen h1').isVisible(), path).toBe(false);
    }
  });

  it('is shown in the language the app will start in, and not in another', async () => {
    const page = browser.page();
    await signedIn(browser);
    await page.route(entry, (route) => route.abort());
    // The gateway draws in the browser's first language; the app starts in the member's saved choice.
    await page.setExtraHTTPHeaders({ 'accept-language': 'bn-BD,bn;q=0.9' });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
    await page.goto('/all-books', { waitUntil: 'commit' });
    await expect.poll(() => page.locator('#first-screen h1').isVisible()).toBe(true);
    expect(await page.locator('#first-screen h1').textContent()).toBe('বইয়ের সংগ্রহ');
    // No saved choice: this browser's own first language (English) is the app's, not the Bangla page's.
    await page.evaluate(() => localStorage.removeItem('bookHavenLocale'));
    await page.goto('/all-books', { waitUntil: 'commit' });
    await page.locator('#first-screen[lang="bn"] h1').waitFor({ state: 'attached' });
    expect(await page.locator('#first-screen h1').isVisible()).toBe(false);
  });

  it('is replaced by the app with every part in its place: no layout shift', () => keepsItsPlace(browser));
});

/**
 * What each frame shows (a requestAnimationFrame loop from the page's start, before anything is painted): the
 * first screen, the app's #root (and whether the footer in it is still its empty stand-in), both or neither.
 * Read back by framesShown.
 */
function recordFrames(page: Page) {
  return page.addInitScript(() => {
    const frames: string[] = [];
    (window as unknown as { __frames: string[] }).__frames = frames;
    const shown = (element: Element | null) => element !== null && getComputedStyle(element).display !== 'none';
    const frame = () => {
      const screen = shown(document.getElementById('first-screen'));
      const root = shown(document.getElementById('root')) && document.querySelector('#root h1') !== null;
      const app = document.querySelector('#root footer[aria-hidden]') ? "app, the footer's stand-in" : 'app';
      const state = screen && root ? 'both' : screen ? 'first screen' : root ? app : 'neither';
      if (frames[frames.length - 1] !== state) frames.push(state);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const framesShown = (page: Page) => page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);

describe("My Borrowed Books' first screen (decision 088)", () => {
  const browser = useBrowser('phone');
  const reader = sharedSession({ name: 'Borrowed Screen Reader' });

  for (const [locale, heading, sentence] of [
    ['en', 'My Borrowed Books', 'Your community library'],
    ['bn', 'আমার ধার নেওয়া বই', 'আপনার পাড়ার লাইব্রেরি'],
  ] as const) {
    it(`shows a signed-in reader the page's first screen, then the app's page in one frame (${locale})`, async () => {
      const page = browser.page();
      await reader(browser);
      if (locale === 'bn') {
        await page.setExtraHTTPHeaders({ 'accept-language': 'bn-BD,bn;q=0.9' });
        await page.goto('/login', { waitUntil: 'commit' });
        await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
      }
      await recordFrames(page);
      // The app's code waits until the first screen has been drawn and measured.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(entry, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/borrowed-books', { waitUntil: 'commit' });
      const first = page.locator('#first-screen main h1');
      await expect.poll(() => first.isVisible()).toBe(true);
      // Measured as painted: with the stylesheet applied (a page laid out before it came, on a busy machine, had
      // the browser's own margins).
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
      );
      expect(await first.textContent()).toBe(heading);
      // The footer itself, whose sentence is the largest thing a short page paints, is in it.
      expect(await page.locator('#first-screen footer').getByText(sentence).isVisible()).toBe(true);
      const places = { heading: 'main h1', status: 'main [role="status"]' };
      const before = await boxesOf(page, '#first-screen', places);
      expect(before.status).not.toBeNull();
      release();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expect.poll(() => page.locator('#first-screen').count()).toBe(0);
      expect((await boxesOf(page, '#root', places)).heading).toEqual(before.heading);
      await page.locator('#root footer').getByText(sentence).waitFor();
      // Never a blank frame nor the two at once: the first screen, then the app's page with its footer, never its
      // empty stand-in (before the page's body has come, nothing is drawn at all).
      const frames = await framesShown(page);
      expect(frames[0] === 'neither' ? frames.slice(1) : frames).toEqual(['first screen', 'app']);
      await page.unroute(entry);
    });
  }
});

/** Where Home's hero, its words and button, and the welcome heading are drawn. */
const HERO = 'main section[aria-roledescription="carousel"]';
const heroPlacesOf = (page: Page, scope: string) =>
  boxesOf(page, scope, {
    hero: HERO,
    title: `${HERO} h2`,
    text: `${HERO} p`,
    button: `${HERO} a`,
    welcome: 'main section[aria-labelledby="welcome-heading"] h2',
  });

describe("Home's first screen (decision 064)", () => {
  const browser = useBrowser('phone');

  it('shows the hero to every visitor before the app has run, and the app draws it in the same place', async () => {
    const page = browser.page();
    await page.addInitScript(() => {
      const w = window as unknown as { __shifted: number; __counting: boolean };
      w.__shifted = 0;
      w.__counting = false;
      new PerformanceObserver((list) => {
        if (w.__counting) w.__shifted += list.getEntries().length;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Before the app's code is let in: the hero as the gateway drew it, to a visitor who never signed in.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(entry, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const title = page.locator('#first-screen h2').first();
    await expect.poll(() => title.isVisible()).toBe(true);
    expect(await title.textContent()).toBe('Discover Your Next Great Read');
    // Hidden from assistive technology (and role queries): only the app's own hero is read.
    expect(await page.getByRole('heading', { name: 'Discover Your Next Great Read' }).count()).toBe(0);
    // The page's stylesheet blocks what is painted, not a script's reading of the layout: on a busy machine the
    // hero could be measured before it arrived (x 8, the body's default margin), a layout no visitor sees.
    await page.waitForFunction(() => {
      const slide = document.querySelector<HTMLElement>('#first-screen [aria-roledescription="slide"]');
      const styled = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet);
      return styled && slide !== null && getComputedStyle(slide).backgroundImage.includes('slide-1.svg');
    });
    const before = await heroPlacesOf(page, '#first-screen');
    expect(before.hero).not.toBeNull();
    expect(before.welcome).not.toBeNull();
    await page.evaluate(() => ((window as unknown as { __counting: boolean }).__counting = true));
    release();
    await page.getByRole('link', { name: 'Learn more about us' }).waitFor();
    await expect.poll(() => page.locator('#first-screen').count()).toBe(0);
    expect(await heroPlacesOf(page, '#root')).toEqual(before);
    // Nothing on screen moved when the app took over.
    expect(await page.evaluate(() => (window as unknown as { __shifted: number }).__shifted)).toBe(0);
    await page.unroute(entry);
  });

  it('is drawn in the language the app will start in', async () => {
    const page = browser.page();
    await page.route(entry, (route) => route.abort());
    await page.setExtraHTTPHeaders({ 'accept-language': 'bn-BD,bn;q=0.9' });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
    await page.goto('/', { waitUntil: 'commit' });
    await expect.poll(() => page.locator('#first-screen h2').first().isVisible()).toBe(true);
    expect(await page.locator('#first-screen h2').first().textContent()).toBe('খুঁজে নিন আপনার পরের প্রিয় বই');
    // A saved English choice: the Bangla page's hero stays hidden.
    await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'en'));
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('#first-screen[lang="bn"] h2').first().waitFor({ state: 'attached' });
    expect(await page.locator('#first-screen h2').first().isVisible()).toBe(false);
  });
});

describe("the gateway's first screen on a wide screen", () => {
  const browser = useBrowser('desktop');

  // Wide, the header's staff links and a book's Update button come with the viewer's role after the app's first
  // paint (decision 009) and move what follows them: the app's own, with or without a first screen.
  it('is replaced by the app with every part in its place', () => keepsItsPlace(browser, false));
});

describe("the gateway's first screen on a visit the service worker answers", () => {
  const browser = useBrowser('phone', { serviceWorkers: 'allow' });

  it("asks the network for Home, All Books and a book's page, which bring their first screen", async () => {
    const book = await addBook({ title: `Worker Page ${uniqueTag('fs')}`, genre: 'Drama' });
    const page = browser.page();
    await signedIn(browser);
    await page.goto('/all-books');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    for (const path of [`/book-details/${book.id}`, '/all-books', '/']) {
      const answer = await page.goto(path);
      expect(answer?.fromServiceWorker(), path).toBe(true);
      expect(await answer?.text(), path).toContain('<div id="first-screen"');
    }
    // Any other page (a list with a query string among them) is the worker's own copy of the shell.
    const other = await page.goto('/all-books?q=worker');
    expect(other?.fromServiceWorker()).toBe(true);
    expect(await other?.text()).not.toContain('<div id="first-screen"');
  });
});

/** Issue 44: a cold Home (a new visitor's phone, nothing cached) transfers at most this much over the network. */
const COLD_HOME_BUDGET_KB = 200;

/**
 * Every response of a new visitor's first visit of Home in `locale` (a fresh context, the service worker blocked
 * as on the first visit it is installed in), until Home's sections and the footer are drawn and the network is
 * quiet: each one's bytes on the network, headers included (CDP's encodedDataLength), as bench/lcp.ts counts them.
 */
async function coldHome(browser: Browser, locale: string) {
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale,
    baseURL: baseUrl(),
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const transfers: { path: string; bytes: number }[] = [];
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => {
      const url = new URL(urls.get(e.requestId) ?? 'http://unknown/');
      transfers.push({ path: `${url.pathname}${url.search.slice(0, 40)}`, bytes: e.encodedDataLength });
    });
    await page.goto('/', { waitUntil: 'load' });
    // Home's sections and the footer load after the first render, the next slide's picture after the load event.
    await page.locator('section[aria-labelledby="newsletter-heading"] input[type="email"]').waitFor();
    await page.locator('footer a[href="/contact"]').waitFor();
    await page.waitForLoadState('networkidle');
    await cdp.detach();
    const kb = transfers.reduce((sum, t) => sum + t.bytes, 0) / 1024;
    const listing = transfers
      .sort((a, b) => b.bytes - a.bytes)
      .map((t) => `${(t.bytes / 1024).toFixed(1)} KB ${t.path}`)
      .join('\n');
    return { kb, count: transfers.length, listing };
  } finally {
    await context.close();
  }
}

describe('a cold Home over the network (issue 44)', () => {
  const browser = useBrowser('phone');

  it(`transfers at most ${COLD_HOME_BUDGET_KB} KB to a new visitor, in English and in Bangla`, async () => {
    const shared = browser.context().browser()!;
    for (const locale of ['en-GB', 'bn-BD']) {
      const home = await coldHome(shared, locale);
      const summary = `${locale}: ${home.kb.toFixed(1)} KB in ${home.count} responses\n${home.listing}`;
      console.log(summary.split('\n')[0]);
      expect(home.count, summary).toBeGreaterThan(10);
      expect(home.kb, summary).toBeLessThanOrEqual(COLD_HOME_BUDGET_KB);
    }
  });
});
