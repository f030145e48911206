// Stock wording is shared by the catalogue (card badge, table status) and the details page, which uses its
// own scale with the count in the label.
export type StockTone = 'green' | 'orange' | 'red';

export const LIMITED_STOCK_MAX = 3;

export type ListStatus = 'Out of Stock' | 'Limited Stock' | 'Available';

export function listStockStatus(quantity: number): ListStatus {
  if (quantity <= 0) return 'Out of Stock';
  if (quantity <= LIMITED_STOCK_MAX) return 'Limited Stock';
  return 'Available';
}

/** The card badge only calls attention to scarce books; plentiful ones carry no badge. */
export function cardStockBadge(quantity: number): Exclude<ListStatus, 'Available'> | null {
  const status = listStockStatus(quantity);
  return status === 'Available' ? null : status;
}

export function detailsStockBadge(quantity: number): { text: string; tone: StockTone } {
  if (quantity <= 0) return { text: 'Out of Stock', tone: 'red' };
  if (quantity <= LIMITED_STOCK_MAX) return { text: `Limited Stock: ${quantity}`, tone: 'orange' };
  return { text: `In Stock: ${quantity}`, tone: 'green' };
}
