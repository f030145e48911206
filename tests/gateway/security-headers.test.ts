// Every answer carries the same security headers (worked out once from helmet's options at boot): pages,
// API answers, answers from the response cache, errors and not-found pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../server/web.ts';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

describe('security headers', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw?.close());

  it('are on every kind of answer', async () => {
    const id = await gw.addBook();
    const answers = [
      await gw.request('GET', '/healthz'),
      await gw.request('GET', `/api/books/${id}`),
      await gw.request('GET', `/api/books/${id}`),
      await gw.request('GET', '/api/books/not-an-id'),
      await gw.request('GET', '/no/such/page', { headers: { accept: 'text/html' } }),
      await gw.gql('{ bookCount }'),
      await gw.request('GET', '/config.json'),
    ];
    expect(answers[2]!.headers.get('x-cache')).toBe('hit');
    for (const answer of answers) {
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

  it('refuses options helmet rejects, at boot rather than per request', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ['self'] } } })).toThrow(/self/);
  });
});
