import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import type { LedgerKind } from '../../gql/graphql.ts';
import { formatInstantDay } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { usePolicy } from '../../lib/policy.ts';

// The member's account as the library keeps it: every charge, payment and waiver, newest first, and the balance.
export const MY_FEES_QUERY = graphql(`
  query MyFees {
    me {
      id
      balance
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

const KIND_TEXT: Record<LedgerKind, string> = {
  LATE_FEE: 'Late fee',
  REPLACEMENT: 'Replacement',
  PROCESSING_FEE: 'Processing fee',
  PAYMENT: 'Payment',
  WAIVER: 'Waiver',
};

/** Charges raise the balance; payments and waivers lower it. */
const lowers = (kind: LedgerKind) => kind === 'PAYMENT' || kind === 'WAIVER';

export function FeesList() {
  const { data, loading, error, refetch } = useQuery(MY_FEES_QUERY, { fetchPolicy: 'cache-and-network' });
  // Entries are written on the library's day (its time zone), as the desk sees them.
  const timeZone = usePolicy().policy?.timeZone;
  if (loading && !data) return <p role="status">Loading fees...</p>;
  if (!data?.me) {
    return (
      <div role="alert" className="py-8 text-center">
        <p className="mb-4 text-red-700">
          {error ? 'Failed to fetch your fees. Please try again.' : 'Please sign in.'}
        </p>
        <button type="button" className="btn-primary" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  }
  const { balance, ledger } = data.me;
  return (
    <section aria-labelledby="fees-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="fees-heading" className="mb-2 text-xl font-semibold">
        Fees
      </h2>
      <p className="mb-4 text-gray-800">
        Balance: <strong>{formatMoney(balance)}</strong>
        {balance > 0 && ' (pay at the desk during opening hours)'}
      </p>
      {ledger.length === 0 ? (
        <p>No charges, payments or waivers yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Charges, payments and waivers, newest first</caption>
          <thead>
            <tr className="border-b border-gray-200">
              <th scope="col" className="py-2">
                Date
              </th>
              <th scope="col">Entry</th>
              <th scope="col">Book</th>
              <th scope="col">Note</th>
              <th scope="col" className="text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((entry) => (
              <tr key={entry.id} className="border-b border-gray-100">
                <td className="py-2">{formatInstantDay(entry.createdAt, timeZone)}</td>
                <td>{KIND_TEXT[entry.kind]}</td>
                <td>{entry.bookTitle ?? ''}</td>
                <td>{entry.note}</td>
                <td className={`text-right ${lowers(entry.kind) ? 'text-green-800' : 'text-red-700'}`}>
                  {`${lowers(entry.kind) ? '−' : '+'}${formatMoney(entry.amount)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
