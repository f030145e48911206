// Money as the library writes it: the policy's currency symbol, then a whole number grouped the same way
// everywhere ("৳150", "৳1,500"). The library charges whole taka (BDT).
const NUMBER = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** The symbol the gateway's policy shows amounts with. */
export const CURRENCY_SYMBOL = '৳';

/** An amount for readers: 150 is "৳150". */
export function formatMoney(amount: number, symbol = CURRENCY_SYMBOL): string {
  return `${symbol}${NUMBER.format(Math.round(amount))}`;
}

/**
 * Checks an amount typed at the desk: a whole number of taka, at least 1 and at most the balance. Returns the
 * amount, or a sentence saying what is wrong.
 */
export function parseAmount(text: string, balance: number, symbol = CURRENCY_SYMBOL): number | string {
  const trimmed = text.trim();
  const range = `Enter a whole amount from ${formatMoney(1, symbol)} to ${formatMoney(balance, symbol)}.`;
  if (!/^\d+$/.test(trimmed)) return range;
  const amount = Number(trimmed);
  return amount >= 1 && amount <= balance ? amount : range;
}
