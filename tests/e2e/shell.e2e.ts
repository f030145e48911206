// The app shell in a real browser: the loading screen while sign-in state is unknown (and none on a device nobody
// has signed in on), the header signed
// out and signed in (default avatar, "User" on hover), the footer's links, and at phone width the menu
// behind its toggle (closing after a page or an account entry is chosen), Home and the login page.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn } from './support/accounts.ts';

const linkNames = async (scope: Locator) =>
  (await scope.getByRole('link').allTextContents()).map((text) => text.trim());
const linkPaths = async (scope: Locator) =>
  await scope.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `sideways scroll on ${page.url()}`,
  ).toBeLessThanOrEqual(0);
}

async function expectSignedOutAccountLinks(page: Page, scope: Locator) {
  expect(await scope.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/login');
  expect(await scope.getByRole('link', { name: 'Register', exact: true }).getAttribute('href')).toBe('/register');
  expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
}

describe('app shell (desktop)', () => {
  const browser = useBrowser('desktop');

  it('shows a visitor who never signed in the page at once, and loads sign-in only on its pages', async () => {
    const page = browser.page();
    const firebase: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/firebase-[\w-]+\.js$/.test(request.url())) firebase.push(request.url());
    });
    await page.goto('/about');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Login', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(firebase).toEqual([]);
    await header.getByRole('link', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
    await expect.poll(() => firebase.length).toBe(1);
  });

  it('shows Loading... until sign-in state is known, then the signed-out header and the footer', async () => {
    const page = browser.page();
    // Someone has signed in on this device before: the first auth check asks Firebase.
    await page.addInitScript(() => localStorage.setItem('bookHavenSignedInHere', '1'));
    // Hold back the runtime config Firebase starts from, so the first auth check is still running.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await browser.context().route('**/config.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about');
    await page.getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    await expectAccessible(page);
    release();

    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await linkNames(header.getByRole('navigation', { name: 'Main' }))).toEqual(['Home', 'About', 'Contact']);
    await expectSignedOutAccountLinks(page, header);
    await header.getByRole('link', { name: 'Register', exact: true }).click();
    await page.getByRole('heading', { name: 'Register', level: 1 }).waitFor();
    await header.getByRole('link', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();

    const footer = page.getByRole('contentinfo');
    await footer.getByRole('heading', { name: 'Quick Links' }).waitFor();
    // The innermost block holding the column's heading is the column itself.
    const column = (title: string) =>
      footer
        .locator('div')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
        .last();
    expect(await linkPaths(column('Quick Links'))).toEqual(['/', '/all-books', '/add-book', '/borrowed-books']);
    expect(await linkPaths(column('Useful Links'))).toEqual([
      '/about',
      '/contact',
      '/legal/privacy-policy',
      '/legal/terms-conditions',
    ]);
    expect(await linkNames(column('Useful Links'))).toEqual([
      'About Us',
      'Contact Us',
      'Privacy Policy',
      'Terms & Conditions',
    ]);
    // The footer's newsletter box has no behaviour: submitting it leaves the page as it was.
    await footer.getByRole('textbox', { name: 'Email address' }).fill('reader@example.com');
    await footer.getByRole('button', { name: 'Subscribe', exact: true }).click();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the error page when a page cannot load, and Try Again recovers', async () => {
    const page = browser.page();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Book Categories' }).waitFor();
    // As after a deploy that replaced the About chunk while this tab was open.
    const unreachable = (url: URL) => /\/assets\/about-page-[^/]+\.js$/.test(url.pathname);
    await browser.context().route(unreachable, (route) => route.abort('connectionrefused'));
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    // Inside the layout, after one reload for a new version (which finds the chunk gone too).
    await page.getByRole('heading', { name: 'This page could not be loaded', level: 1 }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'We could not reach the library. Check your connection and try again.',
    );
    await page.getByRole('banner').getByRole('link', { name: 'About' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    await expectAccessible(page);
    await browser.context().unroute(unreachable);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Our Story' }).waitFor();
  });

  it('shows the signed-in links, a default avatar and "User" when the account has no name or photo', async () => {
    const page = browser.page();
    await signIn(page, await createAccount({ name: '' }));
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await linkNames(header.getByRole('navigation', { name: 'Main' }))).toEqual([
      'Home',
      'All Books',
      'Add Book',
      'Borrowed Books',
      'All Users',
      'About',
      'Contact',
    ]);
    expect(await header.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    const avatar = header.getByRole('img', { name: 'User', exact: true });
    expect(await avatar.getAttribute('src')).toBe('/images/default-avatar.svg');
    const tooltip = header.getByRole('tooltip');
    expect(await tooltip.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await avatar.hover();
    await expect.poll(() => tooltip.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await tooltip.textContent()).toBe('User');
    await expectAccessible(page);

    // Logging out on a guarded page ends on Home, not on the login page the guard would send to.
    await header.getByRole('link', { name: 'All Books' }).click();
    await page.getByRole('heading', { name: 'Book Collection' }).waitFor();
    await header.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Yes, log out' }).click();
    await page.getByRole('heading', { name: 'Logged Out' }).waitFor();
    await header.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('ends on Home after logging out on a guarded page opened directly, before Home was ever loaded', async () => {
    const page = browser.page();
    await signIn(page, await createAccount({ name: 'Direct Reader' }));
    // A fresh page: its app has loaded the login page and My Borrowed Books, not Home.
    await page.goto('/borrowed-books');
    await page.getByRole('heading', { name: 'My Borrowed Books' }).waitFor();
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Yes, log out' }).click();
    await page.getByRole('heading', { name: 'Logged Out' }).waitFor();
    await header.getByRole('link', { name: 'Login', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Book Categories' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // Signed out, a guarded page still sends to the login page (the hero's first button goes to All Books).
    await page.getByRole('link', { name: 'Browse Books' }).first().click();
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('app shell (phone)', () => {
  const browser = useBrowser('phone');

  it('keeps the menu behind a toggle on Home, and it closes after choosing a page', async () => {
    const page = browser.page();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Book Categories' }).waitFor();
    const header = page.getByRole('banner');
    expect(await header.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await header.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await header.getByRole('button', { name: 'Open menu' }).click();
    const mobile = header.getByRole('navigation', { name: 'Mobile' });
    expect(await linkNames(mobile)).toEqual(['Home', 'About', 'Contact']);
    expect(await header.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await expectSignedOutAccountLinks(page, header);
    await expectAccessible(page);
    await header.getByRole('button', { name: 'Close menu' }).click();
    await mobile.waitFor({ state: 'detached' });

    await header.getByRole('button', { name: 'Open menu' }).click();
    await mobile.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'Our Story' }).waitFor();
    expect(await mobile.count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    expect(await header.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('signs in on a phone, finds the account controls in the menu, and it closes after choosing one', async () => {
    const page = browser.page();
    const account = await createAccount({ name: 'Pocket Reader' });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await signIn(page, account);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Open menu' }).click();
    const mobile = header.getByRole('navigation', { name: 'Mobile' });
    expect(await linkNames(mobile)).toContain('Borrowed Books');
    await header.getByRole('img', { name: 'Pocket Reader' }).waitFor();

    // Its account entries close it too, as its pages do.
    await header.getByRole('link', { name: 'My account' }).click();
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    expect(await mobile.count()).toBe(0);
    await header.getByRole('button', { name: 'Open menu' }).click();
    await header.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Yes, log out' }).click();
    await page.getByRole('heading', { name: 'Book Categories' }).waitFor();
    expect(await mobile.count()).toBe(0);
    expect(await header.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});
