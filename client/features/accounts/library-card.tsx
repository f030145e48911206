import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useI18n } from '../../lib/i18n.ts';
import { CardBarcode } from './card-barcode.tsx';

export const MY_CARD_QUERY = graphql(`
  query MyCard {
    me {
      id
      cardNumber
      block {
        reason
      }
    }
  }
`);

/**
 * The member's library card: its barcode and number, to show at the desk on the phone or to print (the print
 * view shows this card alone: styles.css, .print-only-card), and a block staff placed, with its reason.
 */
export function LibraryCard() {
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch } = useQuery(MY_CARD_QUERY, { fetchPolicy: 'cache-and-network' });
  let body: React.ReactNode;
  if (loading && !data) body = <Spinner label={t({ id: 'account.card.loading' })} />;
  else if (error && !data) {
    body = (
      <div role="alert" className="text-red-700">
        <p>{t({ id: 'account.card.loadFailed' })}</p>
        <button type="button" className="btn-secondary mt-2" onClick={() => void refetch().catch(() => {})}>
          {t({ id: 'account.card.retry' })}
        </button>
      </div>
    );
  } else if (!data?.me?.cardNumber) body = <p className="text-slate-600">{t({ id: 'account.card.none' })}</p>;
  else {
    const { cardNumber, block } = data.me;
    body = (
      <>
        <div className="print-only-card rounded-lg border border-slate-300 bg-white p-4 text-center">
          <p className="mb-2 font-semibold text-slate-900">{t({ id: 'account.card.cardTitle' })}</p>
          <CardBarcode card={cardNumber} />
          <p className="mt-2 font-mono text-lg tracking-widest text-slate-900">{cardNumber}</p>
        </div>
        <button type="button" className="btn-secondary mt-4 print:hidden" onClick={() => window.print()}>
          {t({ id: 'account.card.print' })}
        </button>
        {block && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-900">
            {t({ id: 'account.card.blocked' }, { reason: block.reason })}
          </p>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="card-heading" className="mb-8 rounded-xl bg-white p-6 shadow ring-1 ring-slate-200">
      <h2 id="card-heading" className="mb-2 text-xl font-semibold text-slate-900">
        {t({ id: 'account.card.title' })}
      </h2>
      <p className="mb-4 text-slate-600 print:hidden">{t({ id: 'account.card.text' })}</p>
      {body}
    </section>
  );
}
