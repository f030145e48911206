import type { ReactNode } from 'react';
import { hasErrorCode } from './desk-errors.ts';
import type { CursorPages } from './use-cursor-pages.ts';

export function StaffOnly() {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-8 text-center">
      <h2 className="mb-2 text-xl font-semibold text-amber-900">Staff only</h2>
      <p className="text-amber-900">
        The circulation desk is for library staff. For your own loans and fees, see My Borrowed Books.
      </p>
    </div>
  );
}

/** A failed load: the staff-only notice when the gateway says FORBIDDEN, else a sentence and Try Again. */
export function LoadError({ error, text, onRetry }: { error: unknown; text: string; onRetry: () => void }) {
  if (hasErrorCode(error, 'FORBIDDEN')) return <StaffOnly />;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
      <p className="mb-3">{text}</p>
      <button type="button" className="btn-secondary px-4 py-1.5" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 p-4 text-center text-slate-600">{children}</p>;
}

type PagerProps = {
  label: string;
  pages: CursorPages;
  totalCount: number;
  pageSize: number;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
};

/** Previous and Next over a cursor-paged list, with "Page N of M"; nothing when it all fits on one page. */
export function Pager({ label, pages, totalCount, pageSize, pageInfo }: PagerProps) {
  const { page } = pages;
  const pageCount = Math.ceil(totalCount / pageSize);
  const { endCursor } = pageInfo;
  if (pageCount <= 1 && page === 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-3 text-sm">
      <button type="button" className="btn-secondary px-3 py-1" disabled={page === 1} onClick={pages.previous}>
        Previous
      </button>
      <span>
        Page {page} of {Math.max(pageCount, page)}
      </span>
      <button
        type="button"
        className="btn-secondary px-3 py-1"
        disabled={!pageInfo.hasNextPage || !endCursor}
        onClick={() => endCursor && pages.next(endCursor)}
      >
        Next
      </button>
    </nav>
  );
}
