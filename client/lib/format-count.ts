import { currentLocale, INTL_LOCALE, type Locale } from './locale.ts';

const COUNT: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(INTL_LOCALE.en),
  bn: new Intl.NumberFormat(INTL_LOCALE.bn),
};

/** A count for readers in their language: 50000 is "50,000" or "৫০,০০০". */
export function formatCount(value: number, locale: Locale = currentLocale()): string {
  return COUNT[locale].format(value);
}

/** A number written as text (a phone number, a year) in the reader's digits: "+880 1712" is "+৮৮০ ১৭১২" in Bangla. */
export function localDigits(text: string, locale: Locale = currentLocale()): string {
  return text.replace(/[0-9]/g, (digit) => COUNT[locale].format(Number(digit)));
}
