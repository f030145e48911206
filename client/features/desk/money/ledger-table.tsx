import type { IntlShape } from 'react-intl';
import { graphql, type FragmentType, getFragmentData } from '../../../gql/index.ts';
import type { DeskLedgerEntryFragment } from '../../../gql/graphql.ts';
import { DeskTable, type Column } from '../desk-table.tsx';
import { formatInstantDay } from '../../../lib/dates.ts';
import { EmptyState } from '../desk-states.tsx';
import { lowersBalance, signedAmount } from '../../../lib/money.ts';
import { useI18n } from '../../../lib/i18n.ts';

export const LEDGER_ENTRY_FRAGMENT = graphql(`
  fragment DeskLedgerEntry on LedgerEntry {
    id
    kind
    amount
    bookTitle
    note
    recordedBy
    createdAt
    reference
    balanceAfter
  }
`);

type Props = {
  entries: FragmentType<typeof LEDGER_ENTRY_FRAGMENT>[];
  symbol: string;
  /** Shows a payment's receipt again, as recorded (decision 074); none: references are plain text. */
  onReprint?: (entry: DeskLedgerEntryFragment) => void;
};
type Entry = DeskLedgerEntryFragment;

const columns = (
  symbol: string,
  t: IntlShape['formatMessage'],
  onReprint?: (entry: Entry) => void,
): Column<Entry>[] => [
  { header: t({ id: 'desk.ledger.date' }), cell: (entry) => formatInstantDay(entry.createdAt) },
  { header: t({ id: 'desk.ledger.entry' }), cell: (entry) => t({ id: 'desk.ledger.kind' }, { kind: entry.kind }) },
  { header: t({ id: 'desk.ledger.book' }), cell: (entry) => entry.bookTitle ?? '' },
  { header: t({ id: 'desk.ledger.note' }), cell: (entry) => entry.note },
  {
    header: t({ id: 'desk.ledger.reference' }),
    cell: (entry) =>
      entry.reference && entry.kind === 'PAYMENT' && onReprint ? (
        <button
          type="button"
          className="text-indigo-700 underline"
          aria-label={t({ id: 'desk.ledger.reprint' }, { reference: entry.reference })}
          onClick={() => onReprint(entry)}
        >
          {entry.reference}
        </button>
      ) : (
        (entry.reference ?? '')
      ),
  },
  {
    header: t({ id: 'desk.ledger.recordedBy' }),
    cell: (entry) => entry.recordedBy ?? t({ id: 'desk.ledger.library' }),
  },
  {
    header: t({ id: 'desk.ledger.amount' }),
    numeric: true,
    cell: (entry) => signedAmount(entry.kind, entry.amount, symbol),
    tone: (entry) => (lowersBalance(entry.kind) ? 'text-green-800' : 'text-red-700'),
  },
];

export function LedgerTable({ entries, symbol, onReprint }: Props) {
  const rows = getFragmentData(LEDGER_ENTRY_FRAGMENT, entries);
  const t = useI18n().formatMessage;
  return (
    <section aria-labelledby="ledger-heading">
      <h3 id="ledger-heading" className="mb-2 text-lg font-semibold">
        {t({ id: 'desk.ledger.title' })}
      </h3>
      {rows.length === 0 ? (
        <EmptyState>{t({ id: 'desk.ledger.none' })}</EmptyState>
      ) : (
        <DeskTable columns={columns(symbol, t, onReprint)} rows={rows} />
      )}
    </section>
  );
}
