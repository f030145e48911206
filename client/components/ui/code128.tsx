import { useEffect, useState } from 'react';

// bwip-js (some 200 KB) loads the first time a barcode is drawn: it stays out of every page's first download.
const drawing = () => import('bwip-js/browser');

/**
 * A Code 128 barcode with its text under it, drawn as SVG (crisp on any printer); `label` is its accessible name.
 * Should bwip-js fail to load (offline, a new deploy), the text alone stays, which staff can still type.
 */
export function Code128({ text, label, className = '' }: { text: string; label: string; className?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    drawing()
      .then(({ toSVG }) => {
        if (current) setSvg(toSVG({ bcid: 'code128', text, height: 10, includetext: true, textxalign: 'center' }));
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [text]);
  if (svg)
    return (
      <img className={className} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} />
    );
  return (
    <span className={`inline-block font-mono ${className}`} role="img" aria-label={label} aria-busy={!failed}>
      {failed ? text : null}
    </span>
  );
}
