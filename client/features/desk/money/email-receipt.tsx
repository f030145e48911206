import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { serverMessage } from '../desk-errors.ts';

export const EMAIL_RECEIPT_MUTATION = graphql(`
  mutation DeskEmailReceipt($loanIds: [ID!]!) {
    emailCheckoutReceipt(loanIds: $loanIds)
  }
`);

/** The checkout receipt by e-mail instead of (or as well as) on paper. */
export function EmailReceipt({ loanIds }: { loanIds: string[] }) {
  const t = useI18n().formatMessage;
  const [send, { loading }] = useMutation(EMAIL_RECEIPT_MUTATION);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const email = async () => {
    setSaid(null);
    try {
      const { data } = await send({ variables: { loanIds } });
      setSaid({ ok: true, text: t({ id: 'desk.slip.emailed' }, { address: data?.emailCheckoutReceipt ?? '' }) });
    } catch (error) {
      setSaid({ ok: false, text: serverMessage(error) ?? t({ id: 'desk.somethingWrong' }) });
    }
  };
  return (
    <>
      <button type="button" className="btn-secondary btn-sm" disabled={loading} onClick={() => void email()}>
        {t({ id: loading ? 'desk.slip.emailing' : 'desk.slip.email' })}
      </button>
      <span role={said?.ok === false ? 'alert' : 'status'} className={said?.ok ? 'text-green-800' : 'text-red-700'}>
        {said?.text ?? ''}
      </span>
    </>
  );
}
