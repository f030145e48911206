import { formatMoney } from '../../lib/money.ts';
import { useI18n } from '../../lib/i18n.ts';

export type AccruingFee = { loan: { id: string; bookTitle: string }; amount: number; capped: boolean };

/**
 * The late fees accruing on books still out: not owed yet (charged when each comes back), so shown apart from
 * the balance, each with its amount so far and, when the book's replacement cost capped it, that it grows no more.
 */
export function AccruingFees({ accruing }: { accruing: AccruingFee[] }) {
  const t = useI18n().formatMessage;
  if (accruing.length === 0) return null;
  const total = accruing.reduce((sum, fee) => sum + fee.amount, 0);
  return (
    <section aria-labelledby="accruing-heading" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-4">
      <h3 id="accruing-heading" className="font-semibold text-amber-900">
        {t({ id: 'circulation.fees.accruingTitle' })}
      </h3>
      <p className="mb-2 text-amber-900">
        {t(
          { id: 'circulation.fees.accruingTotal' },
          { amount: formatMoney(total), strong: (words) => <strong>{words}</strong> },
        )}
      </p>
      <ul className="space-y-1 text-sm text-gray-800">
        {accruing.map((fee) => (
          <li key={fee.loan.id}>
            {t(
              { id: fee.capped ? 'circulation.fees.accruingCapped' : 'circulation.fees.accruing' },
              { title: fee.loan.bookTitle, amount: formatMoney(fee.amount) },
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
