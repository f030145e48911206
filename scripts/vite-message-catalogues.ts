// The SPA's message catalogues (client/messages/*.json) are ICU strings. A production build parses them here,
// once, into the ASTs the formatter takes, and ships react-intl without the ICU parser (its no-parser entry):
// the browser never parses a message, and the entry chunk stays within its size budget. Development and tests
// keep the strings and the parser.
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /\/client\/messages\/[a-z]{2}\.json$/;

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
      if (!CATALOGUE.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      // Still JSON: Vite's own JSON plugin turns it into the module, as for any catalogue.
      const parsed = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}
