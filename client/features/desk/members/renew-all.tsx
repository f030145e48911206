import { useState } from 'react';
import { getFragmentData, type FragmentType } from '../../../gql/index.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { serverMessage } from '../desk-errors.ts';
import { DESK_LOAN_FRAGMENT } from './loan-lists.tsx';
import { useRenewAllFor } from './use-desk-actions.ts';

type Props = {
  uid: string;
  loans: FragmentType<typeof DESK_LOAN_FRAGMENT>[];
  onDone: (outcome: { kind: 'done' | 'failed'; text: string }) => void;
};

/** Renew everything the member has out, by their renewal rules: says how many were, and why each other was not. */
export function RenewAll({ uid, loans, onDone }: Props) {
  const t = useI18n().formatMessage;
  const [renewAll, { loading }] = useRenewAllFor();
  const [refusals, setRefusals] = useState<string[]>([]);
  const out = getFragmentData(DESK_LOAN_FRAGMENT, loans).filter((loan) => loan.status === 'BORROWED');
  if (out.length < 2 && refusals.length === 0) return null;
  const run = async () => {
    setRefusals([]);
    try {
      const { data } = await renewAll({ variables: { uid } });
      const outcomes = data?.renewAllFor ?? [];
      const renewed = outcomes.filter((o) => o.renewed).length;
      setRefusals(outcomes.filter((o) => !o.renewed).map((o) => `${o.loan.bookTitle}: ${o.message ?? ''}`));
      onDone({ kind: 'done', text: t({ id: 'desk.member.renewedAll' }, { renewed, count: outcomes.length }) });
    } catch (error) {
      onDone({ kind: 'failed', text: serverMessage(error) ?? t({ id: 'desk.somethingWrong' }) });
    }
  };
  return (
    <div className="space-y-2">
      <button type="button" className="btn-secondary btn-sm" disabled={loading} onClick={() => void run()}>
        {t({ id: loading ? 'desk.member.renewingAll' : 'desk.member.renewAll' })}
      </button>
      {refusals.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-red-800">
          {refusals.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
