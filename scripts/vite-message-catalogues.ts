// The SPA's message catalogues (client/messages/*.json) are ICU strings. A production build parses them here,
// once, into the ASTs the formatter takes, and ships react-intl without the ICU parser (its no-parser entry):
// the browser never parses a message, and the entry chunk stays within its size budget. Development and tests
// keep the strings and the parser. Words only some pages say are parts of their own at build: `<locale>.json`
// leaves them out and `<locale>.json?<part>` is them alone, loaded with those pages (client/lib/i18n.ts), so that a
// visitor of Home does not download them: the desk's (a third of each catalogue, staff's pages only), and the
// About, privacy and terms pages' (their long texts).
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** Each part and the keys it takes (by their first segment); every other key is in the catalogue itself. */
export const CATALOGUE_PARTS = {
  desk: ['desk'],
  pages: ['about', 'rules', 'privacy', 'terms', 'legal'],
} as const;
type Part = keyof typeof CATALOGUE_PARTS;

const CATALOGUE = /\/client\/messages\/[a-z]{2}\.json(?:\?(desk|pages))?$/;

/** The part a key belongs to, or null for the catalogue itself. */
export function partOf(key: string): Part | null {
  const first = key.split('.')[0] ?? '';
  for (const [part, prefixes] of Object.entries(CATALOGUE_PARTS) as [Part, readonly string[]][])
    if (prefixes.includes(first)) return part;
  return null;
}

export function messageCatalogues(): Plugin {
  return {
    name: 'bookhaven:message-catalogues',
    enforce: 'pre',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    transform(code, id) {
      const match = CATALOGUE.exec(id);
      if (!match) return null;
      const part = (match[1] as Part | undefined) ?? null;
      const messages = JSON.parse(code) as Record<string, string>;
      // The catalogue stays JSON: Vite's own JSON plugin turns it into the module, as for any catalogue.
      const parsed = Object.fromEntries(
        Object.entries(messages)
          .filter(([key]) => partOf(key) === part)
          .map(([key, text]) => [key, parse(text)]),
      );
      // The part's query hides it from the JSON plugin: a module of its own.
      if (part) return { code: `export default ${JSON.stringify(parsed)};`, map: null };
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}

/**
 * The parts in development and tests (`npm run dev`, the client tests): `<locale>.json?<part>` is the part's ICU
 * strings, a module of its own (the query hides it from the JSON plugin); the catalogue itself stays whole there.
 */
export function catalogueParts(): Plugin {
  return {
    name: 'bookhaven:catalogue-parts',
    enforce: 'pre',
    apply: 'serve',
    transform(code, id) {
      const part = CATALOGUE.exec(id)?.[1] as Part | undefined;
      if (!part) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const words = Object.fromEntries(Object.entries(messages).filter(([key]) => partOf(key) === part));
      return { code: `export default ${JSON.stringify(words)};`, map: null };
    },
  };
}
