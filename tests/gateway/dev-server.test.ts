// `npm run dev` serves the SPA through Vite's dev server, which first pre-bundles the SPA's dependencies. That
// step once failed on GraphiQL's `?worker` imports (the sandbox's, not the SPA's) and took `npm run dev` down.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { optimizeDeps, resolveConfig } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../..');
const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'bookhaven-vite-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('npm run dev', () => {
  it("pre-bundles the SPA's dependencies, and only the SPA's", async () => {
    const config = await resolveConfig(
      { configFile: path.join(ROOT, 'vite.config.ts'), cacheDir, logLevel: 'silent' },
      'serve',
      'development',
    );
    const { optimized } = await optimizeDeps(config, true);
    expect(Object.keys(optimized)).toEqual(expect.arrayContaining(['react', 'react-dom/client', '@apollo/client']));
    expect(Object.keys(optimized).filter((name) => name.includes('graphiql'))).toEqual([]);
  }, 60_000);
});
