// Every answer carries security headers worked out once from helmet's options at boot: documents (pages,
// SVG covers, anything not JSON) the full set with the SPA's Content-Security-Policy; JSON answers OWASP's
// set for APIs. Errors and not-found answers included.
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
    const documents = [
      await gw.request('GET', '/no/such/page', { headers: { accept: 'text/html' } }),
      await gw.request('GET', '/assets/library/covers/dracula.svg'),
    ];
    expect(documents[1]!.status).toBe(200);
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
