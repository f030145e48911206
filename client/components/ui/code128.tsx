import { useCode128 } from '../../lib/code128.ts';

/**
 * A Code 128 barcode with its text under it, drawn as SVG (crisp on any printer); `label` is its accessible name.
 * Should bwip-js fail to load (offline, a new deploy), the text alone stays, which staff can still type.
 */
export function Code128({ text, label, className = '' }: { text: string; label: string; className?: string }) {
  const { svg, failed } = useCode128(text, { height: 10, includetext: true });
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
