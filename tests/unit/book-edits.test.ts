// The rules of a book's copies and edits (server/library/rules/book-edits.ts), which both stores ask: what a new
// book is, the copies an edit leaves (copies owned, or the original API's copies available), and when an edit
// would change nothing. The contract suite proves the stores follow them; these pin the rules themselves.
import { describe, expect, it } from 'vitest';
import { newBookState, resolveEdit, sameBook } from '../../server/library/rules/book-edits.ts';
import type { BookFields, BookRecord } from '../../server/store/port.ts';

const fields: BookFields = {
  title: 'Gitanjali',
  author: 'Rabindranath Tagore',
  genre: 'Poetry',
  description: 'Song offerings.',
  image: '/assets/library/gitanjali.jpg',
  rating: 4.5,
  quantity: 3,
};

/** A stored book owning 5 copies, 2 of them on loan. */
const stored: BookRecord = {
  id: '0123456789abcdef01234567',
  ...fields,
  replacementCost: null,
  quantity: 3,
  copies: 5,
  version: 7,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
};

describe('newBookState', () => {
  it('puts every copy owned on the shelf, at version 0, with an unset replacement cost as null', () => {
    expect(newBookState(fields)).toEqual({
      title: 'Gitanjali',
      author: 'Rabindranath Tagore',
      genre: 'Poetry',
      description: 'Song offerings.',
      image: '/assets/library/gitanjali.jpg',
      rating: 4.5,
      replacementCost: null,
      quantity: 3,
      copies: 3,
      version: 0,
    });
  });

  it('keeps a replacement cost that is given', () => {
    expect(newBookState({ ...fields, replacementCost: 900 }).replacementCost).toBe(900);
  });
});

describe('resolveEdit', () => {
  it('keeps the copies owned when the edit gives neither copies nor quantity', () => {
    expect(resolveEdit(stored, { title: 'Song Offerings' })).toEqual({ copies: 5, onLoan: 2 });
  });

  it('takes copies owned as given', () => {
    expect(resolveEdit(stored, { copies: 8 })).toEqual({ copies: 8, onLoan: 2 });
  });

  it('reads quantity as copies available now: copies owned become it plus the copies on loan', () => {
    expect(resolveEdit(stored, { quantity: 1 })).toEqual({ copies: 3, onLoan: 2 });
    expect(resolveEdit(stored, { quantity: 0 })).toEqual({ copies: 2, onLoan: 2 });
  });

  it('prefers copies to quantity when an edit gives both', () => {
    expect(resolveEdit(stored, { copies: 6, quantity: 1 })).toEqual({ copies: 6, onLoan: 2 });
  });

  it('lets copies owned fall below those on loan, for the store to refuse', () => {
    const { copies, onLoan } = resolveEdit(stored, { copies: 1 });
    expect(copies).toBeLessThan(onLoan);
  });
});

describe('sameBook', () => {
  it('is true when every field given holds the stored value and the copies do not move', () => {
    expect(sameBook(stored, { title: 'Gitanjali', rating: 4.5 }, 5)).toBe(true);
    expect(sameBook(stored, {}, 5)).toBe(true);
  });

  it('is false when a field given differs', () => {
    expect(sameBook(stored, { title: 'Song Offerings' }, 5)).toBe(false);
    expect(sameBook(stored, { replacementCost: 0 }, 5)).toBe(false);
  });

  it('is false when the copies owned move', () => {
    expect(sameBook(stored, { title: 'Gitanjali' }, 6)).toBe(false);
  });
});
