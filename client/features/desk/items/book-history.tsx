import { useState } from 'react';
import type { IntlShape } from 'react-intl';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphql, getFragmentData } from '../../../gql/index.ts';
import type { DeskAuditEntryFragment } from '../../../gql/graphql.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { AuditPageFooter, type MoreState } from '../audit-page-footer.tsx';
import { DeskTable, type Column } from '../desk-table.tsx';
import { EmptyState, LoadError } from '../desk-states.tsx';
import { serverMessage } from '../desk-errors.ts';
import {
  AUDIT_ENTRY_FRAGMENT,
  AUDIT_PAGE_SIZE,
  actionText,
  actorText,
  appendAuditPage,
  change,
  memberText,
} from '../audit-entries.ts';

export const DESK_BOOK_HISTORY_QUERY = graphql(`
  query DeskBookHistory($bookId: ID!, $first: Int!, $after: String) {
    auditLog(bookId: $bookId, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...DeskAuditEntry
      }
    }
  }
`);

export const REVERT_BOOK_EDIT_MUTATION = graphql(`
  mutation DeskRevertBookEdit($auditId: ID!) {
    revertBookEdit(auditId: $auditId) {
      id
      title
      author
      version
    }
  }
`);

/** The fields a member may edit and staff may revert from here (not stock, not the replacement cost). */
const REVERTIBLE = new Set(['title', 'author', 'genre', 'description', 'image', 'rating']);

/**
 * The edits staff may revert: of a descriptive field, and the latest change of that field shown (an older one
 * the gateway would refuse, the field having changed since). Rows are newest first.
 */
function revertibleIds(rows: readonly DeskAuditEntryFragment[]): Set<string> {
  const seen = new Set<string>();
  const ids = new Set<string>();
  for (const entry of rows) {
    if (!entry.field || !entry.action.startsWith('book-') || seen.has(entry.field)) continue;
    seen.add(entry.field);
    if (entry.action === 'book-edited' && REVERTIBLE.has(entry.field) && entry.oldValue !== null) ids.add(entry.id);
  }
  return ids;
}

const columns = (
  t: IntlShape['formatMessage'],
  revertible: Set<string>,
  busy: string | null,
  onRevert: (entry: DeskAuditEntryFragment) => void,
): Column<DeskAuditEntryFragment>[] => [
  { header: t({ id: 'desk.audit.when' }), cell: (entry) => formatDateTime(entry.at) },
  { header: t({ id: 'desk.audit.what' }), cell: (entry) => actionText(t, entry.action) },
  { header: t({ id: 'desk.audit.change' }), cell: change },
  { header: t({ id: 'desk.audit.by' }), cell: (entry) => actorText(t, entry) },
  // Whose loan (or whom an entry is about): the member's card, as the desk names members.
  { header: t({ id: 'desk.audit.member' }), cell: (entry) => memberText(t, entry) },
  {
    header: t({ id: 'desk.items.actions' }),
    cell: (entry) =>
      revertible.has(entry.id) && (
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-sm"
          disabled={busy !== null}
          aria-label={t({ id: 'desk.bookHistory.revertLabel' }, { field: entry.field, value: entry.oldValue })}
          onClick={() => onRevert(entry)}
        >
          {t({ id: busy === entry.id ? 'desk.bookHistory.reverting' : 'desk.bookHistory.revert' })}
        </button>
      ),
  },
];

/** A book's trail at the desk, newest first: its edits (with revert), copies and loans as the audit trail has them. */
export function BookHistory({ bookId }: { bookId: string }) {
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch, fetchMore } = useQuery(DESK_BOOK_HISTORY_QUERY, {
    variables: { bookId, first: AUDIT_PAGE_SIZE },
    fetchPolicy: 'network-only',
  });
  const [revert] = useMutation(REVERT_BOOK_EDIT_MUTATION, {
    refetchQueries: ['DeskBookHistory', 'DeskBook'],
    awaitRefetchQueries: true,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [more, setMore] = useState<MoreState>('idle');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const onRevert = async (entry: DeskAuditEntryFragment) => {
    setBusy(entry.id);
    setOutcome(null);
    try {
      await revert({ variables: { auditId: entry.id } });
      setOutcome({
        ok: true,
        text: t({ id: 'desk.bookHistory.reverted' }, { field: entry.field, value: entry.oldValue }),
      });
    } catch (revertError) {
      setOutcome({ ok: false, text: serverMessage(revertError) ?? t({ id: 'desk.somethingWrong' }) });
    } finally {
      setBusy(null);
    }
  };

  let body: React.ReactNode;
  const log = data?.auditLog;
  if (loading && !data) body = <Spinner label={t({ id: 'desk.bookHistory.loading' })} />;
  else if (error && !data)
    body = (
      <LoadError
        error={error}
        text={t({ id: 'desk.audit.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  else if (!log || log.nodes.length === 0) body = <EmptyState>{t({ id: 'desk.bookHistory.none' })}</EmptyState>;
  else {
    const rows = getFragmentData(AUDIT_ENTRY_FRAGMENT, log.nodes);
    const loadMore = async () => {
      setMore('loading');
      try {
        await fetchMore({
          variables: { after: log.pageInfo.endCursor },
          updateQuery: appendAuditPage,
        });
        setMore('idle');
      } catch {
        setMore('failed');
      }
    };
    body = (
      <>
        <DeskTable columns={columns(t, revertibleIds(rows), busy, (entry) => void onRevert(entry))} rows={rows} />
        <AuditPageFooter
          shown={rows.length}
          total={log.totalCount}
          hasMore={log.pageInfo.hasNextPage}
          more={more}
          onMore={() => void loadMore()}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="book-history-heading" className="no-print rounded-xl bg-white p-5 shadow-sm">
      <h2 id="book-history-heading" className="mb-2 text-xl font-semibold">
        {t({ id: 'desk.bookHistory.title' })}
      </h2>
      <p role="status" className="text-green-800">
        {outcome?.ok ? outcome.text : ''}
      </p>
      {outcome && !outcome.ok && (
        <p role="alert" className="text-red-700">
          {outcome.text}
        </p>
      )}
      {body}
    </section>
  );
}
