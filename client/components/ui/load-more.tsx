import { useState } from 'react';
import { formatCount } from '../../lib/format-count.ts';
import { friendlyMessage, isNetworkFailure, NETWORK_MESSAGE } from '../../lib/network-errors.ts';
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
  const load = async () => {
    setLoading(true);
    setFailure(null);
    try {
      await onLoadMore();
    } catch (error) {
      // A lost request gets the sentence a member can act on; a refusal keeps the list's "Error: message".
      setFailure(isNetworkFailure(error) ? NETWORK_MESSAGE : `Error: ${friendlyMessage(error, 'Failed to load more')}`);
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="mt-8 text-center" aria-busy={loading}>
      {loading && (
        <div className="mx-auto mb-3 max-w-xs">
          <ProgressBar label="Loading more..." />
        </div>
      )}
      <p className="mb-3 text-sm text-gray-600">
        {formatCount(shown)} of {formatCount(total)} shown
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
        {loading ? 'Loading...' : 'Load more'}
      </button>
    </div>
  );
}
