import { graphql, type FragmentType, getFragmentData } from '../../gql/index.ts';
import type { LedgerKind } from '../../gql/graphql.ts';
import { formatInstant } from './dates.ts';
import { EmptyState } from './desk-states.tsx';
import { formatMoney } from './money.ts';

export const LEDGER_ENTRY_FRAGMENT = graphql(`
  fragment DeskLedgerEntry on LedgerEntry {
    id
    kind
    amount
    bookTitle
    note
    recordedBy
    createdAt
  }
`);

export const KIND_TEXT: Record<LedgerKind, string> = {
  LATE_FEE: 'Late fee',
  REPLACEMENT: 'Replacement',
  PROCESSING_FEE: 'Processing fee',
  PAYMENT: 'Payment',
  WAIVER: 'Waiver',
};

/** Charges raise the balance; payments and waivers lower it. */
const lowers = (kind: LedgerKind) => kind === 'PAYMENT' || kind === 'WAIVER';

type Props = { entries: FragmentType<typeof LEDGER_ENTRY_FRAGMENT>[]; symbol: string };

export function LedgerTable({ entries, symbol }: Props) {
  const rows = getFragmentData(LEDGER_ENTRY_FRAGMENT, entries);
  return (
    <section aria-labelledby="ledger-heading">
      <h3 id="ledger-heading" className="mb-2 text-lg font-semibold">
        Ledger
      </h3>
      {rows.length === 0 ? (
        <EmptyState>No charges, payments or waivers yet.</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3">
                  Entry
                </th>
                <th scope="col" className="py-2 pr-3">
                  Book
                </th>
                <th scope="col" className="py-2 pr-3">
                  Note
                </th>
                <th scope="col" className="py-2 pr-3">
                  Recorded by
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2 pr-3">{formatInstant(entry.createdAt)}</td>
                  <td className="py-2 pr-3">{KIND_TEXT[entry.kind]}</td>
                  <td className="py-2 pr-3">{entry.bookTitle ?? ''}</td>
                  <td className="py-2 pr-3">{entry.note}</td>
                  <td className="py-2 pr-3">{entry.recordedBy ?? 'Library'}</td>
                  <td className={`py-2 pr-3 text-right ${lowers(entry.kind) ? 'text-green-800' : 'text-red-700'}`}>
                    {lowers(entry.kind) ? '−' : '+'}
                    {formatMoney(entry.amount, symbol)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
