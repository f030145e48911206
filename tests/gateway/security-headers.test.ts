// Every answer carries security headers worked out once from helmet's options at boot: documents (pages, anything
// not JSON) the full set with the SPA's Content-Security-Policy; JSON answers OWASP's set for APIs; pictures a
// policy that runs and loads nothing; the built scripts, stylesheets and fonts the few a subresource uses. Errors
// and not-found answers included.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../server/web.ts';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

describe('security headers', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw?.close());

  it('give documents the full set', async () => {
    const documents = [await gw.request('GET', '/no/such/page', { headers: { accept: 'text/html' } })];
    for (const answer of documents) {
      expect(answer.headers.get('content-type') ?? '').not.toMatch(/json/);
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/connect-src 'self' https:\/\/identitytoolkit\.googleapis\.com .*http:\/\/127\.0\.0\.1:\d+/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }
  });

  // An SVG opened on its own is a document: it may run and load nothing (the page's policy was 0.75 KB more on
  // each picture of a cold Home).
  it('give pictures a policy that runs and loads nothing but their own, embeddable by other sites', async () => {
    for (const picture of ['/assets/library/covers/dracula.svg', '/assets/library/categories/thriller.svg']) {
      const answer = await gw.request('GET', picture);
      expect(answer.status, picture).toBe(200);
      expect(answer.headers.get('content-type'), picture).toMatch(/^image\/svg\+xml/);
      expect(answer.headers.get('content-security-policy'), picture).toBe(
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      );
      expect(answer.headers.get('x-content-type-options'), picture).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security'), picture).toMatch(/max-age=\d+/);
      expect(answer.headers.get('cross-origin-resource-policy'), picture).toBe('cross-origin');
      expect(answer.headers.get('x-powered-by'), picture).toBeNull();
    }
  });

  it('give JSON answers a policy that loads and frames nothing, no sniffing and HSTS', async () => {
    const id = await gw.addBook();
    const answers = [
      await gw.request('GET', '/healthz'),
      await gw.request('GET', `/api/books/${id}`),
      await gw.request('GET', `/api/books/${id}`),
      await gw.request('GET', '/api/books/not-an-id'),
      await gw.request('GET', '/api/no-such-path'),
      await gw.gql('{ bookCount }'),
      await gw.request('GET', '/config.json'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 400, 404, 200, 200]);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('refuses options helmet rejects, at boot rather than per request', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ['self'] } } }),
    ).toThrow(/self/);
  });
});

describe('security headers of the built SPA', () => {
  let gw: TestGateway;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    const files: [string, string][] = [
      [
        'index.html',
        '<!doctype html><title>BookHaven</title><script type="module" src="/assets/index-Ab12.js"></script>',
      ],
      ['assets/index-Ab12.js', 'export const a = 1;'],
      ['assets/index-Cd34.css', 'body { margin: 0 }'],
      ['sw.js', 'self.addEventListener("fetch", () => {});'],
      ['registerSW.js', 'navigator.serviceWorker.register("/sw.js");'],
    ];
    for (const [name, text] of files) await writeFile(path.join(clientDir, name), text);
    gw = await startTestGateway({ clientDir });
  });
  afterAll(async () => {
    await gw?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  // A page's policy governs what its scripts do; on each of a cold Home's 30 scripts it was 1 KB more to send.
  it('give built scripts and stylesheets no sniffing, HSTS, CORP and Referrer-Policy, without the page policy', async () => {
    for (const file of ['/assets/index-Ab12.js', '/assets/index-Cd34.css', '/registerSW.js']) {
      const answer = await gw.request('GET', file);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security'), file).toMatch(/max-age=\d+/);
      expect(answer.headers.get('cross-origin-resource-policy'), file).toBe('same-origin');
      expect(answer.headers.get('referrer-policy'), file).toBe('no-referrer');
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'x-xss-protection',
      ])
        expect(answer.headers.get(name), `${file} ${name}`).toBeNull();
    }
  });

  it('give the page and the service worker (whose policy governs it) the full set', async () => {
    for (const file of ['/', '/sw.js']) {
      const answer = await gw.request('GET', file, { headers: { accept: 'text/html' } });
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('content-security-policy') ?? '', file).toContain("default-src 'self'");
      expect(answer.headers.get('x-frame-options'), file).toBe('SAMEORIGIN');
    }
  });
});
