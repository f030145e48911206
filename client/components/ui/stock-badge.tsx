import { cardStockBadge, detailsStockBadge, listStockStatus, type StockTone } from './stock.ts';

const toneClasses: Record<StockTone, string> = {
  green: 'bg-green-100 text-green-800',
  orange: 'bg-orange-100 text-orange-800',
  red: 'bg-red-100 text-red-800',
};

const pill = 'inline-block rounded-full px-3 py-1 text-xs font-semibold';

export function DetailsStockBadge({ quantity }: { quantity: number }) {
  const badge = detailsStockBadge(quantity);
  return <span className={`${pill} ${toneClasses[badge.tone]}`}>{badge.text}</span>;
}

export function CardStockBadge({ quantity }: { quantity: number }) {
  const text = cardStockBadge(quantity);
  if (!text) return null;
  return <span className={`${pill} ${text === 'Out of Stock' ? toneClasses.red : toneClasses.orange}`}>{text}</span>;
}

export function StockStatus({ quantity }: { quantity: number }) {
  const text = listStockStatus(quantity);
  const tone: StockTone = text === 'Out of Stock' ? 'red' : text === 'Limited Stock' ? 'orange' : 'green';
  return <span className={`${pill} ${toneClasses[tone]}`}>{text}</span>;
}
