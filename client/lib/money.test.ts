import { describe, expect, it } from 'vitest';
import { formatMoney, lowersBalance, parseAmount, signedAmount } from './money.ts';

describe('money: the one way amounts are written', () => {
  it('counts a lost copy refunded as lowering the balance, like a payment or a waiver', () => {
    expect(['PAYMENT', 'WAIVER', 'LOST_FOUND'].map(lowersBalance)).toEqual([true, true, true]);
    expect(['LATE_FEE', 'REPLACEMENT', 'PROCESSING_FEE'].map(lowersBalance)).toEqual([false, false, false]);
    expect(signedAmount('LOST_FOUND', 400)).toBe('−৳400');
  });

  it('writes the symbol then a whole, grouped number', () => {
    expect(formatMoney(150)).toBe('৳150');
    expect(formatMoney(1500)).toBe('৳1,500');
    expect(formatMoney(20.4)).toBe('৳20');
    expect(formatMoney(20, 'Tk ')).toBe('Tk 20');
  });

  it('writes amounts in Bangla with Bengali digits: ৳৫০, ৳১,৫০০', () => {
    expect(formatMoney(50, undefined, 'bn')).toBe('৳৫০');
    expect(formatMoney(1500, undefined, 'bn')).toBe('৳১,৫০০');
    expect(formatMoney(50, undefined, 'en')).toBe('৳50');
  });

  it('reads an amount typed in Bengali digits', () => {
    expect(parseAmount('৪০', 100)).toBe(40);
  });

  it('reads an amount typed at the desk, or says what is wrong', () => {
    expect(parseAmount(' 40 ', 100)).toBe(40);
    expect(parseAmount('0', 100)).toBe('Enter a whole amount from ৳1 to ৳100.');
    expect(parseAmount('12.5', 1200)).toBe('Enter a whole amount from ৳1 to ৳1,200.');
  });
});
