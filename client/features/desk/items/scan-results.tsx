import { useId, useState, type FormEvent } from 'react';
import { formatDay } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { CheckInResult } from './check-in-result.tsx';
import type { ScanResult, useScan } from './use-scan.ts';

type Scanner = ReturnType<typeof useScan>;
type Refusal = Extract<ScanResult, { kind: 'refused' }>;

/** Lend past a policy refusal: staff give the reason, recorded with the loan. */
function OverrideForm({ refusal, scanner }: { refusal: Refusal; scanner: Scanner }) {
  const id = useId();
  const t = useI18n().formatMessage;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  if (!open) {
    return (
      <button type="button" className="btn-secondary btn-sm" onClick={() => setOpen(true)}>
        {t({ id: 'desk.override.button' })}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(true);
      return;
    }
    scanner.override(refusal.barcode, reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label={t({ id: 'desk.override.title' })}>
      <label htmlFor={`${id}-reason`} className="form-label">
        {t({ id: 'desk.override.reason' })}
      </label>
      <input
        id={`${id}-reason`}
        className="form-input"
        maxLength={200}
        // The reason is what staff came to type once they chose Override.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        value={reason}
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {t({ id: 'desk.override.reasonNeeded' })}
        </p>
      )}
      <button type="submit" className="btn-danger btn-sm">
        {t({ id: 'desk.override.submit' })}
      </button>
    </form>
  );
}

function RefusalView({ refusal, scanner }: { refusal: Refusal; scanner: Scanner }) {
  const t = useI18n().formatMessage;
  return (
    <div className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4">
      <p role="alert" className="text-red-800">
        {t(
          { id: refusal.checkIn ? 'desk.scan.checkInRefused' : 'desk.scan.checkOutRefused' },
          { barcode: refusal.barcode, reason: refusal.message },
        )}
      </p>
      {refusal.overridable && <OverrideForm refusal={refusal} scanner={scanner} />}
      {refusal.onLoan && (
        <button type="button" className="btn-secondary btn-sm" onClick={() => scanner.checkInFirst(refusal.barcode)}>
          {t({ id: 'desk.scan.checkInFirst' })}
        </button>
      )}
    </div>
  );
}

type Props = { scanner: Scanner; symbol: string; onOpenMember: (uid: string) => void };

/** What the last scan did: a sentence, a refusal with what staff can do about it, or a check-in's result. */
export function ScanResults({ scanner, symbol, onOpenMember }: Props) {
  const t = useI18n().formatMessage;
  return (
    <div className="space-y-3">
      {scanner.results.map((result, index) => {
        const key = `${result.kind}-${index}`;
        switch (result.kind) {
          case 'checked-in':
            return <CheckInResult key={key} result={result.result} symbol={symbol} onOpenMember={onOpenMember} />;
          case 'refused':
            return <RefusalView key={key} refusal={result} scanner={scanner} />;
          case 'checked-out':
            return (
              <p key={key} role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
                {t(
                  { id: result.overridden ? 'desk.scan.checkedOutOverride' : 'desk.scan.checkedOut' },
                  { title: result.loan.bookTitle, day: formatDay(result.loan.dueDate) },
                )}
              </p>
            );
          case 'opened':
            return (
              <p key={key} role="status" className="sr-only">
                {t({ id: 'desk.scan.opened' }, { name: result.name })}
              </p>
            );
          default:
            return (
              <p key={key} role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
                {result.kind === 'no-member'
                  ? t({ id: 'desk.scan.noMember' }, { card: result.card })
                  : result.kind === 'bad-item'
                    ? t({ id: 'desk.scan.badItem' }, { code: result.code })
                    : result.kind === 'no-card'
                      ? t({ id: 'desk.scan.noCard' }, { name: result.name })
                      : result.message}
              </p>
            );
        }
      })}
    </div>
  );
}
