import { useId, useRef, useState } from 'react';
import { skipToken, useQuery } from '@apollo/client/react';
import { useI18n } from '../../../lib/i18n.ts';
import { DESK_MEMBER_QUERY } from '../members/member-panel.tsx';
import { ScanBox } from './scan-box.tsx';
import { ScanResults } from './scan-results.tsx';
import { CheckoutReceipt } from '../money/slips.tsx';
import { EmailReceipt } from '../money/email-receipt.tsx';
import { useScan, type CheckedOut, type OpenMember } from './use-scan.ts';

type Props = { uid: string | null; symbol: string; onOpenMember: (uid: string) => void };

/**
 * The scan box and what it did: scanning a card opens the member; an item barcode checks out to them, or with
 * no member open checks in (with the options chosen beforehand). A member's checkouts this visit make their
 * receipt.
 */
export function ScanDesk({ uid, symbol, onOpenMember }: Props) {
  const id = useId();
  const t = useI18n().formatMessage;
  // The open member's card (checkOut lends by card), from the member panel's query (one request for both).
  const { data } = useQuery(DESK_MEMBER_QUERY, uid ? { variables: { uid } } : skipToken);
  const found = uid && data?.member?.uid === uid ? data.member : null;
  const member: OpenMember | null = found
    ? { uid: found.uid, name: found.name || found.email, cardNumber: found.cardNumber ?? null }
    : null;
  // Forgive applies to the next check-in only; the book drop day stays until changed, for a drop's whole pile.
  const [forgive, setForgive] = useState(false);
  const [returnedOn, setReturnedOn] = useState('');
  const options = useRef({ forgive, returnedOn });
  options.current = { forgive, returnedOn };
  const [receipt, setReceipt] = useState<{ uid: string; loans: CheckedOut[] } | null>(null);

  const scanner = useScan({
    member,
    openMember: onOpenMember,
    checkInOptions: () => ({ forgive: options.current.forgive, returnedOn: options.current.returnedOn || null }),
    onCheckedIn: () => setForgive(false),
    onCheckedOut: (loan) =>
      setReceipt((before) =>
        before && before.uid === member?.uid
          ? { uid: before.uid, loans: [...before.loans, loan] }
          : { uid: member?.uid ?? '', loans: [loan] },
      ),
    fallback: t({ id: 'desk.somethingWrong' }),
  });

  const hint = member ? t({ id: 'desk.scan.hintMember' }, { name: member.name }) : t({ id: 'desk.scan.hintNoMember' });
  const loans = receipt && member && receipt.uid === member.uid ? receipt.loans : [];

  return (
    <div className="space-y-4">
      {/* The check-in options beside the scan box on a wide screen: what a scan answers stays in view. */}
      <div className={member ? undefined : 'grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]'}>
        <ScanBox onScan={scanner.scan} hint={hint} actionsDone={scanner.done} />
        {!member && (
          <fieldset className="no-print flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">{t({ id: 'desk.checkInOptions.title' })}</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={forgive} onChange={(event) => setForgive(event.target.checked)} />
              {t({ id: 'desk.checkInOptions.forgive' })}
            </label>
            <div>
              <label htmlFor={`${id}-returned`} className="form-label">
                {t({ id: 'desk.checkInOptions.returnedOn' })}
              </label>
              <input
                id={`${id}-returned`}
                type="date"
                className="form-input"
                value={returnedOn}
                onChange={(event) => setReturnedOn(event.target.value)}
              />
            </div>
            {returnedOn && (
              <button type="button" className="btn-quiet btn-sm" onClick={() => setReturnedOn('')}>
                {t({ id: 'desk.checkInOptions.today' })}
              </button>
            )}
          </fieldset>
        )}
      </div>
      <p role="status" className="sr-only">
        {scanner.busy ? t({ id: 'desk.scan.working' }) : ''}
      </p>
      <ScanResults scanner={scanner} symbol={symbol} onOpenMember={onOpenMember} />
      {member && loans.length > 0 && (
        <CheckoutReceipt
          member={member}
          loans={loans}
          actions={<EmailReceipt loanIds={loans.map((loan) => loan.id)} />}
        />
      )}
    </div>
  );
}
