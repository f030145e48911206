// The developers' GraphQL sandbox, bundled: opening /graphql in a browser shows GraphiQL, which runs a
// query against this gateway with no network beyond loopback, and carries the SPA's session token.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { axeViolations } from './support/axe.ts';
import type { Page } from 'playwright-core';

/** Everything axe finds on the page, of any impact, leaving out GraphiQL's own markup (not ours to fix). */
async function violationsOutsideEditor(page: Page): Promise<string[]> {
  return axeViolations(page, { exclude: [['.graphiql-container']], all: true });
}

describe('GraphQL sandbox', () => {
  const browser = useBrowser('desktop');

  it('opens at /graphql, runs the default query and shows the catalogue', async () => {
    const page = browser.page();
    const foreign: string[] = [];
    page.on('request', (request) => {
      const host = new URL(request.url()).hostname;
      if (
        !['127.0.0.1', 'localhost'].includes(host) &&
        !request.url().startsWith('data:') &&
        !request.url().startsWith('blob:')
      )
        foreign.push(request.url());
    });
    await page.goto('/graphql');
    expect(await page.title()).toBe('BookHaven GraphQL sandbox');
    await page.locator('.graphiql-container').waitFor();
    // GraphiQL's run button does nothing until both Monaco editors are mounted, so wait for the default query
    // to be on screen and for the response editor before pressing it.
    await page.locator('.graphiql-query-editor').getByText('Catalogue').waitFor({ timeout: 20_000 });
    await page.locator('.graphiql-response .monaco-editor').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /execute query/i }).click();
    await page.locator('.graphiql-response').getByText('Dracula').waitFor({ timeout: 20_000 });
    expect(foreign).toEqual([]);
  });

  it('shows the whole welcome comment, no line running under the edge of the editor', async () => {
    const page = browser.page();
    await page.goto('/sandbox');
    const editor = page.locator('.graphiql-query-editor');
    await editor.getByText('Catalogue').waitFor({ timeout: 20_000 });
    // Monaco does not wrap the query editor: a line wider than the pane is drawn past its edge, out of sight.
    const cut = await editor.evaluate((root) => {
      const visible = root.querySelector('.monaco-scrollable-element')!.getBoundingClientRect();
      return [...root.querySelectorAll('.view-line')]
        .filter((line) => line.textContent!.trimStart().startsWith('#'))
        .filter((line) => line.firstElementChild!.getBoundingClientRect().right > visible.right)
        .map((line) => line.textContent!.replace(/\u00a0/g, ' '));
    });
    expect(cut).toEqual([]);
  });

  it('is a page with a main landmark and a heading around the editor', async () => {
    const page = browser.page();
    await page.goto('/sandbox');
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'BookHaven GraphQL sandbox' }).waitFor();
    await page.getByRole('main').locator('.graphiql-container').waitFor();
    const ours = await violationsOutsideEditor(page);
    expect(ours).toEqual([]);
  });

  it('prefills the Authorization header from the SPA session token', async () => {
    const page = browser.page();
    await page.goto('/sandbox');
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('bookHavenToken', 'token-for-the-sandbox');
    });
    await page.reload();
    await page.locator('.graphiql-container').waitFor();
    await page.getByText('token-for-the-sandbox', { exact: false }).first().waitFor({ timeout: 20_000 });
  });
});
