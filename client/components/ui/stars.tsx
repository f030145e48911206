import { useI18n } from '../../lib/i18n.ts';

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';

/** How much of star `star` (1-5) a rating fills, from 0 to 1: 4.6 fills four stars and 60% of the fifth. */
export function starFill(rating: number, star: number): number {
  return Math.min(1, Math.max(0, rating - (star - 1)));
}

export function Stars({ rating }: { rating: number }) {
  const { formatMessage: t, formatNumber } = useI18n();
  const value = Number.isFinite(rating) ? rating : 0;
  const shown = Math.round(Math.min(5, Math.max(0, value)) * 10) / 10;
  return (
    <span
      role="img"
      aria-label={t({ id: 'stars.rated' }, { rating: formatNumber(shown) })}
      className="inline-flex gap-0.5"
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} className="relative inline-block h-4 w-4">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="absolute inset-0 h-4 w-4 fill-slate-300">
            <path d={STAR} />
          </svg>
          <span
            className="absolute inset-y-0 left-0 overflow-hidden"
            style={{ width: `${Math.round(starFill(shown, star) * 100)}%` }}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-amber-400">
              <path d={STAR} />
            </svg>
          </span>
        </span>
      ))}
    </span>
  );
}
