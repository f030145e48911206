import { useEffect, useState } from 'react';

// bwip-js (some 200 KB) loads the first time a barcode is drawn: it stays out of every page's first download.
const drawing = () => import('bwip-js/browser');

/** A Code 128 barcode with its text under it, drawn as SVG (crisp on any printer); the text is its name. */
export function Code128({ text, label, className = '' }: { text: string; label: string; className?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void drawing().then(({ toSVG }) => {
      if (!current) return;
      setSvg(toSVG({ bcid: 'code128', text, height: 10, includetext: true, textxalign: 'center' }));
    });
    return () => {
      current = false;
    };
  }, [text]);
  if (!svg) return <span className={`inline-block h-16 ${className}`} role="img" aria-label={label} aria-busy="true" />;
  return <img className={className} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} />;
}
