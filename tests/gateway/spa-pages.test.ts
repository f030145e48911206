// The built SPA as the gateway serves it: index.html at "/", the same page for client routes, without what
// only Home needs.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

const INDEX = `<!doctype html><html><head><title>BookHaven</title>
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
});
