// The gateway draws All Books' and a book's first screen as markup in their page (server/first-screen.ts,
// decision 061) with the SPA's own words and numbers. Its image has no client/ folder, so the build writes what
// it needs beside index.html: first-screen.json, the words of both languages, the page size and the stock scale.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_SCREEN_FILE, SCREEN_WORDS, type FirstScreenSpec } from '../server/first-screen.ts';

export function firstScreenWords(
  messagesDir: string,
  settings: Pick<FirstScreenSpec, 'pageSize' | 'limitedStockMax' | 'cards'>,
): Plugin {
  return {
    name: 'bookhaven:first-screen-words',
    apply: 'build',
    generateBundle() {
      const words = Object.fromEntries(
        (['en', 'bn'] as const).map((locale) => {
          const all = JSON.parse(readFileSync(path.join(messagesDir, `${locale}.json`), 'utf8')) as Record<
            string,
            string
          >;
          const picked = SCREEN_WORDS.map((id) => {
            // A renamed message must not leave the gateway without its words.
            if (typeof all[id] !== 'string') throw new Error(`first-screen words: no ${id} in ${locale}.json`);
            return [id, all[id]];
          });
          return [locale, Object.fromEntries(picked)];
        }),
      ) as FirstScreenSpec['words'];
      const spec: FirstScreenSpec = { ...settings, words };
      this.emitFile({ type: 'asset', fileName: FIRST_SCREEN_FILE, source: JSON.stringify(spec) });
    },
  };
}
