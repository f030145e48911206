// What a visitor sees in a real browser: Home (carousel, categories, featured books, newsletter) built only
// from this origin, About, Contact and its form, the legal pages, and the not-found page; axe on each.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';

const pathOf = async (link: Locator) => new URL((await link.getAttribute('href')) ?? '', 'http://x').pathname;

/** The visible slide's call to action: hidden slides are inert and out of the accessibility tree. */
async function expectSlide(carousel: Locator, label: string, path: string, dot: number) {
  const link = carousel.getByRole('link');
  await carousel.getByRole('link', { name: label, exact: true }).waitFor();
  expect(await link.count()).toBe(1);
  expect(await pathOf(link)).toBe(path);
  expect(await carousel.getByRole('button', { name: `Go to slide ${dot}` }).getAttribute('aria-current')).toBe('true');
}

async function scrollThrough(page: Page) {
  // Lazy images load only near the viewport: scroll so every one of Home's requests is seen.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) await page.mouse.wheel(0, 600);
}

/**
 * Stops the page's clock a moment from now: from then on time moves only by runFor. A pause cannot go back in
 * time, and on a busy machine the moment may have passed before the pause arrives: then read the clock again.
 */
async function pauseClock(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
      return;
    } catch (error) {
      if (attempt >= 5 || !/to the past/.test(String(error))) throw error;
    }
  }
}

