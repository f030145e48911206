import { useEffect, useState } from 'react';

export interface Code128Options {
  height: number;
  scale?: number;
  paddingwidth?: number;
  /** The text under the bars, drawn by bwip-js (else the page prints it, as the member's card does). */
  includetext?: boolean;
}

/**
 * A Code 128 barcode (copies' labels, members' cards) as SVG markup, drawn in the browser by bwip-js. bwip-js
 * (some 200 KB) loads the first time a barcode is drawn: it stays out of every page's first download.
 * `failed`: it could not load (offline, a new deploy), so the caller shows the text alone.
 */
export function useCode128(text: string, options: Code128Options): { svg: string | null; failed: boolean } {
  const [state, setState] = useState<{ svg: string | null; failed: boolean }>({ svg: null, failed: false });
  const { height, scale, paddingwidth, includetext } = options;
  useEffect(() => {
    let current = true;
    import('bwip-js/browser')
      .then(({ toSVG }) => {
        const drawn = toSVG({
          bcid: 'code128',
          text,
          height,
          ...(scale === undefined ? {} : { scale }),
          ...(paddingwidth === undefined ? {} : { paddingwidth }),
          ...(includetext ? { includetext: true, textxalign: 'center' } : {}),
        });
        if (current) setState({ svg: drawn, failed: false });
      })
      .catch(() => {
        if (current) setState({ svg: null, failed: true });
      });
    return () => {
      current = false;
    };
  }, [text, height, scale, paddingwidth, includetext]);
  return state;
}
