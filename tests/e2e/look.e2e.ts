// How the SPA looks at a laptop's 1366x800 and a phone's 390x844: whole covers (never cropped), one palette
// (brand indigo, grey, and red only for danger), the hero's controls clear of its text on a solid panel, the
// table readable without sideways scrolling, a filter row that keeps still, and Add Book's button in reach.
// Every screen is checked by axe and photographed into test-results/e2e/look-<width>-<screen>.png;
// README_SCREENSHOTS=1 also refreshes the README's pictures in .github/screenshots/.
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser, VIEWPORTS } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn, type Account } from './support/accounts.ts';
import { addBook, apiToken, borrowBook, uniqueTag, type ApiBook } from './support/library.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ARTIFACTS = path.join(ROOT, 'test-results', 'e2e');
const README_PICTURES: Record<string, string> = { 'desktop-home': 'home.png', 'desktop-all-books': 'all-books.png' };

let reader: Account;
let book: ApiBook;
const tag = uniqueTag('look');

beforeAll(async () => {
  reader = await createAccount({ name: 'Look Reader' });
  const token = await apiToken(reader);
  book = await addBook({
    title: `The Tidewater Almanac ${tag}`,
    author: 'Selma Brightwater',
    genre: 'Fantasy',
    image: '/assets/library/covers/dracula.svg',
  });
  await borrowBook(token, book.id);
});

async function shoot(page: Page, width: string, screen: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `look-${width}-${screen}.png`);
  await page.screenshot({ path: file, fullPage: screen !== 'home' });
  const readme = README_PICTURES[`${width}-${screen}`];
  if (readme && process.env.README_SCREENSHOTS === '1')
    copyFileSync(file, path.join(ROOT, '.github', 'screenshots', readme));
}

/**
 * Waits for every image on the page to have loaded or failed. Lazy ones are switched to eager as they appear:
 * scrolling them into view raced the page (a jump between two frames never shows the images in between, and
 * sections that arrive after the scroll are never reached).
 */
async function loadImages(page: Page) {
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      if (image.loading === 'lazy') image.loading = 'eager';
      return image.complete;
    }),
  );
}

/** Covers and category pictures whose frame crops them: a frame of another shape that does not `contain` it. */
async function croppedPictures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((image) => /^(Cover |.+ books$)/.test(image.alt) && image.naturalWidth > 0 && image.clientWidth > 0)
      .filter((image) => {
        const frame = image.clientWidth / image.clientHeight;
        const picture = image.naturalWidth / image.naturalHeight;
        const fit = getComputedStyle(image).objectFit;
        return fit !== 'contain' && fit !== 'scale-down' && Math.abs(frame / picture - 1) > 0.03;
      })
      .map(
        (image) =>
          `${image.alt} (${image.clientWidth}x${image.clientHeight} showing a ${image.naturalWidth}x${image.naturalHeight} picture)`,
      ),
  );
}

/**
 * Buttons, and links drawn as buttons, whose background or icon is a colour outside the palette: greys, the
 * brand's indigo to violet, and red (danger). Tailwind gives colours as oklch(lightness chroma hue).
 */
async function offPaletteControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const offPalette = (colour: string) => {
      const lab = /^oklab\(([\d.]+%?) (-?[\d.]+) (-?[\d.]+)/.exec(colour);
      if (lab) {
        const [a, b] = [Number(lab[2]), Number(lab[3])];
        const hue = (Math.atan2(b, a) * 180) / Math.PI + 360;
        return (
          Math.hypot(a, b) > 0.05 && !((hue % 360 >= 268 && hue % 360 <= 310) || (hue % 360 >= 10 && hue % 360 <= 35))
        );
      }
      const match = /^oklch\(([\d.]+%?) ([\d.]+) ([\d.]+)/.exec(colour);
      if (!match) {
        const rgb = /^rgba?\((\d+), (\d+), (\d+)/.exec(colour);
        return rgb ? !(rgb[1] === rgb[2] && rgb[2] === rgb[3]) : false;
      }
      const chroma = Number(match[2]);
      const hue = Number(match[3]);
      return chroma > 0.05 && !(hue >= 268 && hue <= 310) && !(hue >= 10 && hue <= 35);
    };
    const found: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('button, a, [role="button"]')) {
      if (!control.checkVisibility()) continue;
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
      const background = getComputedStyle(control).backgroundColor;
      if (!/(, 0\)|\/ 0\))$/.test(background) && background !== 'transparent' && offPalette(background))
        found.push(`${name}: background ${background}`);
      for (const icon of control.querySelectorAll('svg')) {
        const stroke = getComputedStyle(icon).stroke;
        if (stroke !== 'none' && offPalette(stroke)) found.push(`${name}: icon ${stroke}`);
      }
    }
    return found;
  });
}

