import { useI18n } from '../../lib/i18n.ts';

export type MoreState = 'idle' | 'loading' | 'failed';

/** Under a desk history's table (a member's, a book's): how many entries are shown, and the next page's button. */
export function AuditPageFooter(props: {
  shown: number;
  total: number;
  hasMore: boolean;
  more: MoreState;
  onMore: () => void;
}) {
  const t = useI18n().formatMessage;
  return (
    <>
      <p className="mt-2 text-sm text-slate-600">
        {t({ id: 'desk.audit.showing' }, { shown: props.shown, total: props.total })}
      </p>
      {props.more === 'failed' && (
        <p role="alert" className="text-red-700">
          {t({ id: 'desk.audit.moreFailed' })}
        </p>
      )}
      {props.hasMore && (
        <button
          type="button"
          className="btn-secondary mt-2 px-3 py-1 text-sm"
          disabled={props.more === 'loading'}
          onClick={props.onMore}
        >
          {t({ id: props.more === 'loading' ? 'common.loading' : 'loadMore.button' })}
        </button>
      )}
    </>
  );
}
