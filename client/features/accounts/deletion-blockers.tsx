import { formatMoney } from '../../lib/money.ts';
import { useI18n } from '../../lib/i18n.ts';

/** What stands in the way of deleting an account (the accountDeletionCheck query). */
export interface Blockers {
  loans: readonly string[];
  holds: readonly string[];
  balance: number;
}

/** Each loan, hold and the balance that must be settled before the account can be deleted, by name. */
export function DeletionBlockers({ blockers }: { blockers: Blockers }) {
  const t = useI18n().formatMessage;
  return (
    <div role="alert" className="mt-3 text-sm text-red-700">
      <p>{t({ id: 'account.deleteBlocked' })}</p>
      <ul className="mt-1 list-disc pl-5">
        {blockers.loans.map((title, i) => (
          <li key={`loan-${i}`}>{t({ id: 'account.blockerLoan' }, { title })}</li>
        ))}
        {blockers.holds.map((title, i) => (
          <li key={`hold-${i}`}>{t({ id: 'account.blockerHold' }, { title })}</li>
        ))}
        {blockers.balance > 0 && (
          <li>{t({ id: 'account.blockerBalance' }, { amount: formatMoney(blockers.balance) })}</li>
        )}
      </ul>
    </div>
  );
}
