import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n.ts';

/**
 * A card number as a Code 128 barcode, drawn as SVG in the browser by bwip-js. The library is loaded only
 * when a card is shown (its own chunk), so the first page's JavaScript stays as it was.
 */
export function CardBarcode({ card }: { card: string }) {
  const t = useI18n().formatMessage;
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('bwip-js/browser')
      .then(({ toSVG }) => {
        if (!live || !box.current) return;
        // The number is printed under the bars by the page (a text a screen reader and a copy-paste get).
        box.current.innerHTML = toSVG({ bcid: 'code128', text: card, scale: 3, height: 14, paddingwidth: 4 });
        box.current.querySelector('svg')?.setAttribute('aria-hidden', 'true');
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [card]);
  if (failed) return <p className="text-sm text-red-700">{t({ id: 'account.card.barcodeFailed' })}</p>;
  return (
    <div
      ref={box}
      role="img"
      aria-label={t({ id: 'account.card.barcodeLabel' }, { card })}
      className="mx-auto w-full max-w-xs [&>svg]:h-auto [&>svg]:w-full"
    />
  );
}
