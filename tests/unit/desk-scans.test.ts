// How the desk reads a scan (shared/barcodes.ts, shared by the SPA's scan box and the gateway): whatever
// its case, with spaces around it, with or without its prefix; a misread label is never taken for anything else.
import { describe, expect, it } from 'vitest';
import { itemBarcode, memberCard, scanKind, scannedCards, scannedItem } from '../../shared/barcodes.ts';

const COPY = itemBarcode(18); // BH00000182
const CARD = 'BM02500585';

describe('reading a scan', () => {
  it("reads a copy's barcode whatever its case, with spaces around it, with or without BH", () => {
    for (const typed of [COPY, COPY.toLowerCase(), ` ${COPY} `, '\tbh00000182\n', 'Bh00000182', '00000182']) {
      expect(scannedItem(typed)).toBe(COPY);
    }
    expect(scanKind(COPY.toLowerCase())).toBe('item');
    expect(scanKind(`  ${COPY}  `)).toBe('item');
  });

  it('reads a card whatever its case and spaces, and a BM card from its digits alone', () => {
    expect(scannedCards(` ${CARD.toLowerCase()} `)).toEqual([CARD]);
    expect(scannedCards('02500585')).toEqual(['02500585', CARD]);
    expect(scannedCards(' 02500585 ')).toEqual(['02500585', CARD]);
    expect(scanKind('bm02500585')).toBe('card');
    expect(scanKind('02500585')).toBe('card-or-item');
    // A card a library printed itself stays as it is.
    expect(scannedCards('old-1234')).toEqual(['OLD-1234']);
    expect(scanKind('OLD-1234')).toBe('card');
    expect(scannedCards(memberCard(7))).toEqual([memberCard(7)]);
  });

  it('refuses a misread: a wrong check digit is a bad label, digits with one are no BM card', () => {
    const wrong = `${COPY.slice(0, 9)}${(Number(COPY[9]) + 1) % 10}`;
    expect(scannedItem(wrong)).toBeNull();
    expect(scanKind(wrong.toLowerCase())).toBe('bad-item');
    expect(scannedItem(wrong.slice(2))).toBeNull();
    expect(scannedCards('02500586')).toEqual(['02500586']);
    expect(scanKind('02500586')).toBe('card');
    expect(scannedItem('BH0000018')).toBeNull();
    expect(scannedItem('BM00000182')).toBeNull();
  });
});
