import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { EmptyState, LoadError } from '../desk-states.tsx';
import { useAddMemberNote } from './use-member-actions.ts';
import { useSubmission } from '../use-submission.ts';

export const DESK_MEMBER_NOTES_QUERY = graphql(`
  query DeskMemberNotes($uid: String!) {
    member(uid: $uid) {
      id
      notes {
        id
        text
        at
        by {
          name
        }
      }
    }
  }
`);

/** The notes staff keep on a member, newest first, and a form to add one. */
export function MemberNotes({ uid }: { uid: string }) {
  const id = useId();
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch } = useQuery(DESK_MEMBER_NOTES_QUERY, { variables: { uid } });
  const [addNote] = useAddMemberNote();
  const submission = useSubmission();
  const [text, setText] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const note = text.trim();
    if (!note) {
      submission.setError(t({ id: 'desk.notes.required' }));
      return;
    }
    const ok = await submission.run(['note', uid, note], async (idempotencyKey) => {
      await addNote({ variables: { uid, text: note, idempotencyKey } });
    });
    if (ok) setText('');
  };

  let list: React.ReactNode;
  if (loading && !data) list = <Spinner label={t({ id: 'desk.notes.loading' })} />;
  else if (error && !data) {
    list = (
      <LoadError
        error={error}
        text={t({ id: 'desk.notes.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  } else if (!data?.member?.notes.length) list = <EmptyState>{t({ id: 'desk.notes.none' })}</EmptyState>;
  else {
    list = (
      <ul className="divide-y divide-slate-100">
        {data.member.notes.map((note) => (
          <li key={note.id} className="py-2">
            <p>{note.text}</p>
            <p className="text-xs text-slate-600">
              {t({ id: 'desk.notes.by' }, { name: note.by.name, date: formatDateTime(note.at) })}
            </p>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {t({ id: 'desk.notes.title' })}
      </h3>
      {list}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-2">
        <label htmlFor={`${id}-text`} className="form-label">
          {t({ id: 'desk.notes.label' })}
        </label>
        <input
          id={`${id}-text`}
          className="form-input"
          type="text"
          maxLength={1000}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn-secondary btn-sm" disabled={submission.busy}>
          {t({ id: submission.busy ? 'desk.notes.adding' : 'desk.notes.add' })}
        </button>
        {submission.error && (
          <p role="alert" className="text-sm text-red-700">
            {submission.error}
          </p>
        )}
      </form>
    </section>
  );
}
