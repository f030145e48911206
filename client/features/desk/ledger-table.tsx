import { graphql, type FragmentType, getFragmentData } from '../../gql/index.ts';
import type { DeskLedgerEntryFragment, LedgerKind } from '../../gql/graphql.ts';
import { DeskTable, type Column } from './desk-table.tsx';
import { formatInstantDay } from '../../lib/dates.ts';
import { EmptyState } from './desk-states.tsx';
import { formatMoney } from '../../lib/money.ts';

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
type Entry = DeskLedgerEntryFragment;

const columns = (symbol: string): Column<Entry>[] => [
  { header: 'Date', cell: (entry) => formatInstantDay(entry.createdAt) },
  { header: 'Entry', cell: (entry) => KIND_TEXT[entry.kind] },
  { header: 'Book', cell: (entry) => entry.bookTitle ?? '' },
  { header: 'Note', cell: (entry) => entry.note },
  { header: 'Recorded by', cell: (entry) => entry.recordedBy ?? 'Library' },
  {
    header: 'Amount',
    numeric: true,
    cell: (entry) => `${lowers(entry.kind) ? '−' : '+'}${formatMoney(entry.amount, symbol)}`,
    tone: (entry) => (lowers(entry.kind) ? 'text-green-800' : 'text-red-700'),
  },
];

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
        <DeskTable columns={columns(symbol)} rows={rows} />
      )}
    </section>
  );
}
