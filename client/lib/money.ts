// The library charges whole taka (the policy's currency, BDT) and shows them as the symbol then the number.
export const CURRENCY_SYMBOL = '৳';

/** An amount for readers: 150 is "৳150". */
export function formatMoney(amount: number): string {
  return `${CURRENCY_SYMBOL}${Math.round(amount)}`;
}
