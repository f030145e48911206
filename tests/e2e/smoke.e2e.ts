// The smallest journey that proves the whole stack in a real browser: the SPA served by the gateway renders
// Home from the seeded store, a guarded page sends a visitor to /login, and an unknown path is not found.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';

describe('smoke', () => {
  const browser = useBrowser('desktop');

  it('renders Home with the seeded categories and featured books', async () => {
    const page = browser.page();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Book Categories' }).waitFor();
    await page
      .getByRole('link', { name: /Thriller/ })
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'View All Books' }).waitFor();
    expect(await page.getByText('Dracula').count()).toBeGreaterThan(0);
    await expectAccessible(page);
  });

  it('sends a visitor from a guarded page to /login', async () => {
    const page = browser.page();
    await page.goto('/all-books');
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = browser.page();
    await page.goto('/no-such-page');
    await page.getByText('Oops! Page Not Found').waitFor();
  });
});
