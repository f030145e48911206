import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { Icon } from '../../components/ui/icons.tsx';
import { useEscapeToClose } from '../../lib/use-escape-to-close.ts';
import { useI18n } from '../../lib/i18n.ts';

export const UNREAD_NOTICE_COUNT_QUERY = graphql(`
  query UnreadNoticeCount {
    me {
      id
      unreadNoticeCount
    }
  }
`);

export const BELL_POLL_MS = 60_000;

const NoticesPanel = lazy(() => import('./notices-panel.tsx'));

/**
 * The header's bell. It travels in the header's access chunk, loaded after the first paint (the entry is at its
 * size budget), and the list it opens is a chunk of its own. Until the count is known the bell still opens.
 */
export default function NoticeBell() {
  // Notices are made by the gateway's schedule as well as by what the member does: ask again every minute
  // while the page is in view.
  const { data } = useQuery(UNREAD_NOTICE_COUNT_QUERY, {
    fetchPolicy: 'cache-and-network',
    pollInterval: BELL_POLL_MS,
    skipPollAttempt: () => document.visibilityState === 'hidden',
  });
  const unread = data?.me?.unreadNoticeCount ?? 0;
  const { formatMessage: t, formatNumber } = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEscapeToClose(open, () => setOpen(false), button);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={unread > 0 ? t({ id: 'notices.bellUnread' }, { count: unread }) : t({ id: 'notices.title' })}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
      >
        <Icon name="bell" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white"
          >
            {unread > 99 ? t({ id: 'notices.manyUnread' }, { count: 99 }) : formatNumber(unread)}
          </span>
        )}
      </button>
      {open && (
        <Suspense
          fallback={
            <p role="status" className="absolute top-full right-0 rounded-b-xl bg-white p-4 shadow-lg">
              {t({ id: 'notices.loading' })}
            </p>
          }
        >
          <NoticesPanel id={id} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
