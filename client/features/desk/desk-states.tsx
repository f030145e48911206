import type { ReactNode } from 'react';
import { hasErrorCode } from './desk-errors.ts';
import type { CursorPages } from './use-cursor-pages.ts';
import { useI18n } from '../../lib/i18n.ts';

export function StaffOnly() {
  const t = useI18n().formatMessage;
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-8 text-center">
      <h2 className="mb-2 text-xl font-semibold text-amber-900">{t({ id: 'desk.staffOnly' })}</h2>
      <p className="text-amber-900">{t({ id: 'desk.staffOnlyText' })}</p>
    </div>
  );
}

/** A failed load: the staff-only notice when the gateway says FORBIDDEN, else a sentence and Try Again. */
export function LoadError({ error, text, onRetry }: { error: unknown; text: string; onRetry: () => void }) {
  const t = useI18n().formatMessage;
  if (hasErrorCode(error, 'FORBIDDEN')) return <StaffOnly />;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
      <p className="mb-3">{text}</p>
      <button type="button" className="btn-secondary px-4 py-1.5" onClick={onRetry}>
        {t({ id: 'error.tryAgain' })}
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
  const t = useI18n().formatMessage;
  if (pageCount <= 1 && page === 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-3 text-sm">
      <button type="button" className="btn-secondary px-3 py-1" disabled={page === 1} onClick={pages.previous}>
        {t({ id: 'desk.pager.previous' })}
      </button>
      <span>{t({ id: 'desk.pager.page' }, { page, pages: Math.max(pageCount, page) })}</span>
      <button
        type="button"
        className="btn-secondary px-3 py-1"
        disabled={!pageInfo.hasNextPage || !endCursor}
        onClick={() => endCursor && pages.next(endCursor)}
      >
        {t({ id: 'desk.pager.next' })}
      </button>
    </nav>
  );
}
