import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../desk-errors.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { DECIDE_SUGGESTION } from './suggestion-operations.ts';

/** Staff's answer to one open suggestion: Accept, or Decline with the reason the member is told. */
export function DecideSuggestion({ id, title }: { id: string; title: string }) {
  const t = useI18n().formatMessage;
  const [reason, setReason] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const [decide, { loading }] = useMutation(DECIDE_SUGGESTION, {
    refetchQueries: ['DeskSuggestions'],
    awaitRefetchQueries: true,
  });
  const run = async (accept: boolean) => {
    setFailed(null);
    if (!accept && reason.trim() === '') {
      setFailed(t({ id: 'desk.suggestions.reasonNeeded' }));
      return;
    }
    try {
      await decide({ variables: { id, accept, reason: reason.trim() || null } });
    } catch (error) {
      setFailed(serverMessage(error) ?? t({ id: 'desk.suggestions.failed' }));
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col text-xs">
        {t({ id: 'desk.suggestions.reason' }, { title })}
        <input
          className="rounded border border-slate-300 px-2 py-1 text-sm"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary px-3 py-1" disabled={loading} onClick={() => void run(true)}>
          {t({ id: 'desk.suggestions.accept' })}
        </button>
        <button type="button" className="btn-secondary px-3 py-1" disabled={loading} onClick={() => void run(false)}>
          {t({ id: 'desk.suggestions.decline' })}
        </button>
      </div>
      {failed && (
        <span role="alert" className="text-red-700">
          {failed}
        </span>
      )}
    </div>
  );
}
