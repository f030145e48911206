// A lazy chunk that the first screen always needs is found only once the entry has downloaded and run; on a
// slow network that is a whole extra round of downloads before the largest paint. This lists such chunks (and
// what they import) in index.html as modulepreloads, so they download alongside the entry. `route` marks a
// preload only that route needs: the gateway leaves links with data-route="/" out of every other route's page.
import type { Plugin } from 'vite';

export interface FirstScreenChunk {
  /** The module the chunk is built from (its facade), e.g. /client/features/home/home-page.tsx. */
  module: RegExp;
  route?: '/';
}

export function firstScreenPreload(chunks: FirstScreenChunk[]): Plugin {
  return {
    name: 'bookhaven:first-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const built = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const byFile = new Map(built.map((chunk) => [chunk.fileName, chunk]));
        const listed = new Set<string>();
        const tags = [];
        for (const { module, route } of chunks) {
          const root = built.find((chunk) => chunk.facadeModuleId !== null && module.test(chunk.facadeModuleId));
          // A renamed page must not silently drop its preload.
          if (!root) throw new Error(`first-screen preload: no chunk is built from ${module}`);
          const files = [root.fileName];
          for (let i = 0; i < files.length; i++)
            for (const imported of byFile.get(files[i]!)?.imports ?? [])
              if (!files.includes(imported)) files.push(imported);
          for (const file of files) {
            if (listed.has(file) || html.includes(`/${file}"`)) continue;
            listed.add(file);
            const attrs = {
              rel: 'modulepreload',
              crossorigin: true,
              href: `/${file}`,
              ...(route && { 'data-route': route }),
            };
            tags.push({ tag: 'link', attrs, injectTo: 'head' as const });
          }
        }
        return { html, tags };
      },
    },
  };
}
