// The build leaves the desk's words and the About / privacy / terms pages' words out of the catalogue (parts of
// their own, loaded with those pages). A page that says them must load its part, and nothing else may say them:
// otherwise the built app shows a key where the words should be (development and tests have every word).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_PARTS } from '../../scripts/vite-message-catalogues.ts';

const CLIENT = path.resolve(import.meta.dirname, '..', '..', 'client');
/** Where each part's words may be said: the folders or files of the pages that load it. */
const SAID_IN: Record<keyof typeof CATALOGUE_PARTS, RegExp> = {
  desk: /^features\/desk\//,
  pages: /^features\/static\/(about-page|privacy-policy-page|terms-conditions-page|legal-layout)\.tsx$/,
};

function sources(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sources(full, base);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.relative(base, full)] : [];
  });
}

describe("the catalogue's parts", () => {
  it('are said only in the pages that load them', () => {
    const misplaced: string[] = [];
    for (const file of sources(CLIENT)) {
      const text = readFileSync(path.join(CLIENT, file), 'utf8');
      for (const [part, prefixes] of Object.entries(CATALOGUE_PARTS) as [
        keyof typeof CATALOGUE_PARTS,
        readonly string[],
      ][])
        for (const prefix of prefixes)
          if (new RegExp(`['"\`]${prefix}\\.[a-zA-Z]`).test(text) && !SAID_IN[part].test(file))
            misplaced.push(`${file} says ${prefix}.* (the ${part} part)`);
    }
    expect(misplaced).toEqual([]);
  });

  it('are loaded by every route whose page says them', () => {
    const router = readFileSync(path.join(CLIENT, 'app', 'router.tsx'), 'utf8').replace(/\s+/g, ' ');
    const routes = [...router.matchAll(/lazy: (\w+)\((withWords\('(\w+)', )?\(\) => import\('\.\.\/([^']+)'\)/g)];
    expect(routes.length).toBeGreaterThan(20);
    const wrong = routes.flatMap(([, , , loaded, file]) => {
      const needed = (Object.keys(SAID_IN) as (keyof typeof SAID_IN)[]).find((part) => SAID_IN[part].test(file!));
      return needed === loaded ? [] : [`${file} loads ${loaded ?? 'no part'}, needs ${needed ?? 'none'}`];
    });
    expect(wrong).toEqual([]);
  });
});
