// The SPA's page (index.html) as each client route gets it. "/" is index.html as built; every other route gets
// it without what only Home needs (links marked data-route="/"), plus the modulepreloads of its own page code
// that the build listed in route-preloads.json (scripts/vite-first-screen-preload.ts), so a signed-in page's
// code downloads alongside the entry instead of after it ran.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';

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

function spaPage(html: string): SpaPage {
  // Compressed once: the 404 handler that sends it is not a route, so @fastify/compress does not see it.
  const etag = `W/"${createHash('sha256').update(html).digest('base64url')}"`;
  return { html, etag, br: brotliCompressSync(html), gzip: gzipSync(html) };
}

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

/** The page for a request's path, or null when the SPA is not built. */
export function spaPages(clientDir: string): ((pathname: string) => SpaPage) | null {
  if (!existsSync(path.join(clientDir, 'index.html'))) return null;
  const built = readFileSync(path.join(clientDir, 'index.html'), 'utf8').replace(
    /\s*<link\b[^>]*\bdata-route="\/"[^>]*>/g,
    '',
  );
  const fallback = spaPage(built);
  const routes = readPreloads(clientDir).map(({ route, files }) => {
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
    return { test: routeTest(route), page: spaPage(built.replace('</head>', `  ${links}\n  </head>`)) };
  });
  return (pathname) => routes.find((route) => route.test.test(pathname))?.page ?? fallback;
}