async function checkScreen(page: Page, width: string, screen: string) {
  await loadImages(page);
  expect(await croppedPictures(page), `cropped pictures on ${screen}`).toEqual([]);
  expect(await offPaletteControls(page), `controls off the palette on ${screen}`).toEqual([]);
  await expectAccessible(page);
  await shoot(page, width, screen);
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on the page');
  return found;
};
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const width of ['desktop', 'phone'] as const) {
  describe(`the look at ${VIEWPORTS[width].width}x${VIEWPORTS[width].height}`, () => {
    const browser = useBrowser(width);

    it('shows Home with its slide text clear of the controls, on a solid panel, and whole category pictures', async () => {
      const page = browser.page();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      const carousel = page.getByRole('region', { name: 'Featured highlights' });
      const slide = carousel.getByRole('group', { name: '1 of 3' });
      await slide.getByRole('link', { name: 'Browse Books' }).waitFor();
      const texts = [slide.getByRole('heading'), slide.getByText(/^Explore thousands/), slide.getByRole('link')];
      for (const control of ['Previous slide', 'Next slide', /^(Pause|Play) slide show$/])
        for (const text of texts)
          expect(overlaps(await box(carousel.getByRole('button', { name: control })), await box(text))).toBe(false);
      // The text's nearest painted backdrop is a nearly opaque colour, not a picture or a fading gradient.
      const backdrop = await slide.getByRole('heading').evaluate((heading) => {
        for (let node = heading.parentElement; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.backgroundImage !== 'none') return { image: style.backgroundImage.slice(0, 40), alpha: 0 };
          const colour = style.backgroundColor;
          if (colour !== 'transparent' && !/(, 0\)|\/ 0\))$/.test(colour)) {
            const alpha = /(?:, |\/ )([\d.]+)\)$/.exec(colour);
            return { image: 'none', alpha: alpha && !colour.startsWith('rgb(') ? Number(alpha[1]) : 1 };
          }
        }
        return { image: 'none', alpha: 0 };
      });
      expect(backdrop.image).toBe('none');
      expect(backdrop.alpha).toBeGreaterThanOrEqual(0.8);
      await page.getByRole('region', { name: 'Book Categories' }).getByText('Explore Books').first().waitFor();
      await page.getByRole('region', { name: 'Featured Books' }).getByRole('listitem').first().waitFor();
      await checkScreen(page, width, 'home');
    });

    it('shows All Books in cards and in a table a phone reads without scrolling sideways', async () => {
      const page = browser.page();
      await signIn(page, reader);
      await page.goto('/all-books');
      await page.getByRole('heading', { name: 'Book Collection' }).waitFor();
      await page.getByRole('article').first().waitFor();

      // The filter row keeps still when Clear Filters appears.
      const controls = [
        page.getByLabel('Search books'),
        page.getByLabel('Genre'),
        page.getByRole('button', { name: 'Show Available Books' }),
        page.getByLabel('View mode'),
      ];
      const before = await Promise.all(controls.map(box));
      await page.getByRole('button', { name: 'Show Available Books' }).click();
      await page.getByRole('button', { name: 'Clear Filters' }).waitFor();
      const after = await Promise.all(
        [...controls.slice(0, 2), page.getByRole('button', { name: 'Available Books' }), controls[3]!].map(box),
      );
      expect(after).toEqual(before);
      expect(await offPaletteControls(page)).toEqual([]);
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await page.getByRole('button', { name: 'Clear Filters' }).waitFor({ state: 'detached' });
      await checkScreen(page, width, 'all-books');

      await page.getByLabel('View mode').selectOption('table');
      await page.getByLabel('Search books').fill(tag);
      const row = page.getByRole('row').filter({ hasText: book.title });
      await row.getByRole('link', { name: `Details for ${book.title}` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      for (const cell of [
        row.getByText(/^(Available|Limited Stock|Out of Stock)$/),
        row.getByRole('link', { name: `Update ${book.title}` }),
      ]) {
        const { x, width: w } = await box(cell);
        expect(x + w).toBeLessThanOrEqual(VIEWPORTS[width].width);
      }
      await checkScreen(page, width, 'all-books-table');
    });

    it('shows the category page, book details and Borrowed Books with whole covers', async () => {
      const page = browser.page();
      await signIn(page, reader);
      await page.goto('/category/Fantasy');
      await page.getByRole('article').first().waitFor();
      await checkScreen(page, width, 'category');
      await page.goto(`/book-details/${book.id}`);
      await page.getByRole('heading', { name: book.title }).waitFor();
      await checkScreen(page, width, 'book-details');
      await page.goto('/borrowed-books');
      await page.getByRole('article').filter({ hasText: book.title }).first().waitFor();
      await checkScreen(page, width, 'borrowed-books');
    });

    it('keeps Add Book reachable with the cover preview showing', async () => {
      const page = browser.page();
      await signIn(page, reader);
      await page.goto('/add-book');
      await page.getByLabel('Title').fill('A Preview');
      await page.getByLabel('Image URL').fill('/assets/library/covers/hamlet.svg');
      await page.getByRole('img', { name: 'Cover preview of A Preview' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      const submit = page.getByRole('button', { name: 'Add Book', exact: true });
      const { y, height } = await box(submit);
      expect(y + height).toBeLessThanOrEqual(VIEWPORTS[width].height);
      expect(
        await submit.evaluate((button) => {
          const r = button.getBoundingClientRect();
          return button.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        }),
      ).toBe(true);
      await checkScreen(page, width, 'add-book');
    });

    it('passes axe on the other pages', async () => {
      const page = browser.page();
      const visitorPages = [
        '/about',
        '/contact',
        '/login',
        '/register',
        '/legal/privacy-policy',
        '/legal/terms-conditions',
        '/no-such-page',
      ];
      for (const route of visitorPages) {
        await page.goto(route);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await expectAccessible(page);
        expect(await offPaletteControls(page), route).toEqual([]);
      }
      await signIn(page, reader);
      for (const [route, screen] of [
        [`/update-book/${book.id}`, 'update-book'],
        ['/all-users', 'all-users'],
      ] as const) {
        await page.goto(route);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await checkScreen(page, width, screen);
      }
    });
  });
}
