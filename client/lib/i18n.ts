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
  return current;
}

/** Loads a language's catalogue (its own chunk) and makes it the one in use. */
export async function loadCatalogue(locale: Locale): Promise<IntlShape> {
  const loaded = await CATALOGUES[locale]();
  return applyCatalogue(locale, loaded.default as Catalogue);
}

/** The catalogue for components: the provider's, or the one in use where a test renders without it. */
export function useI18n(): IntlShape {
  return useContext(IntlContext) ?? current;
}
