import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/dates.ts';
import { useI18n } from '../../lib/i18n.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { useMarkNoticesRead, useMoreNotices, useNotices } from './use-notices.ts';
import { EmailToggle } from './email-toggle.tsx';

const when = (iso: string) => formatDateTime(iso);

interface NoticesPanelProps {
  id: string;
  /** Closes the panel (a notice's link was followed, or Close was pressed). */
  onClose: () => void;
}

/** The member's notices, opened from the header's bell: a chunk of its own, loaded when first opened. */
export default function NoticesPanel({ id, onClose }: NoticesPanelProps) {
  const { data, loading, error, refetch, fetchMore } = useNotices();
  const [markRead, marking] = useMarkNoticesRead();
  const more = useMoreNotices(fetchMore);
  const [failure, setFailure] = useState<string | null>(null);
  const { formatMessage: t } = useI18n();

  const mark = async (ids: string[] | null) => {
    setFailure(null);
    try {
      await markRead(ids, ids ?? (data?.me?.notices.nodes ?? []).map((notice) => notice.id));
    } catch {
      setFailure(t({ id: 'notices.markFailed' }));
    }
  };

  const notices = data?.me?.notices;
  let body: React.ReactNode;
  if (loading && !data) {
    body = <Spinner label={t({ id: 'notices.loading' })} />;
  } else if (error && !data) {
    body = (
      <div role="alert" className="py-6 text-center">
        <p className="mb-6 text-red-700">{t({ id: 'notices.fetchFailed' })}</p>
        <button type="button" className="btn-primary btn-sm" onClick={() => void refetch()}>
          {t({ id: 'error.tryAgain' })}
        </button>
      </div>
    );
  } else if (!notices || notices.nodes.length === 0) {
    body = (
      <div className="rounded-xl bg-slate-50 p-6 text-center">
        <h3 className="mb-2 text-lg font-semibold">{t({ id: 'notices.emptyTitle' })}</h3>
        <p className="text-gray-700">{t({ id: 'notices.emptyText' })}</p>
      </div>
    );
  } else {
    const unread = data?.me?.unreadNoticeCount ?? 0;
    body = (
      <>
        <div className="mb-4 flex items-center justify-between gap-4">
          <p className="text-gray-700">{t({ id: 'notices.unreadCount' }, { count: unread })}</p>
          <button
            type="button"
            disabled={unread === 0 || marking.loading}
            onClick={() => void mark(null)}
            className="btn-primary btn-sm"
          >
            {t({ id: 'notices.markAllRead' })}
          </button>
        </div>
        <ul className="space-y-3">
          {notices.nodes.map((notice) => (
            <li key={notice.id}>
              <article
                aria-label={notice.message}
                className={`flex flex-wrap items-center gap-3 rounded-xl p-4 shadow-sm ${
                  notice.read ? 'bg-white' : 'border-l-4 border-indigo-600 bg-indigo-50'
                }`}
              >
                <div className="min-w-0 flex-1">
                  <p className={notice.read ? 'text-gray-800' : 'font-semibold text-gray-900'}>
                    {notice.read ? null : <span className="sr-only">{t({ id: 'notices.unreadPrefix' })} </span>}
                    {notice.message}
                  </p>
                  <p className="text-sm text-gray-600">
                    <time dateTime={notice.createdAt}>{when(notice.createdAt)}</time>
                  </p>
                </div>
                <Link to={notice.link} onClick={onClose} className="text-indigo-700 underline">
                  {t({ id: 'notices.open' })}
                  <span className="sr-only">{t({ id: 'notices.openLabel' }, { message: notice.message })}</span>
                </Link>
                {!notice.read && (
                  <button
                    type="button"
                    disabled={marking.loading}
                    onClick={() => void mark([notice.id])}
                    className="btn-quiet btn-sm"
                    aria-label={t({ id: 'notices.markReadLabel' }, { message: notice.message })}
                  >
                    {t({ id: 'notices.markRead' })}
                  </button>
                )}
              </article>
            </li>
          ))}
        </ul>
        {notices.pageInfo.hasNextPage && notices.pageInfo.endCursor && (
          <LoadMore
            shown={notices.nodes.length}
            total={notices.totalCount}
            onLoadMore={() => more(notices.pageInfo.endCursor ?? '')}
          />
        )}
      </>
    );
  }

  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="absolute top-full right-0 z-40 max-h-[80vh] w-full max-w-md overflow-y-auto rounded-b-xl border border-slate-200 bg-white p-4 shadow-lg"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id={`${id}-title`} className="text-xl font-bold text-gray-900">
          {t({ id: 'notices.title' })}
        </h2>
        <button type="button" onClick={onClose} className="btn-quiet btn-sm">
          {t({ id: 'notices.close' })}
        </button>
      </div>
      {failure && (
        <p role="alert" className="mb-4 text-red-700">
          {failure}
        </p>
      )}
      {/* Offered (and ticked) only when the library sends e-mail at all. */}
      {data?.me?.noticeChannels.includes('EMAIL') && <EmailToggle enabled={data.me.emailNotices} />}
      {body}
    </section>
  );
}
