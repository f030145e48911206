// The library's barcode scheme for its copies: `BH`, a 7-digit number given out in order by the store, and a
// check digit (Luhn, mod 10), so a misread or mistyped label is refused instead of finding another copy.
// Printed as Code 128 on the label; a USB scanner types it back followed by Enter.
// In shared/: the stores hand barcodes out and read scans with it, and the desk's scan box reads scans with it too,
// so the SPA and the gateway never disagree on what a scan names.

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

// What staff scan or type at the desk. Spaces around a code (a scanner's, a paste's) are dropped and letters read
// as capitals; eight bare digits are a label's number typed (or a card's barcode printed) without its prefix.
const BARE = /^\d{8}$/;

/** A scanned or typed code as the labels print it: no spaces around it, letters in capitals. */
export const normalScan = (code: string): string => code.trim().toUpperCase();

/** The copy's barcode a scan names, with or without its `BH` (check digit checked); null when it names none. */
export function scannedItem(code: string): string | null {
  const read = normalScan(code);
  const barcode = BARE.test(read) ? `BH${read}` : read;
  return isItemBarcode(barcode) ? barcode : null;
}

/**
 * The card numbers a scan may name, in the order to look them up: as read, then, for eight bare digits that make
 * a `BM` card, with its prefix (a card a library printed itself may be digits alone, so it is asked for first).
 */
export function scannedCards(code: string): string[] {
  const read = normalScan(code);
  return BARE.test(read) && isMemberCard(`BM${read}`) ? [read, `BM${read}`] : [read];
}

/**
 * What a scan at the desk is: a copy's label (`item`); `BH` and eight digits with a wrong check digit, a misread
 * label (`bad-item`); eight bare digits with a right one, which a card's or a copy's number may be
 * (`card-or-item`: a member with that card first, else the copy); anything else a card.
 */
export type ScanKind = 'item' | 'bad-item' | 'card-or-item' | 'card';

export function scanKind(code: string): ScanKind {
  const read = normalScan(code);
  if (isItemBarcode(read)) return 'item';
  if (ITEM_PATTERN.test(read)) return 'bad-item';
  if (BARE.test(read) && isItemBarcode(`BH${read}`)) return 'card-or-item';
  return 'card';
}
