import { useId, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { showError, showWarning } from '../../components/ui/dialogs.ts';
import { isNetworkFailure } from '../../lib/network-errors.ts';
import { askWhetherItHappened } from '../../lib/uncertain-write.ts';
import { formatDay } from '../../lib/dates.ts';
import { useI18n } from '../../lib/i18n.ts';
import { serverMessage } from './use-return-book.ts';
import { CHECK_MY_RENEWALS_QUERY, useRenewLoan } from './use-renew-loan.ts';

interface RenewControlProps {
  loan: { id: string; bookTitle: string; canRenew: boolean; renewBlockedReason?: string | null; renewals: number };
  /** Called after a refusal: the list is stale (the book was requested, the loan returned elsewhere...). */
  onRefused: () => void;
}

/**
 * Renew, or why not: the gateway says whether a loan may be renewed now and, when not, why in a sentence
 * for the member, shown beside the disabled button. A renewal is announced with the new due date.
 */
export function RenewControl({ loan, onRefused }: RenewControlProps) {
  const id = useId();
  const [renew, { loading }] = useRenewLoan();
  const client = useApolloClient();
  const [renewedTo, setRenewedTo] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const t = useI18n().formatMessage;
  const text = t({ id: loading ? 'circulation.renew.busy' : 'circulation.renew.button' });

  const onRenew = async () => {
    try {
      const { data } = await renew({ variables: { loanId: loan.id } });
      // The card already shows the new due date from the cache; this announces it.
      setRenewedTo(data ? formatDay(data.renewLoan.dueDate) : null);
      // The button is usually disabled now (one renewal per loan): keep keyboard focus on the card.
      status.current?.focus();
    } catch (error) {
      if (isNetworkFailure(error)) {
        // No answer even on the retry: the library may have renewed it. Check asks it, and the card follows.
        const before = loan.renewals;
        const happened = await askWhetherItHappened('renewal', async () => {
          const { data } = await client.query({ query: CHECK_MY_RENEWALS_QUERY, fetchPolicy: 'network-only' });
          const now = data?.borrowedBooks.find((item) => item.id === loan.id);
          if (now && now.renewals > before) setRenewedTo(formatDay(now.dueDate));
          return (now?.renewals ?? 0) > before;
        });
        if (happened === false)
          await showWarning(t({ id: 'circulation.renew.notRenewed' }), t({ id: 'circulation.renew.notRenewedText' }));
        return;
      }
      onRefused();
      await showError(
        t({ id: 'circulation.renew.failed' }),
        serverMessage(error) ?? t({ id: 'circulation.somethingWrong' }),
      );
    }
  };

  const reason = !loan.canRenew && loan.renewBlockedReason ? loan.renewBlockedReason : null;
  return (
    <div className="flex flex-col gap-1 pt-2">
      <div className="flex items-center gap-3">
        <button
          type="button"
          disabled={!loan.canRenew || loading}
          aria-label={t(
            { id: loading ? 'circulation.renew.busyLabel' : 'circulation.renew.label' },
            { title: loan.bookTitle },
          )}
          aria-describedby={reason ? `${id}-reason` : undefined}
          onClick={() => void onRenew()}
          className="rounded-lg bg-indigo-600 px-4 py-2 text-white disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700"
        >
          {text}
        </button>
        {reason && (
          <p id={`${id}-reason`} className="text-xs text-gray-700">
            {reason}
          </p>
        )}
      </div>
      <p ref={status} role="status" tabIndex={-1} className="text-sm text-green-800">
        {renewedTo && t({ id: 'circulation.renew.renewed' }, { day: renewedTo })}
      </p>
    </div>
  );
}
