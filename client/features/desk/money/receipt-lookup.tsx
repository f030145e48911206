import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmptyState, LoadError } from '../desk-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useI18n } from '../../../lib/i18n.ts';

export const RECEIPT_QUERY = graphql(`
  query DeskReceipt($reference: String!) {
    receipt(reference: $reference) {
      id
      kind
      amount
      reference
      balanceAfter
      memberUid
      memberName
      createdAt
      bookTitle
    }
  }
`);

/** What staff type that is a receipt's reference (R-2026-000123, any case, dashes optional), not a member. */
export const looksLikeReference = (text: string): boolean => /^R-?\d{4}-?\d{1,9}$/i.test(text.trim());

type Props = { reference: string; symbol: string; onSelect: (uid: string) => void };

/**
 * The desk's search by a reference: the entry (a payment or waiver with what was owed after it; a charge or
 * refund with its book), and its member to open.
 */
export function ReceiptLookup({ reference, symbol, onSelect }: Props) {
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch } = useQuery(RECEIPT_QUERY, { variables: { reference } });
  if (loading && !data) return <Spinner label={t({ id: 'desk.receipt.loading' })} />;
  if (error || !data)
    return (
      <LoadError
        error={error}
        text={t({ id: 'desk.receipt.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  const found = data.receipt;
  const when = (entry: NonNullable<typeof found>) => {
    const at = formatDateTime(entry.createdAt);
    if (entry.balanceAfter !== null && entry.balanceAfter !== undefined)
      return t({ id: 'desk.receipt.when' }, { when: at, owed: formatMoney(entry.balanceAfter, symbol) });
    return entry.bookTitle ? t({ id: 'desk.receipt.forBook' }, { when: at, title: entry.bookTitle }) : at;
  };
  if (!found) return <EmptyState>{t({ id: 'desk.receipt.none' }, { reference: reference.trim() })}</EmptyState>;
  return (
    <button
      type="button"
      onClick={() => onSelect(found.memberUid)}
      className="w-full rounded-md px-3 py-2 text-left hover:bg-indigo-50"
    >
      <span className="block font-medium">
        {t(
          { id: 'desk.receipt.found' },
          {
            reference: found.reference ?? '',
            kind: found.kind,
            amount: formatMoney(found.amount, symbol),
            name: found.memberName ?? t({ id: 'desk.receipt.erased' }),
          },
        )}
      </span>
      <span className="block text-sm text-slate-600">{when(found)}</span>
    </button>
  );
}
