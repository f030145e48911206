import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { graphql, getFragmentData } from '../../gql/index.ts';
import type { DeskAuditEntryFragment } from '../../gql/graphql.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DeskTable, type Column } from './desk-table.tsx';
import { EmptyState, LoadError } from './desk-states.tsx';

export const AUDIT_PAGE_SIZE = 20;

export const DESK_AUDIT_QUERY = graphql(`
  query DeskAudit($uid: String!, $first: Int!, $after: String) {
    auditLog(uid: $uid, first: $first, after: $after) {
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

export const AUDIT_ENTRY_FRAGMENT = graphql(`
  fragment DeskAuditEntry on AuditEntry {
    id
    at
    actor {
      uid
      name
    }
    api
    action
    field
    oldValue
    newValue
  }
`);

const ACTION_TEXT: Record<string, string> = {
  'check-in': 'Checked in',
  'mark-lost': 'Closed as lost or damaged',
  payment: 'Payment',
  waiver: 'Waiver',
  'hold-cancelled': 'Hold cancelled',
  'role-changed': 'Role changed',
};

/** What changed, as "field: old → new" (a new value alone when there was none before). */
const change = (entry: DeskAuditEntryFragment) =>
  entry.field
    ? `${entry.field}: ${entry.oldValue === null ? '' : `${entry.oldValue} → `}${entry.newValue ?? ''}`
    : (entry.newValue ?? '');

const columns: Column<DeskAuditEntryFragment>[] = [
  { header: 'When', cell: (entry) => new Date(entry.at).toLocaleString() },
  { header: 'What', cell: (entry) => ACTION_TEXT[entry.action] ?? entry.action },
  { header: 'Change', cell: change },
  { header: 'By', cell: (entry) => entry.actor.name },
  { header: 'Via', cell: (entry) => (entry.api === 'rest' ? 'REST' : entry.api === 'graphql' ? 'GraphQL' : '') },
];

/** The member's audit trail, newest first; asked for only when staff open it (most visits do not need it). */
export function AuditHistory({ uid }: { uid: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="history-heading">
      <h3 id="history-heading" className="mb-2 text-lg font-semibold">
        History
      </h3>
      {open ? (
        <HistoryPages uid={uid} />
      ) : (
        <button type="button" className="btn-secondary px-3 py-1 text-sm" onClick={() => setOpen(true)}>
          Show history
        </button>
      )}
    </section>
  );
}

function HistoryPages({ uid }: { uid: string }) {
  const { data, loading, error, refetch, fetchMore } = useQuery(DESK_AUDIT_QUERY, {
    variables: { uid, first: AUDIT_PAGE_SIZE },
    fetchPolicy: 'network-only',
  });
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle');
  if (loading && !data) return <Spinner label="Loading history..." />;
  if (error && !data)
    return (
      <LoadError error={error} text="Could not load the history." onRetry={() => void refetch().catch(() => {})} />
    );
  const log = data?.auditLog;
  if (!log || log.nodes.length === 0) return <EmptyState>Nothing recorded about this member yet.</EmptyState>;
  const rows = getFragmentData(AUDIT_ENTRY_FRAGMENT, log.nodes);
  const loadMore = async () => {
    setMore('loading');
    try {
      await fetchMore({
        variables: { after: log.pageInfo.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          ...fetchMoreResult,
          auditLog: {
            ...fetchMoreResult.auditLog,
            nodes: [...previous.auditLog.nodes, ...fetchMoreResult.auditLog.nodes],
          },
        }),
      });
      setMore('idle');
    } catch {
      setMore('failed');
    }
  };
  return (
    <>
      <DeskTable columns={columns} rows={rows} />
      <p className="mt-2 text-sm text-slate-600">
        Showing {rows.length} of {log.totalCount}
      </p>
      {more === 'failed' && (
        <p role="alert" className="text-red-700">
          Could not load more of the history. Please try again.
        </p>
      )}
      {log.pageInfo.hasNextPage && (
        <button
          type="button"
          className="btn-secondary mt-2 px-3 py-1 text-sm"
          disabled={more === 'loading'}
          onClick={() => void loadMore()}
        >
          {more === 'loading' ? 'Loading...' : 'Load more'}
        </button>
      )}
    </>
  );
}
