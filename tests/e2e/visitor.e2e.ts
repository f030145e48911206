// What a visitor sees, in a real browser at desktop and phone widths: every public page's key texts with
// no serious accessibility violations, Home built only from this origin's images, the newsletter and the
// contact form, and the header menu behind its toggle on a phone.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';

const PAGES: [path: string, text: string | RegExp][] = [
  ['/', 'Book Categories'],
  ['/about', 'Our Story'],
  ['/contact', 'Opening Hours'],
  ['/login', 'Forgot password?'],
  ['/register', 'Password must contain at least 6 characters, including an uppercase and lowercase letter.'],
  ['/legal/privacy-policy', 'Last Updated'],
  ['/legal/terms-conditions', 'Last Updated'],
  ['/category/Poetry', 'Poetry Books'],
  ['/somewhere/else', 'Oops! Page Not Found'],
];

describe('visitor pages (desktop)', () => {
  const browser = useBrowser('desktop');

  it.each(PAGES)('%s shows its content and passes axe', async (path, text) => {
    const page = browser.page();
    await page.goto(path);
    await page.getByText(text).first().waitFor();
    expect(await page.title()).toContain('BookHaven');
    await expectAccessible(page);
  });

  it('builds Home from this origin only, with the carousel, categories and featured books', async () => {
    const page = browser.page();
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && !['127.0.0.1', 'localhost'].includes(url.hostname)) foreign.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Browse Books' }).waitFor();
    await page.getByText('Explore Books').first().waitFor();
    expect(await page.getByText('Explore Books').count()).toBe(9);
    await page.getByRole('link', { name: 'View All Books' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });

  it('subscribes to the newsletter and sends a contact message, both kept in the browser', async () => {
    const page = browser.page();
    await page.goto('/');
    const newsletter = page.getByRole('button', { name: 'Subscribe Now' });
    await newsletter.scrollIntoViewIfNeeded();
    const email = page.locator('form').filter({ has: newsletter }).getByRole('textbox');
    await email.fill('not-an-email');
    await newsletter.click();
    await page.getByText('Please enter a valid email address').waitFor();
    await email.fill('reader@example.com');
    await newsletter.click();
    await page.getByText('Thank you for subscribing!').waitFor();

    await page.goto('/contact');
    await page.getByLabel('Your Name', { exact: true }).fill('Visitor');
    await page.getByLabel('Your Email', { exact: true }).fill('visitor@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Opening hours');
    await page.getByLabel('Message', { exact: true }).fill('Are you open on Friday mornings?');
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('Sending...').waitFor();
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor();
    await page.getByText("We'll get back to you as soon as possible.").waitFor();
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe('');
  });
});

describe('visitor pages (phone)', () => {
  const browser = useBrowser('phone');

  it('collapses the menu behind a toggle and still passes axe', async () => {
    const page = browser.page();
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await toggle.click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await mobile.waitFor();
    await mobile.getByRole('link', { name: 'About' }).click();
    await page.getByText('Our Story').first().waitFor();
    await expectAccessible(page);
  });
});
