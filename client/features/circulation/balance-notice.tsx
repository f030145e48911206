import { formatMoney } from '../../lib/money.ts';

/** What the member owes and how to pay it; nothing when they owe nothing. */
export function BalanceNotice({ balance }: { balance: number }) {
  if (balance <= 0) return null;
  return (
    <p className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
      You owe <strong>{formatMoney(balance)}</strong>. Please pay at the desk before borrowing more.
    </p>
  );
}
