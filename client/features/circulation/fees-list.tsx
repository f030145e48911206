import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { formatInstantDay } from '../../lib/dates.ts';
import { formatMoney, lowersBalance, signedAmount } from '../../lib/money.ts';
import { usePolicy } from '../../lib/policy.ts';
import { useI18n } from '../../lib/i18n.ts';
import { AccruingFees } from './accruing-fees.tsx';

// The member's account as the library keeps it: every charge, payment and waiver, newest first, what they owe,
// and the late fees accruing on books still out (the gateway's standing, which the desk reads too).
export const MY_FEES_QUERY = graphql(`
  query MyFees {
    me {
      id
      standing {
        owed
        accruing {
          loan {
            id
            bookTitle
          }
          amount
          capped
        }
      }
      ledger {
        id
        kind
        amount
        bookTitle
        note
        createdAt
      }
    }
  }
`);

export function FeesList() {
  const { data, loading, error, refetch } = useQuery(MY_FEES_QUERY, { fetchPolicy: 'cache-and-network' });
  // Entries are written on the library's day (its time zone), as the desk sees them.
  const timeZone = usePolicy().policy?.timeZone;
  const t = useI18n().formatMessage;
  if (loading && !data) return <p role="status">{t({ id: 'circulation.fees.loading' })}</p>;
  if (!data?.me) {
    return (
      <div role="alert" className="py-8 text-center">
        <p className="mb-4 text-red-700">
          {t({ id: error ? 'circulation.fees.fetchFailed' : 'circulation.fees.signIn' })}
        </p>
        <button type="button" className="btn-primary" onClick={() => void refetch().catch(() => undefined)}>
          {t({ id: 'error.tryAgain' })}
        </button>
      </div>
    );
  }
  const { ledger } = data.me;
  const { owed: balance, accruing } = data.me.standing;
  return (
    <section aria-labelledby="fees-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="fees-heading" className="mb-2 text-xl font-semibold">
        {t({ id: 'circulation.fees.title' })}
      </h2>
      <p className="mb-4 text-gray-800">
        {t(
          { id: balance > 0 ? 'circulation.fees.balanceOwed' : 'circulation.fees.balance' },
          { amount: formatMoney(balance), strong: (words) => <strong>{words}</strong> },
        )}
      </p>
      <AccruingFees accruing={accruing} />
      {ledger.length === 0 ? (
        <p>{t({ id: 'circulation.fees.none' })}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t({ id: 'circulation.fees.caption' })}</caption>
          <thead>
            <tr className="border-b border-gray-200">
              <th scope="col" className="py-2">
                {t({ id: 'circulation.fees.date' })}
              </th>
              <th scope="col">{t({ id: 'circulation.fees.entry' })}</th>
              <th scope="col">{t({ id: 'circulation.fees.book' })}</th>
              <th scope="col">{t({ id: 'circulation.fees.note' })}</th>
              <th scope="col" className="text-right">
                {t({ id: 'circulation.fees.amount' })}
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((entry) => (
              <tr key={entry.id} className="border-b border-gray-100">
                <td className="py-2">{formatInstantDay(entry.createdAt, timeZone)}</td>
                <td>{t({ id: 'circulation.fees.kind' }, { kind: entry.kind })}</td>
                <td>{entry.bookTitle ?? ''}</td>
                <td>{entry.note}</td>
                <td className={`text-right ${lowersBalance(entry.kind) ? 'text-green-800' : 'text-red-700'}`}>
                  {signedAmount(entry.kind, entry.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
