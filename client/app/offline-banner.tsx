import { offlineBanner, offlineWrites } from '../lib/network-errors.ts';
import { useI18n } from '../lib/i18n.ts';
import { useOnline } from '../lib/use-online.ts';

/** Under the header while the browser has no network: what is on screen is what was loaded before. */
export function OfflineBanner() {
  const online = useOnline();
  const { formatMessage: t } = useI18n();
  if (online) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
      {t(
        { id: 'network.offlineLine' },
        {
          banner: offlineBanner(),
          writes: offlineWrites(),
          strong: (words) => <strong className="font-semibold">{words}</strong>,
        },
      )}
    </div>
  );
}
