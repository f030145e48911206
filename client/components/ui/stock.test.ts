import { describe, expect, it } from 'vitest';
import { cardStockBadge, detailsStockBadge, listStockStatus } from './stock.ts';

describe('listStockStatus', () => {
  it.each([
    [-1, 'Out of Stock'],
    [0, 'Out of Stock'],
    [1, 'Limited Stock'],
    [3, 'Limited Stock'],
    [4, 'Available'],
    [50, 'Available'],
  ] as const)('%i copies -> %s', (quantity, status) => {
    expect(listStockStatus(quantity)).toBe(status);
  });
});

describe('cardStockBadge', () => {
  it('shows a badge only for scarce books', () => {
    expect(cardStockBadge(0)).toBe('Out of Stock');
    expect(cardStockBadge(2)).toBe('Limited Stock');
    expect(cardStockBadge(4)).toBeNull();
  });
});

describe('detailsStockBadge', () => {
  it('puts the count in the label and colours by scarcity', () => {
    expect(detailsStockBadge(0)).toEqual({ text: 'Out of Stock', tone: 'red' });
    expect(detailsStockBadge(1)).toEqual({ text: 'Limited Stock: 1', tone: 'orange' });
    expect(detailsStockBadge(3)).toEqual({ text: 'Limited Stock: 3', tone: 'orange' });
    expect(detailsStockBadge(4)).toEqual({ text: 'In Stock: 4', tone: 'green' });
  });
});