describe('visitor pages (desktop)', () => {
  const browser = useBrowser('desktop');

  it('shows Home from this origin only: carousel, categories, featured books and the newsletter', async () => {
    const page = browser.page();
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') foreign.push(request.url());
    });
    // Timers run on Playwright's clock: real time until the test pauses it, then only as the test moves it.
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured highlights' });
    await expectSlide(carousel, 'Browse Books', '/all-books', 1);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(carousel, 'Start Borrowing', '/borrowed-books', 2);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(carousel, 'Add Book', '/add-book', 3);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(carousel, 'Browse Books', '/all-books', 1);
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expectSlide(carousel, 'Add Book', '/add-book', 3);
    await carousel.getByRole('button', { name: 'Go to slide 1' }).click();
    await expectSlide(carousel, 'Browse Books', '/all-books', 1);
    await expectAccessible(page);

    const categories = page.getByRole('region', { name: 'Book Categories' });
    await categories.getByText('Explore Books').first().waitFor();
    const cards = categories.getByRole('link');
    expect(await cards.count()).toBe(9);
    for (const card of await cards.all()) {
      const name = (await card.getByRole('heading').textContent()) ?? '';
      expect(await pathOf(card)).toBe(`/category/${encodeURIComponent(name)}`);
      expect(await card.textContent()).toContain('Explore Books');
    }

    const featured = page.getByRole('region', { name: 'Featured Books' });
    await featured.getByRole('listitem').first().waitFor();
    const books = featured.getByRole('listitem').getByRole('link');
    expect(await books.count()).toBe(3);
    for (const book of await books.all()) expect(await pathOf(book)).toMatch(/^\/book-details\/[^/]+$/);
    expect(await pathOf(featured.getByRole('link', { name: 'View All Books' }))).toBe('/all-books');

    const newsletter = page.getByRole('region', { name: 'Subscribe to Our Newsletter' });
    const email = newsletter.getByRole('textbox', { name: 'Email address' });
    await email.fill('reader@library');
    await newsletter.getByRole('button', { name: 'Subscribe Now' }).click();
    await newsletter.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }).waitFor();
    await email.fill('reader@example.com');
    // The thank-you gives way to an empty form after 5 s.
    await pauseClock(page);
    await newsletter.getByRole('button', { name: 'Subscribe Now' }).click();
    await newsletter.getByText('Thank you for subscribing!').waitFor();
    expect(await newsletter.getByRole('alert').count()).toBe(0);
    await page.clock.runFor(4_500);
    await newsletter.getByText('Thank you for subscribing!').waitFor();
    await page.clock.runFor(700);
    await email.waitFor();
    expect(await email.inputValue()).toBe('');
    await page.clock.resume();
    // The carousel moved on meanwhile: let its slide finish fading in before colours are measured.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await expectAccessible(page);
    await scrollThrough(page);

    // The carousel moves on after 5 s (the margins cover the moment between the click and the pause), but
    // never while the pointer is over it or the focus is in it.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Through slide 1, so slide 2 is a change (the timer restarts on a change) whichever slide time left showing.
    await carousel.getByRole('button', { name: 'Go to slide 1' }).click();
    await carousel.getByRole('button', { name: 'Go to slide 2' }).click();
    await expectSlide(carousel, 'Start Borrowing', '/borrowed-books', 2);
    await pauseClock(page);
    await page.clock.runFor(6_000);
    await expectSlide(carousel, 'Start Borrowing', '/borrowed-books', 2);
    // Pointer on the header, focus nowhere: the slide's 5 s start again.
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(4_000);
    await expectSlide(carousel, 'Start Borrowing', '/borrowed-books', 2);
    await page.clock.runFor(1_200);
    await expectSlide(carousel, 'Add Book', '/add-book', 3);

    // A keyboard user on the slide's button keeps it: the slide waits while its button has focus.
    const addBook = carousel.getByRole('link', { name: 'Add Book', exact: true });
    for (let i = 0; i < 6 && !(await addBook.evaluate((link) => link === document.activeElement)); i++)
      await page.keyboard.press('Shift+Tab');
    await page.clock.runFor(5_500);
    expect(await addBook.evaluate((link) => link === document.activeElement)).toBe(true);
    await expectSlide(carousel, 'Add Book', '/add-book', 3);

    // Its own button pauses it for good, and plays it again.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await carousel.getByRole('button', { name: 'Pause slide show' }).click();
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(12_000);
    await expectSlide(carousel, 'Add Book', '/add-book', 3);
    await carousel.getByRole('button', { name: 'Play slide show' }).click();
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(5_200);
    await expectSlide(carousel, 'Browse Books', '/all-books', 1);
    await page.clock.resume();

    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });

  it('keeps the carousel still for a visitor who asked for reduced motion, until they press Play', async () => {
    const page = browser.page();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured highlights' });
    await expectSlide(carousel, 'Browse Books', '/all-books', 1);
    await pauseClock(page);
    await page.clock.runFor(12_000);
    await expectSlide(carousel, 'Browse Books', '/all-books', 1);
    await carousel.getByRole('button', { name: 'Play slide show' }).click();
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(5_200);
    await expectSlide(carousel, 'Start Borrowing', '/borrowed-books', 2);
  });

  it('shows About and sends a contact message that clears the form', async () => {
    const page = browser.page();
    await page.goto('/about');
    await page.getByRole('heading', { name: 'Our Story' }).waitFor();
    for (const value of ['Accessibility', 'Community', 'Innovation'])
      await page.getByRole('heading', { name: value, exact: true }).waitFor();
    for (const claim of ['10+', '50,000+', '10,000+', '200+'])
      expect(await page.getByText(claim, { exact: true }).count()).toBe(1);
    const main = page.getByRole('main');
    expect(await pathOf(main.getByRole('link', { name: 'Explore Our Books' }))).toBe('/all-books');
    expect(await pathOf(main.getByRole('link', { name: 'Join Now' }))).toBe('/register');
    await expectAccessible(page);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await page.getByRole('heading', { name: 'Send Us a Message' }).waitFor();
    await expectAccessible(page);
    const fields = {
      'Your Name': 'Visitor',
      'Your Email': 'visitor@example.com',
      Subject: 'Opening hours',
      Message: 'Are you open on Friday mornings?',
    };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor();
    await page.getByText("We'll get back to you as soon as possible.").waitFor();
    for (const label of Object.keys(fields))
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
  });

  it('dates both legal pages today and links each to the other', async () => {
    const page = browser.page();
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format();
    await page.goto('/legal/privacy-policy');
    const article = page.getByRole('article');
    await article.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await article.getByText(`Last Updated: ${today}`).waitFor();
    await expectAccessible(page);
    await article.getByRole('link', { name: 'Terms & Conditions' }).click();
    await article.getByRole('heading', { name: 'Terms & Conditions', level: 1 }).waitFor();
    await article.getByText(`Last Updated: ${today}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/legal/terms-conditions');
    await expectAccessible(page);
    await article.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL((url) => url.pathname === '/legal/privacy-policy');
  });

  it('shows the not-found page with its four ways out', async () => {
    const page = browser.page();
    await page.goto('/shelves/that/do-not-exist');
    await page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
    const links = page.getByRole('navigation', { name: 'Helpful links' }).getByRole('link');
    expect(await Promise.all((await links.all()).map(pathOf))).toEqual(['/', '/all-books', '/contact', '/login']);
    await expectAccessible(page);
    await links.first().click();
    await page.getByRole('heading', { name: 'Book Categories' }).waitFor();
  });
});
