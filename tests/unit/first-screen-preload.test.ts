// index.html as built (scripts/vite-first-screen-preload.ts): Home's page chunk and what it imports are listed
// as modulepreloads for "/" only, so on a slow network they download with the entry instead of after it ran.
// Runs the real Vite build, writing nothing.
import { describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';

async function buildOutput() {
  const result = await build({
    configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
    logLevel: 'silent',
    build: { write: false, sourcemap: false },
  });
  return (Array.isArray(result) ? result : [result]).flatMap((o) => ('output' in o ? o.output : []));
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => ({
    href: /href="([^"]+)"/.exec(m[0])?.[1],
    route: /data-route="([^"]+)"/.exec(m[0])?.[1] ?? null,
  }));

describe('first-screen preloads in the production build', () => {
  it('lists the home page chunk and its imports as preloads for "/" only', async () => {
    const output = await buildOutput();
    const chunks = output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
    const html = output.find((a) => a.fileName === 'index.html');
    const source = html && 'source' in html ? String(html.source) : '';
    const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/client/index.html'));
    const home = chunks.find((c) => c.facadeModuleId?.endsWith('/client/features/home/home-page.tsx'));
    expect(entry && home).toBeTruthy();
    const listed = preloads(source);
    // The entry's own imports stay as Vite writes them: for every route.
    for (const file of entry!.imports) expect(listed).toContainEqual({ href: `/${file}`, route: null });
    // Home and everything it imports, however deep, but not the shell (index.html loads it already).
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const shell = new Set([entry!.fileName, ...entry!.imports]);
    const homeFiles = [home!.fileName];
    for (let i = 0; i < homeFiles.length; i++)
      for (const file of byFile.get(homeFiles[i]!)?.imports ?? [])
        if (!shell.has(file) && !homeFiles.includes(file)) homeFiles.push(file);
    for (const file of homeFiles) expect(listed).toContainEqual({ href: `/${file}`, route: '/' });
    // Nothing else: other lazy pages, and Firebase (the initial JavaScript budget counts every preload).
    expect(listed).toHaveLength(entry!.imports.length + homeFiles.length);
  }, 180_000);

  it("lists each signed-in page's chunk for its own route in route-preloads.json, not in index.html", async () => {
    const output = await buildOutput();
    const chunks = output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
    const html = output.find((a) => a.fileName === 'index.html');
    const source = html && 'source' in html ? String(html.source) : '';
    const listed = output.find((a) => a.fileName === 'route-preloads.json');
    const routes = JSON.parse(listed && 'source' in listed ? String(listed.source) : '[]') as {
      route: string;
      files: string[];
    }[];
    for (const [route, page] of [
      ['/all-books', '/client/features/catalog/all-books-page.tsx'],
      ['/book-details/:id', '/client/features/book/book-details-page.tsx'],
      ['/borrowed-books', '/client/features/circulation/borrowed-books-page.tsx'],
    ] as const) {
      const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(page));
      const files = routes.find((r) => r.route === route)?.files ?? [];
      expect(files[0], route).toBe(chunk?.fileName);
      expect(source).not.toContain(chunk!.fileName);
    }
  }, 180_000);
});
