import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { confirmAction } from '../../components/ui/dialogs.ts';
import { formatInstantDay } from '../../lib/dates.ts';
import { useI18n } from '../../lib/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import {
  DELETE_READING_HISTORY_MUTATION,
  HISTORY_PAGE_SIZE,
  READING_HISTORY_QUERY,
  SET_READING_HISTORY_MUTATION,
} from './reading-history.ts';

/**
 * The member's reading history: the books they returned that are still linked to them, newest first; whether
 * they keep it (otherwise each loan loses their name some days after its return), and deleting it now.
 */
export default function ReadingHistoryPage() {
  const { formatMessage: t } = useI18n();
  useDocumentTitle(t({ id: 'history.title' }));
  const { data, loading, error, refetch, fetchMore } = useQuery(READING_HISTORY_QUERY, {
    variables: { first: HISTORY_PAGE_SIZE, after: null },
    fetchPolicy: 'cache-and-network',
  });
  const [setKeep, { loading: saving }] = useMutation(SET_READING_HISTORY_MUTATION);
  const [deleteHistory, { loading: deleting }] = useMutation(DELETE_READING_HISTORY_MUTATION);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const me = data?.me ?? null;
  const history = me?.readingHistory ?? null;

  const onKeep = async (keep: boolean) => {
    setFailure('');
    try {
      await setKeep({ variables: { keep } });
    } catch {
      setFailure(t({ id: 'history.saveFailed' }));
    }
  };

  const onDelete = async () => {
    setFailure('');
    setMessage('');
    const confirmed = await confirmAction({
      title: t({ id: 'history.deleteConfirm' }),
      text: t({ id: 'history.deleteConfirmText' }),
      confirmText: t({ id: 'history.deleteConfirmButton' }),
      cancelText: t({ id: 'common.cancel' }),
      icon: 'warning',
    });
    if (!confirmed) return;
    try {
      const { data: done } = await deleteHistory();
      setMessage(t({ id: 'history.deleted' }, { count: done?.deleteReadingHistory ?? 0 }));
      await refetch();
    } catch {
      setFailure(t({ id: 'history.deleteFailed' }));
    }
  };

  const onMore = () =>
    fetchMore({
      variables: { after: history?.pageInfo.endCursor ?? null },
      updateQuery: (previous, { fetchMoreResult }) => {
        const before = previous.me?.readingHistory;
        const next = fetchMoreResult.me?.readingHistory;
        if (!previous.me || !before || !next) return previous as typeof fetchMoreResult;
        return {
          me: { ...previous.me, readingHistory: { ...next, nodes: [...before.nodes, ...next.nodes] } },
        };
      },
    });

  return (
    <div className="page-container max-w-3xl py-10">
      <p className="mb-2 text-sm">
        <Link to="/my-account" className="text-indigo-600 hover:text-indigo-800">
          {t({ id: 'userMenu.myAccount' })}
        </Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold text-slate-900">{t({ id: 'history.title' })}</h1>
      <p className="mb-1 text-slate-600">{t({ id: 'history.intro' })}</p>
      <p className="mb-6 text-sm">
        <Link to="/legal/privacy-policy" className="text-indigo-600 hover:text-indigo-800">
          {t({ id: 'footer.privacy' })}
        </Link>
      </p>
      {error && !history ? (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          <p className="mb-2">{t({ id: 'history.error' })}</p>
          <button type="button" className="btn-primary" onClick={() => void refetch()}>
            {t({ id: 'history.retry' })}
          </button>
        </div>
      ) : loading && !history ? (
        <p role="status">{t({ id: 'common.loading' })}</p>
      ) : me && history ? (
        <>
          <label className="mb-1 flex items-center gap-2 font-medium text-slate-900">
            <input
              type="checkbox"
              checked={me.keepsReadingHistory}
              disabled={saving}
              onChange={(event) => void onKeep(event.target.checked)}
            />
            {t({ id: 'history.keep' })}
          </label>
          <p className="mb-6 text-sm text-slate-600">{t({ id: 'history.keepHelp' })}</p>
          {history.nodes.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{t({ id: 'history.empty' })}</p>
          ) : (
            <ul className="mb-6 divide-y divide-slate-200 rounded-xl bg-white shadow ring-1 ring-slate-200">
              {history.nodes.map((loan) => (
                <li key={loan.id} className="p-4">
                  <Link to={`/book-details/${loan.bookId}`} className="font-semibold text-slate-900 hover:underline">
                    {loan.bookTitle}
                  </Link>
                  <p className="text-sm text-slate-600">{loan.bookAuthor}</p>
                  <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
                    <span>{t({ id: 'history.borrowed' }, { day: formatInstantDay(loan.borrowDate) })}</span>
                    {loan.returnedAt && (
                      <span>{t({ id: 'history.returned' }, { day: formatInstantDay(loan.returnedAt) })}</span>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {history.pageInfo.hasNextPage && (
            <button type="button" className="btn-secondary mb-6" onClick={() => void onMore()}>
              {t({ id: 'history.more' })}
            </button>
          )}
          <div>
            <button type="button" className="btn-danger" disabled={deleting} onClick={() => void onDelete()}>
              {t({ id: 'history.delete' })}
            </button>
          </div>
        </>
      ) : null}
      {message && (
        <p role="status" className="mt-3 text-sm text-green-800">
          {message}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failure}
        </p>
      )}
    </div>
  );
}
