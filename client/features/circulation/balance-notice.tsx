import { formatMoney } from '../../lib/money.ts';
import { useI18n } from '../../lib/i18n.ts';

/** What the member owes and how to pay it; nothing when they owe nothing. */
export function BalanceNotice({ balance }: { balance: number }) {
  const t = useI18n().formatMessage;
  if (balance <= 0) return null;
  return (
    <p className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
      {t({ id: 'circulation.owes' }, { amount: formatMoney(balance), strong: (words) => <strong>{words}</strong> })}
    </p>
  );
}
