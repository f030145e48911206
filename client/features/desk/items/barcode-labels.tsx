import { Code128 } from '../../../components/ui/code128.tsx';
import { useI18n } from '../../../lib/i18n.ts';
import { Slip } from '../slip.tsx';

/** A sheet of labels to stick into copies: each the copy's Code 128 barcode (its text under it) and the title. */
export function BarcodeLabels({
  title,
  barcodes,
  onClose,
}: {
  title: string;
  barcodes: string[];
  onClose: () => void;
}) {
  const t = useI18n().formatMessage;
  return (
    <Slip
      title={t({ id: 'desk.labels.title' }, { count: barcodes.length })}
      actions={
        <button type="button" className="btn-quiet btn-sm" onClick={onClose}>
          {t({ id: 'desk.labels.close' })}
        </button>
      }
    >
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {barcodes.map((barcode) => (
          <li
            key={barcode}
            aria-label={barcode}
            className="break-inside-avoid rounded border border-dashed p-2 text-center"
          >
            <Code128 text={barcode} label={t({ id: 'desk.labels.barcode' }, { barcode })} className="mx-auto h-16" />
            <p className="mt-1 truncate text-xs">{title}</p>
          </li>
        ))}
      </ul>
    </Slip>
  );
}
