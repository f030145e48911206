// The member's language: Bangla or English (the default). Chosen once from the browser's languages on a first
// visit, then from the switch, remembered in this browser and (signed in) on the member's account.
export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];

/** Where the choice is kept in this browser. */
export const LOCALE_KEY = 'bookHavenLocale';
/** Each language named in itself: what the switch shows. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', bn: 'বাংলা' };

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'bn';

/** `bn` or `bn-BD` (any Bangla) first among the browser's languages gives Bangla; anything else English. */
export function localeFromLanguages(languages: readonly string[]): Locale {
  const first = languages[0]?.toLowerCase() ?? 'en';
  return first === 'bn' || first.startsWith('bn-') ? 'bn' : 'en';
}

export function savedLocale(): Locale | null {
  try {
    const saved = localStorage.getItem(LOCALE_KEY);
    return isLocale(saved) ? saved : null;
  } catch {
    return null;
  }
}

export function saveLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode or a full storage: the choice lasts this visit only.
  }
}

/** The language to start in: the one chosen here before, else the browser's. */
export function initialLocale(): Locale {
  return (
    savedLocale() ?? localeFromLanguages(navigator.languages.length > 0 ? navigator.languages : [navigator.language])
  );
}

// The language dates, numbers and money are written in where no React context reaches (dialogs, helpers).
let current: Locale = 'en';
export const currentLocale = (): Locale => current;
export function setCurrentLocale(locale: Locale): void {
  current = locale;
  document.documentElement.lang = locale;
}

/** The Intl locale each language formats with: en-GB writes "10 Dec 2026", bn-BD Bengali digits and months. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', bn: 'bn-BD' };
