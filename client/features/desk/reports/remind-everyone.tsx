import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { useOutcome } from '../use-outcome.ts';

export const OVERDUE_REMINDER_PREVIEW = graphql(`
  query DeskOverdueReminderPreview($minDays: Int!) {
    overdueReminderPreview(minDays: $minDays) {
      members
      loans
      alreadyToday
    }
  }
`);

export const SEND_OVERDUE_REMINDERS = graphql(`
  mutation DeskSendOverdueReminders($minDays: Int!) {
    sendOverdueReminders(minDays: $minDays) {
      members
      loans
      skipped
    }
  }
`);

/**
 * "Remind everyone N+ days overdue" (decision 086): asks how many members and loans that reaches and how many were
 * reminded today already, then sends on confirmation; each member is reminded once a day, whoever clicks.
 */
export function RemindEveryone({ minDays }: { minDays: number }) {
  const t = useI18n().formatMessage;
  const client = useApolloClient();
  const [sendReminders] = useMutation(SEND_OVERDUE_REMINDERS);
  const { busy, outcome, run } = useOutcome();
  // The members a confirmation would remind now, for the days it was asked at (a new choice of days asks again).
  const [toRemind, setToRemind] = useState<{ minDays: number; count: number } | null>(null);
  const confirming = toRemind !== null && toRemind.minDays === minDays && toRemind.count > 0;

  const preview = () =>
    run(async () => {
      setToRemind(null);
      const { data } = await client.query({
        query: OVERDUE_REMINDER_PREVIEW,
        variables: { minDays },
        fetchPolicy: 'network-only',
      });
      if (!data) throw new Error('no preview');
      const { members, loans, alreadyToday } = data.overdueReminderPreview;
      setToRemind({ minDays, count: members - alreadyToday });
      return t({ id: 'desk.overdue.remindAllPreview' }, { members, loans, already: alreadyToday });
    });
  const send = () =>
    run(async () => {
      setToRemind(null);
      const { data } = await sendReminders({ variables: { minDays } });
      if (!data) throw new Error('not sent');
      return t({ id: 'desk.overdue.remindAllSent' }, { ...data.sendOverdueReminders });
    });

  return (
    <div className="basis-full">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary btn-sm" disabled={busy} onClick={() => void preview()}>
          {t({ id: 'desk.overdue.remindAll' }, { days: minDays })}
        </button>
        {confirming && (
          <>
            <button type="button" className="btn-primary btn-sm" disabled={busy} onClick={() => void send()}>
              {t({ id: 'desk.overdue.remindAllConfirm' }, { count: toRemind.count })}
            </button>
            <button type="button" className="btn-secondary btn-sm" disabled={busy} onClick={() => setToRemind(null)}>
              {t({ id: 'desk.overdue.remindAllCancel' })}
            </button>
          </>
        )}
      </div>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'mt-2 text-green-800' : 'mt-2 text-red-700'}>
          {outcome.text}
        </p>
      )}
    </div>
  );
}
