/** Money as the library shows it: the currency symbol and a whole number, e.g. "৳150". */
export function formatMoney(amount: number, symbol = '৳'): string {
  return `${symbol}${Math.round(amount)}`;
}

/**
 * Checks an amount typed at the desk: a whole number of taka, at least 1 and at most the balance. Returns the
 * amount, or a sentence saying what is wrong.
 */
export function parseAmount(text: string, balance: number, symbol = '৳'): number | string {
  const trimmed = text.trim();
  const range = `Enter a whole amount from ${formatMoney(1, symbol)} to ${formatMoney(balance, symbol)}.`;
  if (!/^\d+$/.test(trimmed)) return range;
  const amount = Number(trimmed);
  return amount >= 1 && amount <= balance ? amount : range;
}
