import { useI18n, type MessageId } from '../../lib/i18n.ts';
import { cardStockBadge, detailsStockBadge, listStockStatus, type ListStatus, type StockTone } from './stock.ts';

const toneClasses: Record<StockTone, string> = {
  green: 'bg-green-100 text-green-800',
  orange: 'bg-orange-100 text-orange-800',
  red: 'bg-red-100 text-red-800',
};

/** What each status says, in the member's language. */
const WORDS: Record<ListStatus, MessageId> = {
  'Out of Stock': 'stock.out',
  'Limited Stock': 'stock.limited',
  Available: 'stock.available',
};

const pill = 'inline-block rounded-full px-3 py-1 text-xs font-semibold';

export function DetailsStockBadge({ quantity }: { quantity: number }) {
  const { formatMessage: t, formatNumber } = useI18n();
  const badge = detailsStockBadge(quantity);
  const count = formatNumber(quantity);
  const text =
    badge.tone === 'red'
      ? t({ id: 'stock.out' })
      : t({ id: badge.tone === 'orange' ? 'stock.limitedCount' : 'stock.inStock' }, { count });
  return <span className={`${pill} ${toneClasses[badge.tone]}`}>{text}</span>;
}

export function CardStockBadge({ quantity }: { quantity: number }) {
  const { formatMessage: t } = useI18n();
  const status = cardStockBadge(quantity);
  if (!status) return null;
  const tone = status === 'Out of Stock' ? toneClasses.red : toneClasses.orange;
  return <span className={`${pill} ${tone}`}>{t({ id: WORDS[status] })}</span>;
}

export function StockStatus({ quantity }: { quantity: number }) {
  const { formatMessage: t } = useI18n();
  const status = listStockStatus(quantity);
  const tone: StockTone = status === 'Out of Stock' ? 'red' : status === 'Limited Stock' ? 'orange' : 'green';
  return <span className={`${pill} ${toneClasses[tone]}`}>{t({ id: WORDS[status] })}</span>;
}
