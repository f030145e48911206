// The service worker answers a navigation with the SPA's page unless the gateway answers that address itself.
import { describe, expect, it } from 'vitest';
import { NOT_THE_SPA } from '../../scripts/lib/offline-workbox.ts';

describe("the service worker's navigation fallback", () => {
  it.each([
    '/sandbox',
    '/graphql',
    '/graphql?query=%7B%20genres%20%7D',
    '/api/books',
    '/api/docs/',
    '/api/unsubscribe?token=x',
    '/config.json',
    '/metrics',
    '/livez',
    '/readyz',
    '/healthz',
    '/assets/library/cover.jpg',
  ])('leaves %s to the gateway', (url) => {
    expect(NOT_THE_SPA.test(url)).toBe(true);
  });

  it.each(['/', '/all-books?q=dune', '/book-details/0123456789abcdef01234567', '/legal/privacy-policy', '/apiary'])(
    'gives %s the SPA',
    (url) => {
      expect(NOT_THE_SPA.test(url)).toBe(false);
    },
  );
});
