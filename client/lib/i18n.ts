// The SPA's words: one ICU message catalogue per language (client/messages/<locale>.json), each a chunk of its
// own loaded when the language is chosen (English by default). Components read them through useI18n() (the
// IntlProvider's); code outside React (dialogs, helpers) through intl(), which always holds the same catalogue.
import { useContext } from 'react';
import { createIntl, createIntlCache, IntlContext, type IntlShape, type MessageFormatElement } from 'react-intl';
import type english from '../messages/en.json';
import { INTL_LOCALE, setCurrentLocale, type Locale } from './locale.ts';

export type MessageId = keyof typeof english;
/** A catalogue: ICU strings in development and tests, parsed ahead at build (scripts/vite-message-catalogues.ts). */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

const CATALOGUES: Record<Locale, () => Promise<{ default: unknown }>> = {
  en: () => import('../messages/en.json'),
  bn: () => import('../messages/bn.json'),
};
// Words only some pages say, each a part of its own at build (scripts/vite-message-catalogues.ts) loaded with
// those pages: the desk's (a third of each catalogue) and the About, privacy and terms pages'. In development and
// tests the catalogue itself stays whole.
export type CataloguePart = 'desk' | 'pages';
const PARTS: Record<CataloguePart, Record<Locale, () => Promise<{ default: unknown }>>> = {
  desk: { en: () => import('../messages/en.json?desk'), bn: () => import('../messages/bn.json?desk') },
  pages: { en: () => import('../messages/en.json?pages'), bn: () => import('../messages/bn.json?pages') },
};
const wanted = new Set<CataloguePart>();
const listeners = new Set<(intl: IntlShape) => void>();

const cache = createIntlCache();

function intlFor(locale: Locale, messages: Catalogue): IntlShape {
  return createIntl({ locale: INTL_LOCALE[locale], defaultLocale: 'en-GB', messages }, cache);
}

let current: IntlShape = intlFor('en', {});
let currentLanguage: Locale = 'en';

/** The catalogue in use, for code outside React. */
export const intl = (): IntlShape => current;
export const language = (): Locale => currentLanguage;

/** Makes a catalogue the one in use (and the language of dates, money and <html lang>). */
export function applyCatalogue(locale: Locale, messages: Catalogue): IntlShape {
  current = intlFor(locale, messages);
  currentLanguage = locale;
  setCurrentLocale(locale);
  for (const listener of listeners) listener(current);
  return current;
}

/** Called with each catalogue made the one in use (the provider re-renders with it); returns the unsubscribe. */
export function onCatalogue(listener: (intl: IntlShape) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

// The language last asked for, and the load that will make it the one in use: the router may ask for a page's
// words before the app's first language has loaded, and a later ask wins over an earlier one still loading.
let requested: Locale = 'en';
let asks = 0;
let latest: Promise<IntlShape> = Promise.resolve(current);

/** Loads a language's catalogue (its own chunk, with the parts pages have wanted) and makes it the one in use. */
export function loadCatalogue(locale: Locale): Promise<IntlShape> {
  requested = locale;
  const ask = ++asks;
  latest = (async () => {
    for (;;) {
      const parts = [...wanted];
      const [loaded, ...words] = await Promise.all([
        CATALOGUES[locale](),
        ...parts.map((part) => PARTS[part][locale]()),
      ]);
      // Asked again meanwhile (another language, or a part): that load is the one to wait for.
      if (ask !== asks) return latest;
      if (parts.length === wanted.size) {
        return applyCatalogue(locale, Object.assign({}, loaded.default, ...words.map((w) => w.default)) as Catalogue);
      }
    }
  })();
  return latest;
}

/** A part's words added to the catalogue, in the language last asked for, and in any language chosen after. */
export function loadCataloguePart(part: CataloguePart): Promise<IntlShape> {
  if (wanted.has(part)) return latest;
  wanted.add(part);
  return loadCatalogue(requested);
}

/** The catalogue for components: the provider's, or the one in use where a test renders without it. */
export function useI18n(): IntlShape {
  return useContext(IntlContext) ?? current;
}
