import { useI18n } from '../../lib/i18n.ts';
import { useCode128 } from '../../lib/code128.ts';

/**
 * A card number as a Code 128 barcode, drawn as SVG in the browser (client/lib/code128.ts loads bwip-js only
 * when a card is shown, so the first page's JavaScript stays as it was). The number is printed under the bars
 * by the page (a text a screen reader and a copy-paste get), so the SVG itself is hidden from them.
 */
export function CardBarcode({ card }: { card: string }) {
  const t = useI18n().formatMessage;
  const { svg, failed } = useCode128(card, { scale: 3, height: 14, paddingwidth: 4 });
  if (failed) return <p className="text-sm text-red-700">{t({ id: 'account.card.barcodeFailed' })}</p>;
  return (
    <div
      role="img"
      aria-label={t({ id: 'account.card.barcodeLabel' }, { card })}
      className="mx-auto w-full max-w-xs [&>svg]:h-auto [&>svg]:w-full"
      // bwip-js's own SVG markup for the card's number (no user HTML: the card is the library's BM number).
      dangerouslySetInnerHTML={svg ? { __html: svg.replace('<svg ', '<svg aria-hidden="true" ') } : undefined}
    />
  );
}
