// Money as the library writes it, in the member's language: the policy's currency symbol, then a whole number
// grouped the same way everywhere ("৳150", "৳1,500"; in Bangla "৳১৫০", "৳১,৫০০"). The library charges whole
// taka (BDT).
import { intl } from './i18n.ts';
import { currentLocale, INTL_LOCALE, type Locale } from './locale.ts';

const NUMBER: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(INTL_LOCALE.en, { maximumFractionDigits: 0 }),
  bn: new Intl.NumberFormat(INTL_LOCALE.bn, { maximumFractionDigits: 0 }),
};

/** The symbol the gateway's policy shows amounts with. */
export const CURRENCY_SYMBOL = '৳';

/** An amount for readers: 150 is "৳150" (or "৳১৫০"). */
export function formatMoney(amount: number, symbol = CURRENCY_SYMBOL, locale: Locale = currentLocale()): string {
  return `${symbol}${NUMBER[locale].format(Math.round(amount))}`;
}

/**
 * Ledger kinds that lower the balance (a payment, a waiver, a lost copy's refund); every other entry is a charge
 * that raises it.
 */
export const lowersBalance = (kind: string): boolean =>
  kind === 'PAYMENT' || kind === 'WAIVER' || kind === 'LOST_FOUND';

/** A ledger entry's amount with the way it moved the balance: "+৳150" for a charge, "−৳50" for a payment. */
export const signedAmount = (kind: string, amount: number, symbol = CURRENCY_SYMBOL): string =>
  `${lowersBalance(kind) ? '−' : '+'}${formatMoney(amount, symbol)}`;

/**
 * Checks an amount typed at the desk: a whole number of taka (Latin or Bengali digits), at least 1 and at most
 * the balance. Returns the amount, or a sentence saying what is wrong.
 */
export function parseAmount(text: string, balance: number, symbol = CURRENCY_SYMBOL): number | string {
  const trimmed = text.trim().replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
  const range = intl().formatMessage(
    { id: 'money.amountRange' },
    { min: formatMoney(1, symbol), max: formatMoney(balance, symbol) },
  );
  if (!/^\d+$/.test(trimmed)) return range;
  const amount = Number(trimmed);
  return amount >= 1 && amount <= balance ? amount : range;
}
