// The library's barcode scheme for its copies: `BH`, a 7-digit number given out in order by the store, and a
// check digit (Luhn, mod 10), so a misread or mistyped label is refused instead of finding another copy.
// Printed as Code 128 on the label; a USB scanner types it back followed by Enter.

const ITEM_PATTERN = /^BH(\d{7})(\d)$/;

/** The Luhn check digit of a string of digits. */
export function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode of the library's `seq`-th copy (1..9,999,999). */
export function itemBarcode(seq: number): string {
  if (!Number.isInteger(seq) || seq < 1 || seq > 9_999_999) throw new RangeError(`No barcode for copy ${seq}`);
  const digits = String(seq).padStart(7, '0');
  return `BH${digits}${checkDigit(digits)}`;
}

/**
 * The number of the first of `count` consecutive item barcodes, as an items store's `reserve` hands them out;
 * a RangeError for anything else.
 */
export function firstOfRun(barcodes: readonly string[], count: number): number {
  const first = Number(ITEM_PATTERN.exec(barcodes[0] ?? '')?.[1] ?? Number.NaN);
  const run = barcodes.length === count && barcodes.every((code, i) => code === itemBarcode(first + i));
  if (!Number.isInteger(first) || !run) throw new RangeError(`Not ${count} reserved barcodes in a row`);
  return first;
}

/** True when `code` is a well-formed item barcode with the right check digit. */
export function isItemBarcode(code: string): boolean {
  const match = ITEM_PATTERN.exec(code);
  return match !== null && checkDigit(match[1]!) === Number(match[2]);
}

// Member cards follow the same scheme with their own prefix, `BM`, and their own counter, so a scan tells a
// card from a copy by its first two letters.
const CARD_PATTERN = /^BM(\d{7})(\d)$/;

/** The card number of the library's `seq`-th card (1..9,999,999). */
export function memberCard(seq: number): string {
  if (!Number.isInteger(seq) || seq < 1 || seq > 9_999_999) throw new RangeError(`No card number for card ${seq}`);
  const digits = String(seq).padStart(7, '0');
  return `BM${digits}${checkDigit(digits)}`;
}

/** True when `code` is a well-formed member card number with the right check digit. */
export function isMemberCard(code: string): boolean {
  const match = CARD_PATTERN.exec(code);
  return match !== null && checkDigit(match[1]!) === Number(match[2]);
}
