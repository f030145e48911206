// The library's card number scheme (shared/barcodes.ts): BM, seven digits, a Luhn check digit.
import { describe, expect, it } from 'vitest';
import { isItemBarcode, isMemberCard, memberCard } from '../../shared/barcodes.ts';

describe('member card numbers', () => {
  it('numbers cards with a check digit that catches a mistyped digit or two swapped ones', () => {
    expect(memberCard(1)).toBe('BM00000018');
    expect(memberCard(9_999_999)).toMatch(/^BM9999999\d$/);
    expect(isMemberCard(memberCard(1234))).toBe(true);
    expect(isMemberCard('BM00000017')).toBe(false);
    expect(isMemberCard('BM00000108')).toBe(false);
    expect(isMemberCard('bm00000018')).toBe(false);
  });

  it('keeps cards and copies apart by their prefix', () => {
    expect(isItemBarcode(memberCard(1))).toBe(false);
    expect(isMemberCard('BH00000018')).toBe(false);
  });

  it('refuses a sequence number outside 1..9,999,999', () => {
    for (const seq of [0, -1, 10_000_000, 1.5]) expect(() => memberCard(seq)).toThrow(RangeError);
  });
});
