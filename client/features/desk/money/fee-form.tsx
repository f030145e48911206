import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { newRequestKey } from '../../../lib/request-key.ts';
import { fieldError, serverMessage } from '../desk-errors.ts';
import { formatMoney, parseAmount } from '../../../lib/money.ts';
import { useI18n } from '../../../lib/i18n.ts';

type Props = {
  title: string;
  submitText: string;
  busyText: string;
  balance: number;
  symbol: string;
  /**
   * Sends the amount with the submission's idempotency key (the panel announces the outcome); rejects with the
   * gateway's refusal.
   */
  onSubmit: (amount: number, note: string, idempotencyKey: string) => Promise<void>;
  /** A waiver: the note is its reason, and required (decision 074). */
  reasonRequired?: boolean;
};

/** Record payment and Waive fees: an amount (whole taka, at most the balance) and a note (a waiver's reason). */
export function FeeForm({ title, submitText, busyText, balance, symbol, onSubmit, reasonRequired = false }: Props) {
  const id = useId();
  const t = useI18n().formatMessage;
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLInputElement>(null);
  // One key per submission of an amount and note: sent again (a second click, a retry after an answer that was
  // lost) it is the same request, which the gateway records once; a changed form or a recorded payment starts
  // a new one. `sending` ignores clicks while one is on its way, before the disabled button has rendered.
  const submission = useRef<{ key: string; amount: number; note: string } | null>(null);
  const sending = useRef(false);
  // A refused amount takes the focus, so its message (in the field's description) is read out.
  const refuse = (message: string) => {
    setAmountError(message);
    amountRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    setFormError(null);
    const parsed = parseAmount(amount, balance, symbol);
    if (typeof parsed === 'string') {
      refuse(parsed);
      return;
    }
    setAmountError(null);
    const trimmed = note.trim();
    setNoteError(null);
    if (reasonRequired && !trimmed) {
      setNoteError(t({ id: 'desk.fee.reasonNeeded' }));
      noteRef.current?.focus();
      return;
    }
    const same = submission.current?.amount === parsed && submission.current.note === trimmed;
    const current =
      same && submission.current ? submission.current : { key: newRequestKey(), amount: parsed, note: trimmed };
    submission.current = current;
    sending.current = true;
    setBusy(true);
    try {
      await onSubmit(parsed, trimmed, current.key);
      submission.current = null;
      setAmount('');
      setNote('');
    } catch (error) {
      const onAmount = fieldError(error, 'amount');
      const onNote = fieldError(error, 'note');
      if (onAmount) refuse(onAmount);
      else if (onNote) setNoteError(onNote);
      else setFormError(serverMessage(error) ?? t({ id: 'desk.somethingWrong' }));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-lg border border-slate-200 p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {title}
      </h3>
      <div>
        <label htmlFor={`${id}-amount`} className="form-label">
          {t({ id: 'desk.fee.amount' }, { symbol })}
        </label>
        <input
          ref={amountRef}
          id={`${id}-amount`}
          className="form-input"
          type="number"
          inputMode="numeric"
          min={1}
          max={balance}
          step={1}
          required
          value={amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={`${id}-amount-hint${amountError ? ` ${id}-amount-error` : ''}`}
          onChange={(event) => setAmount(event.target.value)}
        />
        <p id={`${id}-amount-hint`} className="mt-1 text-xs text-slate-600">
          {t({ id: 'desk.fee.upTo' }, { amount: formatMoney(balance, symbol) })}
        </p>
        {amountError && (
          <p id={`${id}-amount-error`} className="mt-1 text-sm text-red-700">
            {amountError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="form-label">
          {t({ id: reasonRequired ? 'desk.fee.reason' : 'desk.fee.note' })}
        </label>
        <input
          ref={noteRef}
          id={`${id}-note`}
          className="form-input"
          type="text"
          maxLength={200}
          required={reasonRequired}
          value={note}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-note-error` : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        {noteError && (
          <p id={`${id}-note-error`} className="mt-1 text-sm text-red-700">
            {noteError}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? busyText : submitText}
      </button>
      {formError && (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      )}
    </form>
  );
}
