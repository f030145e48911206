// The gateway sends Home's, All Books', a book's and My Borrowed Books' first screen as markup in their page
// (server/first-screen.ts, decisions 061, 064, 072, 088). Its image has no client/ folder, so the build writes what
// it needs beside index.html: first-screen.json, with Home, My Borrowed Books and the layout as the SPA's own
// components render them (client/app/first-screen.tsx,
// by React's server renderer, here at build), and the words of both languages, the page size and the stock scale
// for the catalogue pages the gateway draws into that layout.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { FIRST_SCREEN_FILE, SCREEN_WORDS, type FirstScreenSpec } from '../server/first-screen.ts';
import type { RenderedScreens } from '../client/app/first-screen.tsx';

type Settings = Pick<FirstScreenSpec, 'pageSize' | 'limitedStockMax' | 'cards'>;

/** React puts a preload of the pictures it renders first in its markup; the page has its own (index.html). */
const withoutPreloads = (html: string) => html.replace(/^(?:<link [^>]*\/>)+/, '');

/** first-screen.json's content: `rendered` is what client/app/first-screen.tsx renders. */
export function firstScreenSpec(messagesDir: string, settings: Settings, rendered: RenderedScreens): FirstScreenSpec {
  const locales = ['en', 'bn'] as const;
  const words = Object.fromEntries(
    locales.map((locale) => {
      const all = JSON.parse(readFileSync(path.join(messagesDir, `${locale}.json`), 'utf8')) as Record<string, string>;
      const picked = SCREEN_WORDS.map((id) => {
        // A renamed message must not leave the gateway without its words.
        if (typeof all[id] !== 'string') throw new Error(`first-screen words: no ${id} in ${locale}.json`);
        return [id, all[id]];
      });
      return [locale, Object.fromEntries(picked)];
    }),
  ) as FirstScreenSpec['words'];
  const whole = (pages: Record<string, string>) =>
    Object.fromEntries(locales.map((locale) => [locale, withoutPreloads(pages[locale]!)])) as Record<string, string>;
  const layout = Object.fromEntries(
    locales.map((locale) => {
      const parts = withoutPreloads(rendered.layout[locale]).split(rendered.slot);
      if (parts.length !== 2) throw new Error(`first screen: the layout has no single page slot (${locale})`);
      return [locale, parts];
    }),
  );
  return {
    ...settings,
    words,
    home: whole(rendered.home),
    borrowedBooks: whole(rendered.borrowedBooks),
    layout,
  } as FirstScreenSpec;
}

export function firstScreenWords(clientDir: string, settings: Settings): Plugin {
  return {
    name: 'bookhaven:first-screen-words',
    apply: 'build',
    async generateBundle() {
      // The SPA's components, loaded by Vite's module runner (TSX, JSON) and rendered in Node.
      const { module } = await runnerImport<{ renderFirstScreens: () => RenderedScreens }>(
        path.join(clientDir, 'app/first-screen.tsx'),
        { configFile: false, root: clientDir, logLevel: 'warn' },
      );
      const spec = firstScreenSpec(path.join(clientDir, 'messages'), settings, module.renderFirstScreens());
      this.emitFile({ type: 'asset', fileName: FIRST_SCREEN_FILE, source: JSON.stringify(spec) });
    },
  };
}
