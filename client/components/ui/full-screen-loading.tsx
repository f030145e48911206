import { useI18n } from '../../lib/i18n.ts';

export function FullScreenLoading() {
  const { formatMessage: t } = useI18n();
  return (
    <div role="status" className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white">
      <span
        aria-hidden="true"
        className="h-12 w-12 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600"
      />
      <span className="text-lg font-medium text-slate-700">{t({ id: 'common.loading' })}</span>
    </div>
  );
}
