export function Stars({ rating }: { rating: number }) {
  const value = Number.isFinite(rating) ? rating : 0;
  const shown = Math.round(Math.min(5, Math.max(0, value)) * 10) / 10;
  return (
    <span role="img" aria-label={`Rated ${shown} out of 5`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 ${star <= Math.round(value) ? 'fill-amber-400' : 'fill-slate-300'}`}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
