// The SPA's page (index.html) as each client route gets it. An element of index.html marked data-route="..."
// (one or more client routes, space-separated, e.g. "/" or "/all-books /book-details/:id") is kept only on the
// pages of those routes: Home's own preloads stay on "/", the script that sends a signed-in page's first query
// stays off it. Each route also gets the modulepreloads of its page code that the build listed in
// route-preloads.json (scripts/vite-first-screen-preload.ts), so that code downloads alongside the entry.
// index.html itself (what the service worker keeps) is sent as built. Home, All Books, a book's page and My
// Borrowed Books may also carry their first screen as markup after #root (server/first-screen.ts, decisions 061,
// 088).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FirstScreen } from './first-screen.ts';

export interface SpaPage {
  html: string;
  /** Weak: the same page is sent compressed or not. */
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

interface RoutePreloads {
  route: string;
  files: string[];
}

function spaPage(html: string, quality = constants.BROTLI_MAX_QUALITY): SpaPage {
  // Compressed once: the handler that sends it is not a static file, so nothing else compresses it.
  const etag = `W/"${createHash('sha256').update(html).digest('base64url')}"`;
  const br = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
  return { html, etag, br, gzip: gzipSync(html) };
}

/** Pages with a first screen kept at once (each book's page is one): the oldest made goes first. */
const SCREENS_KEPT = 200;
/** Pages with data are made again as the data changes: brotli 5 is a few times faster than 11, a little larger. */
const SCREEN_QUALITY = 5;

/** '/book-details/:id' -> a test of a request's path (a trailing slash allowed). */
function routeTest(route: string): RegExp {
  const parts = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}/?$`);
}

function readPreloads(clientDir: string): RoutePreloads[] {
  const file = path.join(clientDir, 'route-preloads.json');
  if (!existsSync(file)) return [];
  const list = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads[];
  // Only built file names go into the page.
  return list.map(({ route, files }) => ({ route, files: files.filter((f) => /^assets\/[\w.-]+\.js$/.test(f)) }));
}

// A <link ...> or a <script ...></script> of index.html that names its routes.
const MARKED = /\s*<(link|script)\b[^>]*\bdata-route="([^"]*)"[^>]*>(?:<\/script>)?/g;

/**
 * The page for a request's path (with its first screen after #root when one is given), or null when the SPA
 * is not built.
 */
export function spaPages(clientDir: string): ((pathname: string, screen?: FirstScreen | null) => SpaPage) | null {
  if (!existsSync(path.join(clientDir, 'index.html'))) return null;
  const built = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const marked = [...built.matchAll(MARKED)].map((m) => m[2]!.split(' ').filter(Boolean).map(routeTest));
  const preloads = readPreloads(clientDir).map(({ route, files }) => ({ test: routeTest(route), files }));
  const pages = new Map<string, SpaPage>();
  const screens = new Map<string, SpaPage>();
  return (pathname, screen) => {
    // Which marked elements and which preload lists this path takes: paths that take the same share a page.
    const keeps = marked.map((tests) => tests.some((test) => test.test(pathname)));
    const lists = preloads.filter(({ test }) => test.test(pathname));
    const key = `${keeps.map(Number).join('')}:${lists.map(({ test }) => test.source).join(' ')}`;
    let page = pages.get(key);
    if (!page) {
      let i = 0;
      let html = built.replace(MARKED, (element) => (keeps[i++] ? element : ''));
      const files = [...new Set(lists.flatMap((list) => list.files))];
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
      if (links) html = html.replace('</head>', `  ${links}\n  </head>`);
      page = spaPage(html);
      pages.set(key, page);
    }
    if (!screen) return page;
    const screenKey = `${key}:${screen.key}`;
    let withScreen = screens.get(screenKey);
    if (!withScreen) {
      const [before, after] = page.html.split('<div id="root"></div>');
      if (after === undefined) return page;
      withScreen = spaPage(`${before}<div id="root"></div>${screen.html()}${after}`, SCREEN_QUALITY);
      if (screens.size >= SCREENS_KEPT) screens.delete(screens.keys().next().value!);
      screens.set(screenKey, withScreen);
    }
    return withScreen;
  };
}
