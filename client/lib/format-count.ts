const COUNT = new Intl.NumberFormat('en-US');

/** A count for readers: 50000 is "50,000". */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

// Kept here with the other number formatting for readers: one small shared module, so the routes that show
// amounts add no chunk of their own to what the entry has to list for them.
// The library charges whole taka (the policy's currency, BDT) and shows them as the symbol then the number.
export const CURRENCY_SYMBOL = '৳';

/** An amount for readers: 150 is "৳150". */
export function formatMoney(amount: number): string {
  return `${CURRENCY_SYMBOL}${Math.round(amount)}`;
}
