// The library's item barcode rule, for the desk's scan box: the same module the stores use to hand barcodes out
// (pure, no Node), so the SPA and the gateway can never disagree on what an item barcode is.
export { isItemBarcode } from '../../server/store/barcodes.ts';

/** Looks like an item label (BH and eight digits) whatever its check digit: a misread, not a member card. */
export const looksLikeItemBarcode = (code: string) => /^BH\d{8}$/.test(code);

/** What a scan is: an item's label, a mistyped or misread one, or (anything else) a member's card. */
export type ScanKind = 'item' | 'bad-item' | 'card';
