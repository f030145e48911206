// The built SPA as the gateway serves it: index.html at "/", the same page for client routes, without what
// only Home needs, and with the code of its own page when the build listed it (route-preloads.json).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

const INDEX = `<!doctype html><html><head><title>BookHaven</title>
<script async src="/assets/early-queries-x1.js" data-route="/all-books /book-details/:id"></script>
<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />
<link rel="preload" href="/images/hero/slide-1.svg" as="image" type="image/svg+xml" data-route="/" />
<link rel="modulepreload" crossorigin href="/assets/home-page-abc123.js" data-route="/">
</head><body><div id="root"></div></body></html>`;

describe('SPA pages', () => {
  let gw: TestGateway;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-client-'));
    await writeFile(path.join(clientDir, 'index.html'), INDEX);
    await writeFile(
      path.join(clientDir, 'route-preloads.json'),
      JSON.stringify([
        { route: '/all-books', files: ['assets/all-books-page-def456.js', 'assets/useQuery-0a1b2c.js'] },
        { route: '/book-details/:id', files: ['assets/book-details-page-987fed.js', '../../etc/passwd'] },
      ]),
    );
    gw = await startTestGateway({ clientDir });
  });
  afterAll(async () => {
    await gw.close();
    await rm(clientDir, { recursive: true, force: true });
  });
  const page = (route: string) => gw.request('GET', route, { headers: { accept: 'text/html' } });

  it('preloads the hero image and the home page code on Home only', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('/images/hero/slide-1.svg');
    expect(home.body).toContain('/assets/home-page-abc123.js');
    for (const route of ['/all-books', '/book-details/0123456789abcdef01234567', '/login']) {
      const other = await page(route);
      expect(other.status).toBe(200);
      expect(other.headers.get('content-type')).toMatch(/^text\/html/);
      expect(other.body).not.toContain('slide-1.svg');
      expect(other.body).not.toContain('home-page-abc123.js');
      expect(other.body).toContain('<div id="root"></div>');
      expect(other.body).toContain('/config.json');
    }
  });

  it("preloads a signed-in page's own code on that page only", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const allBooks = await page('/all-books');
    expect(preloads(allBooks.body)).toEqual(['/assets/all-books-page-def456.js', '/assets/useQuery-0a1b2c.js']);
    // The query string is not part of the route; a trailing slash is the same page.
    expect(preloads((await page('/all-books/?q=tagore')).body)).toEqual(preloads(allBooks.body));
    const details = await page('/book-details/0123456789abcdef01234567');
    // Only built file names go into the page.
    expect(preloads(details.body)).toEqual(['/assets/book-details-page-987fed.js']);
    expect(details.headers.get('etag')).not.toBe(allBooks.headers.get('etag'));
    for (const route of ['/', '/login', '/book-details', '/book-details/a/b', '/all-books-old'])
      expect(
        preloads((await page(route)).body).filter((href) => !href?.includes('home-page')),
        route,
      ).toEqual([]);
    // The script that sends a signed-in page's first query is on those pages only.
    for (const [route, sent] of [
      ['/all-books', true],
      ['/book-details/0123456789abcdef01234567', true],
      ['/', false],
      ['/login', false],
      ['/borrowed-books', false],
    ] as const)
      expect((await page(route)).body.includes('early-queries-x1.js'), route).toBe(sent);
    // Each page answers 304 to its own ETag.
    const again = await gw.request('GET', '/all-books', {
      headers: { accept: 'text/html', 'if-none-match': allBooks.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });
});
