import { useState } from 'react';
import { formatCount } from '../../lib/format-count.ts';
import { friendlyMessage, isNetworkFailure, networkMessage } from '../../lib/network-errors.ts';
import { useI18n } from '../../lib/i18n.ts';
import { ProgressBar } from './busy-region.tsx';

// Declared where the build can read it too (the first query of All Books is sent early: vite.config.ts).
export { PAGE_SIZE } from '../../lib/page-size.ts';

interface LoadMoreProps {
  /** Items on screen. */
  shown: number;
  /** Items the list has in all. */
  total: number;
  /** Fetches and appends the next page; the button waits for it. */
  onLoadMore: () => Promise<unknown>;
}

/** Under a list the server pages: how much of it is on screen, and a button for the next page. */
export function LoadMore({ shown, total, onLoadMore }: LoadMoreProps) {
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { formatMessage: t } = useI18n();
  const load = async () => {
    setLoading(true);
    setFailure(null);
    try {
      await onLoadMore();
    } catch (error) {
      // A lost request gets the sentence a member can act on; a refusal keeps the list's "Error: message".
      setFailure(
        isNetworkFailure(error)
          ? networkMessage()
          : t({ id: 'loadMore.errorPrefix' }, { message: friendlyMessage(error, t({ id: 'loadMore.failed' })) }),
      );
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="mt-8 text-center" aria-busy={loading}>
      {loading && (
        <div className="mx-auto mb-3 max-w-xs">
          <ProgressBar label={t({ id: 'loadMore.loadingMore' })} />
        </div>
      )}
      <p className="mb-3 text-sm text-gray-600">
        {t({ id: 'loadMore.shown' }, { shown: formatCount(shown), total: formatCount(total) })}
      </p>
      {failure && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {failure}
        </p>
      )}
      <button
        type="button"
        disabled={loading}
        className="rounded-lg bg-gray-800 px-6 py-2 text-white disabled:opacity-60"
        onClick={() => void load()}
      >
        {t({ id: loading ? 'common.loading' : 'loadMore.button' })}
      </button>
    </div>
  );
}
