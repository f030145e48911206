import { formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { HoldSlip } from '../money/slips.tsx';
import { TakePayment } from '../money/take-payment.tsx';
import { ShelveHoldButton } from '../holds/hold-shelf-lists.tsx';
import type { CheckedIn } from './use-scan.ts';

type Props = {
  result: CheckedIn;
  symbol: string;
  /** Opens the member who had the copy (to waive a fee, or see their other loans). */
  onOpenMember: (uid: string) => void;
};

/** A lost copy found: what its member was refunded, or that it had been marked lost by hand. */
function FoundLine({ result, symbol }: { result: CheckedIn; symbol: string }) {
  const t = useI18n().formatMessage;
  const { loan } = result;
  if (result.refunded > 0 && loan)
    return (
      <p className="font-semibold text-green-800">
        {t(
          { id: 'desk.checkIn.refunded' },
          { amount: formatMoney(result.refunded, symbol), name: loan.userName || loan.userEmail },
        )}
      </p>
    );
  return <p className="text-slate-800">{t({ id: 'desk.checkIn.notRefunded' })}</p>;
}

/**
 * A check-in, everything at once: who had the copy, how late and what it cost them, and where the copy goes now:
 * the shelf, or (hold found) the hold shelf for the member waiting, with the slip to tuck into it.
 */
export function CheckInResult({ result, symbol, onOpenMember }: Props) {
  const t = useI18n().formatMessage;
  const { loan, holdFound } = result;
  return (
    <section aria-label={t({ id: 'desk.checkIn.title' })} className="space-y-3 rounded-xl bg-white p-5 shadow-sm">
      <h2 className="text-xl font-semibold">
        {!loan
          ? t({ id: 'desk.checkIn.foundByHand' }, { barcode: result.barcode })
          : t(
              { id: result.found ? 'desk.checkIn.foundHeading' : 'desk.checkIn.heading' },
              { title: loan.bookTitle, barcode: result.barcode },
            )}
      </h2>
      {loan ? (
        <p className="flex flex-wrap gap-x-2">
          {t({ id: 'desk.checkIn.had' }, { name: loan.userName || loan.userEmail, day: formatDay(loan.dueDate) })}
          <button type="button" className="text-indigo-700 underline" onClick={() => onOpenMember(loan.userId)}>
            {t({ id: 'desk.checkIn.openMember' }, { name: loan.userName || loan.userEmail })}
          </button>
        </p>
      ) : null}
      {result.found ? (
        <FoundLine result={result} symbol={symbol} />
      ) : (
        <p className={result.daysLate > 0 ? 'font-semibold text-red-800' : 'text-green-800'}>
          {result.daysLate === 0
            ? t({ id: 'desk.checkIn.onTime' })
            : result.forgiven
              ? t({ id: 'desk.checkIn.lateForgiven' }, { days: result.daysLate })
              : t({ id: 'desk.checkIn.lateFee' }, { days: result.daysLate, fee: formatMoney(result.fee, symbol) })}
        </p>
      )}
      {loan && !result.found && !result.forgiven && result.fee > 0 && (
        <TakePayment uid={loan.userId} name={loan.userName || loan.userEmail} fee={result.fee} symbol={symbol} />
      )}
      {holdFound ? (
        // Beside its slip on a wide screen, so the slip is in view at the desk without scrolling.
        <div
          role="alert"
          className="grid gap-3 rounded-lg border-2 border-amber-500 bg-amber-50 p-4 lg:grid-cols-2 lg:items-start"
        >
          <div className="space-y-3">
            <h3 className="text-lg font-bold text-amber-900">{t({ id: 'desk.checkIn.holdFound' })}</h3>
            <p className="text-amber-900">
              {t(
                { id: 'desk.checkIn.holdFor' },
                {
                  name: holdFound.member.name,
                  day: formatDay(holdFound.readyUntil),
                  strong: (w) => <strong>{w}</strong>,
                },
              )}
            </p>
            <div className="print:hidden">
              <ShelveHoldButton holdId={holdFound.holdId} doneLabel={t({ id: 'desk.checkIn.shelved' })} />
            </div>
          </div>
          <HoldSlip hold={holdFound} />
        </div>
      ) : (
        <p className="font-semibold text-slate-800">{t({ id: 'desk.checkIn.toShelf' })}</p>
      )}
    </section>
  );
}
