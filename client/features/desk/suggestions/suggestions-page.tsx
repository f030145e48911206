import { useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import type { DeskSuggestionsQuery, SuggestionStatus } from '../../../gql/graphql.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatInstantDay } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { DeskTable, type Column } from '../desk-table.tsx';
import { EmptyState, LoadError, Pager } from '../desk-states.tsx';
import { useCursorPages } from '../use-cursor-pages.ts';
import { DecideSuggestion } from './decide-suggestion.tsx';
import { PURCHASE_SUGGESTIONS_QUERY, SUGGESTIONS_PAGE_SIZE } from './suggestion-operations.ts';

type Row = DeskSuggestionsQuery['purchaseSuggestions']['nodes'][number];
const STATUSES: SuggestionStatus[] = ['OPEN', 'ACCEPTED', 'DECLINED'];

/**
 * Members' purchase suggestions at the desk (issue 42), newest first, open ones by default: who asked, what, and
 * staff's answer (Accept, or Decline with a reason the member is told).
 */
export default function SuggestionsPage() {
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'desk.suggestions.title' }));
  const [status, setStatus] = useState<SuggestionStatus>('OPEN');
  const pages = useCursorPages();
  const { data, loading, error, refetch } = useQuery(PURCHASE_SUGGESTIONS_QUERY, {
    variables: { status, first: SUGGESTIONS_PAGE_SIZE, after: pages.after },
  });
  const page = data?.purchaseSuggestions;
  const columns: Column<Row>[] = [
    { header: t({ id: 'desk.suggestions.book' }), cell: (s) => (s.author ? `${s.title} (${s.author})` : s.title) },
    {
      header: t({ id: 'desk.suggestions.member' }),
      cell: (s) => [s.memberName, s.memberCard].filter(Boolean).join(' · '),
    },
    { header: t({ id: 'desk.suggestions.note' }), cell: (s) => s.note },
    { header: t({ id: 'desk.suggestions.suggested' }), cell: (s) => formatInstantDay(s.createdAt) },
    {
      header: t({ id: 'desk.suggestions.answer' }),
      cell: (s) =>
        s.status === 'OPEN' ? (
          <DecideSuggestion id={s.id} title={s.title} />
        ) : (
          [t({ id: `desk.suggestions.status.${s.status}` }), s.reason].filter(Boolean).join(': ')
        ),
    },
  ];
  let body: ReactNode;
  if (loading && !page) body = <Spinner label={t({ id: 'desk.suggestions.loading' })} />;
  else if (error && !page)
    body = (
      <LoadError
        error={error}
        text={t({ id: 'desk.suggestions.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  else if (!page || page.nodes.length === 0) body = <EmptyState>{t({ id: 'desk.suggestions.none' })}</EmptyState>;
  else
    body = (
      <>
        <p className="mb-2 text-sm text-slate-600">{t({ id: 'desk.suggestions.count' }, { count: page.totalCount })}</p>
        <DeskTable columns={columns} rows={page.nodes} />
        <Pager
          label={t({ id: 'desk.suggestions.pages' })}
          pages={pages}
          totalCount={page.totalCount}
          pageSize={SUGGESTIONS_PAGE_SIZE}
          pageInfo={page.pageInfo}
        />
      </>
    );
  return (
    <section className="page-container py-10">
      <h1 className="mb-2 text-3xl font-bold text-gray-900">{t({ id: 'desk.suggestions.title' })}</h1>
      <p className="mb-6">
        <Link to="/desk" className="text-indigo-700 underline">
          {t({ id: 'desk.holdShelf.back' })}
        </Link>
      </p>
      <label className="mb-4 flex items-center gap-2">
        {t({ id: 'desk.suggestions.show' })}
        <select
          className="rounded border border-slate-300 px-2 py-1"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as SuggestionStatus);
            pages.reset();
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t({ id: `desk.suggestions.status.${s}` })}
            </option>
          ))}
        </select>
      </label>
      {body}
    </section>
  );
}
