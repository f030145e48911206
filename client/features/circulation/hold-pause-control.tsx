import { useId, useState } from 'react';
import { formatDay, addDays, toDateInputValue } from '../../lib/dates.ts';
import { libraryNow } from '../../lib/opening-hours.ts';
import { usePolicy } from '../../lib/policy.ts';
import { useI18n } from '../../lib/i18n.ts';
import { serverMessage } from './use-return-book.ts';
import { usePauseMyHold, useResumeMyHold } from './use-my-holds.ts';

interface HoldPauseControlProps {
  hold: { id: string; bookTitle: string; pausedUntil: string | null };
  /** Says why the gateway refused (in the reader's language), or clears it (null). */
  onRefusal: (message: string | null) => void;
}

/**
 * A waiting hold's pause (Koha's suspension): paused, the day it resumes by itself and Resume; otherwise Pause,
 * which asks for the day to resume on (after today, at most the policy's days ahead).
 */
export function HoldPauseControl({ hold, onRefusal }: HoldPauseControlProps) {
  const t = useI18n().formatMessage;
  const { policy } = usePolicy();
  const [pause, { loading: pausing }] = usePauseMyHold();
  const [resume, { loading: resuming }] = useResumeMyHold();
  const [choosing, setChoosing] = useState(false);
  const [until, setUntil] = useState('');
  const inputId = useId();
  // The library's today when its zone is known, else the reader's own: the gateway checks the day either way.
  const today = policy ? libraryNow(new Date(), policy.timeZone).day : toDateInputValue(new Date());
  const latest = policy ? addDays(today, policy.holdPauseMaxDays) : undefined;

  const run = async (action: () => Promise<unknown>) => {
    onRefusal(null);
    try {
      await action();
      setChoosing(false);
    } catch (error) {
      onRefusal(serverMessage(error) ?? t({ id: 'circulation.somethingWrong' }));
    }
  };

  // Each action waits for the holds asked for again after it (awaitRefetchQueries): until that answer is in, the
  // other action stays off, or its own asking again would share the first one's answer and show the hold as it
  // was before the second action.
  const busy = pausing || resuming;
  if (hold.pausedUntil) {
    return (
      <>
        <p className="text-sm text-amber-900">
          {t({ id: 'circulation.holds.pausedUntil' }, { day: formatDay(hold.pausedUntil) })}
        </p>
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => resume({ variables: { holdId: hold.id } }))}
          className="btn-primary btn-sm"
          aria-label={t({ id: 'circulation.holds.resumeOn' }, { title: hold.bookTitle })}
        >
          {t({ id: 'circulation.holds.resume' })}
        </button>
      </>
    );
  }
  if (!choosing) {
    return (
      <button
        type="button"
        disabled={busy}
        onClick={() => setChoosing(true)}
        className="btn-quiet btn-sm"
        aria-label={t({ id: 'circulation.holds.pauseOn' }, { title: hold.bookTitle })}
      >
        {t({ id: 'circulation.holds.pause' })}
      </button>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => pause({ variables: { holdId: hold.id, until } }));
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium">
        {t({ id: 'circulation.holds.pauseUntil' })}
      </label>
      <input
        id={inputId}
        type="date"
        required
        className="rounded-lg border border-gray-300 px-3 py-2"
        min={addDays(today, 1)}
        max={latest}
        value={until}
        onChange={(event) => setUntil(event.target.value)}
        aria-describedby={policy ? `${inputId}-hint` : undefined}
      />
      {policy && (
        <p id={`${inputId}-hint`} className="text-sm text-gray-700">
          {t({ id: 'circulation.holds.pauseHint' }, { days: policy.holdPauseMaxDays })}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={pausing || until === ''} className="btn-primary btn-sm">
          {t({ id: 'circulation.holds.pauseConfirm' })}
        </button>
        <button type="button" onClick={() => setChoosing(false)} className="btn-quiet btn-sm">
          {t({ id: 'circulation.holds.pauseCancel' })}
        </button>
      </div>
    </form>
  );
}
