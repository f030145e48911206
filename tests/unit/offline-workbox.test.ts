// The service worker answers a navigation with the SPA's page unless the gateway answers that address itself.
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_PAGES, NOT_THE_SPA, offlineWorkbox } from '../../scripts/lib/offline-workbox.ts';

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

describe('pages with a first screen (decision 061)', () => {
  it.each(['/', '/all-books', '/all-books/', '/book-details/0123456789abcdef01234567', '/borrowed-books'])(
    'asks the network for %s',
    (url) => {
      expect(FIRST_SCREEN_PAGES.test(url)).toBe(true);
    },
  );

  it.each([
    '/?utm_source=leaflet',
    '//',
    '/all-books?q=dune',
    '/all-books?view=table',
    '/book-details/x?from=list',
    '/book-details',
    '/borrowed-books?tab=holds',
    '/login',
  ])('answers %s with its own copy of the SPA', (url) => {
    expect(FIRST_SCREEN_PAGES.test(url)).toBe(false);
  });

  it('matches them with the same pattern in the worker', () => {
    const route = offlineWorkbox.runtimeCaching?.[0];
    expect(route?.handler).toBe('NetworkOnly');
    // Workbox copies the function as text: it has to spell the pattern out.
    expect(String(route?.urlPattern)).toContain(FIRST_SCREEN_PAGES.source);
    expect(offlineWorkbox.navigateFallbackDenylist).toContain(FIRST_SCREEN_PAGES);
  });
});
