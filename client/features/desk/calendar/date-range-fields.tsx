const input = 'mt-1 block w-full rounded border border-gray-300 px-2 py-1';

/**
 * The calendar forms' pair of days: the first (required) and an optional last one, which may not come before it.
 * The labels are the caller's words (each form says what its days are); the fields sit wherever the form puts them.
 */
export function DateRangeFields({
  from,
  to,
  onFromChange,
  onToChange,
  fromLabel,
  toLabel,
}: {
  from: string;
  to: string;
  onFromChange: (day: string) => void;
  onToChange: (day: string) => void;
  fromLabel: string;
  toLabel: string;
}) {
  return (
    <>
      <label className="block text-sm font-medium">
        {fromLabel}
        <input type="date" required value={from} onChange={(e) => onFromChange(e.target.value)} className={input} />
      </label>
      <label className="block text-sm font-medium">
        {toLabel}
        <input
          type="date"
          min={from || undefined}
          value={to}
          onChange={(e) => onToChange(e.target.value)}
          className={input}
        />
      </label>
    </>
  );
}
