import { useState } from 'react';
import type { IntlShape } from 'react-intl';
import { useQuery } from '@apollo/client/react';
import { graphql, getFragmentData } from '../../../gql/index.ts';
import { AUDIT_ENTRY_FRAGMENT, AUDIT_PAGE_SIZE, actionText, appendAuditPage, change } from '../audit-entries.ts';
import type { DeskAuditEntryFragment } from '../../../gql/graphql.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DeskTable, type Column } from '../desk-table.tsx';
import { EmptyState, LoadError } from '../desk-states.tsx';
import { AuditPageFooter, type MoreState } from '../audit-page-footer.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.ts';

export { AUDIT_PAGE_SIZE };

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

const columns = (t: IntlShape['formatMessage']): Column<DeskAuditEntryFragment>[] => [
  { header: t({ id: 'desk.audit.when' }), cell: (entry) => formatDateTime(entry.at) },
  { header: t({ id: 'desk.audit.what' }), cell: (entry) => actionText(t, entry.action) },
  { header: t({ id: 'desk.audit.change' }), cell: change },
  { header: t({ id: 'desk.audit.by' }), cell: (entry) => entry.actor.name },
  {
    header: t({ id: 'desk.audit.via' }),
    cell: (entry) => (entry.api === 'rest' ? 'REST' : entry.api === 'graphql' ? 'GraphQL' : ''),
  },
];

/** The member's audit trail, newest first; asked for only when staff open it (most visits do not need it). */
export function AuditHistory({ uid }: { uid: string }) {
  const [open, setOpen] = useState(false);
  const t = useI18n().formatMessage;
  return (
    <section aria-labelledby="history-heading">
      <h3 id="history-heading" className="mb-2 text-lg font-semibold">
        {t({ id: 'desk.audit.title' })}
      </h3>
      {open ? (
        <HistoryPages uid={uid} />
      ) : (
        <button type="button" className="btn-secondary px-3 py-1 text-sm" onClick={() => setOpen(true)}>
          {t({ id: 'desk.audit.show' })}
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
  const [more, setMore] = useState<MoreState>('idle');
  const t = useI18n().formatMessage;
  if (loading && !data) return <Spinner label={t({ id: 'desk.audit.loading' })} />;
  if (error && !data)
    return (
      <LoadError
        error={error}
        text={t({ id: 'desk.audit.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  const log = data?.auditLog;
  if (!log || log.nodes.length === 0) return <EmptyState>{t({ id: 'desk.audit.none' })}</EmptyState>;
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
  return (
    <>
      <DeskTable columns={columns(t)} rows={rows} />
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
