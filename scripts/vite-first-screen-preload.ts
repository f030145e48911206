// A lazy chunk that the first screen always needs is found only once the entry has downloaded and run; on a
// slow network that is a whole extra round of downloads before the largest paint. This lists such chunks (and
// what they import) as modulepreloads, so they download alongside the entry.
// - Home's (`route: '/'`) go into index.html marked data-route="/": the gateway leaves them out of every other
//   route's page, and the service worker's copy of index.html keeps them.
// - A signed-in page's (`route: '/book-details/:id'`) go into route-preloads.json beside index.html, which the
//   gateway reads to add them to that route's page only (server/spa-pages.ts). They are not in index.html, so
//   neither Home's initial JavaScript (the 150 KB budget) nor the service worker's pages load them.
import type { Plugin, Rolldown } from 'vite';

export interface FirstScreenChunk {
  /** The module the chunk is built from (its facade), e.g. /client/features/home/home-page.tsx. */
  module: RegExp;
  /** The client route whose page preloads it: '/' or a path with :params. */
  route: string;
}

/** One route's preloads, as route-preloads.json lists them. */
export interface RoutePreloads {
  route: string;
  files: string[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The chunk built from `module` and what it imports, however deep, less the files in `skip`. */
function chunkFiles(chunks: Rolldown.OutputChunk[], module: RegExp, skip: Set<string>): string[] {
  const root = chunks.find((chunk) => chunk.facadeModuleId !== null && module.test(chunk.facadeModuleId));
  // A renamed page must not silently drop its preload.
  if (!root) throw new Error(`first-screen preload: no chunk is built from ${module}`);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = [root.fileName];
  for (let i = 0; i < files.length; i++)
    for (const imported of byFile.get(files[i]!)?.imports ?? [])
      if (!files.includes(imported) && !skip.has(imported)) files.push(imported);
  return files;
}

const builtChunks = (bundle: Rolldown.OutputBundle) =>
  Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));

export function firstScreenPreload(chunks: FirstScreenChunk[]): Plugin {
  const home = chunks.filter((chunk) => chunk.route === '/');
  const others = chunks.filter((chunk) => chunk.route !== '/');
  return {
    name: 'bookhaven:first-screen-preload',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (others.length === 0) return;
        const built = builtChunks(bundle);
        // What index.html loads already (the entry and its static imports) is on every page.
        const entry = built.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('.html'));
        const shell = new Set(entry ? [entry.fileName, ...entry.imports] : []);
        const byRoute = new Map<string, Set<string>>();
        for (const { module, route } of others) {
          const files = byRoute.get(route) ?? new Set<string>();
          for (const file of chunkFiles(built, module, shell)) if (!shell.has(file)) files.add(file);
          byRoute.set(route, files);
        }
        const list: RoutePreloads[] = [...byRoute].map(([route, files]) => ({ route, files: [...files] }));
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(list) });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const built = builtChunks(bundle);
        const listed = new Set<string>();
        const tags = [];
        for (const { module, route } of home)
          for (const file of chunkFiles(built, module, new Set())) {
            if (listed.has(file) || html.includes(`/${file}"`)) continue;
            listed.add(file);
            const attrs = { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-route': route };
            tags.push({ tag: 'link', attrs, injectTo: 'head' as const });
          }
        return { html, tags };
      },
    },
  };
}
