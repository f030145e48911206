// Contract: the catalogue (BookStore). Every adapter must pass this unchanged.
import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../../server/store/port.ts';
import type { BookRecord } from '../../../server/store/port.ts';
import { HEX24, bookFields, collect, insertBooks, useStore } from './harness.ts';
import type { StoreFactory } from './harness.ts';

const ids = (books: BookRecord[]): string[] => books.map((b) => b.id);

export function booksContract(factory: StoreFactory): void {
  describe('books', () => {
    const store = useStore(factory);

    it('inserts a book with a 24-hex id and Date timestamps, and gets it back', async () => {
      const book = await store().books.insert(bookFields({ rating: 4.2, quantity: 7 }));
      expect(book.id).toMatch(HEX24);
      expect(book).toMatchObject({ ...bookFields({ rating: 4.2, quantity: 7 }) });
      expect(book.createdAt).toBeInstanceOf(Date);
      expect(book.updatedAt).toBeInstanceOf(Date);
      const again = await store().books.get(book.id);
      expect(again).toEqual(book);
      expect(again?.createdAt).toBeInstanceOf(Date);
      expect(await store().books.get(book.id.toUpperCase())).toEqual(book);
    });

    it('answers null for unknown and malformed ids instead of throwing', async () => {
      await insertBooks(store(), [{}]);
      expect(await store().books.get('0123456789abcdef01234567')).toBeNull();
      for (const bad of ['', 'nope', 'zzzzzzzzzzzzzzzzzzzzzzzz', '{"$gt":""}', '0123456789abcdef0123456']) {
        expect(await store().books.get(bad)).toBeNull();
      }
    });

    it('counts and inserts many, answering how many were inserted', async () => {
      expect(await store().books.count()).toBe(0);
      expect(await store().books.insertMany([])).toBe(0);
      expect(await store().books.insertMany([bookFields(), bookFields({ title: 'Emma' })])).toBe(2);
      expect(await store().books.count()).toBe(2);
    });

    it('pages in insertion order until the last page', async () => {
      const all = await insertBooks(store(), [1, 2, 3, 4, 5].map((n) => ({ title: `Book ${n}` })));
      const first = await store().books.list({}, { first: 2 });
      expect(ids(first.nodes)).toEqual(all.slice(0, 2));
      expect(first).toMatchObject({ totalCount: 5, hasNextPage: true });
      expect(first.endCursor).toEqual(expect.any(String));
      const second = await store().books.list({}, { first: 2, after: first.endCursor });
      expect(ids(second.nodes)).toEqual(all.slice(2, 4));
      const last = await store().books.list({}, { first: 2, after: second.endCursor });
      expect(ids(last.nodes)).toEqual(all.slice(4));
      expect(last).toMatchObject({ totalCount: 5, hasNextPage: false });
      const beyond = await store().books.list({}, { first: 2, after: last.endCursor });
      expect(beyond).toEqual({ nodes: [], totalCount: 5, hasNextPage: false, endCursor: null });
    });

    it('says there is no next page when a page ends exactly at the last book', async () => {
      await insertBooks(store(), [{}, {}, {}]);
      const page = await store().books.list({}, { first: 3 });
      expect(page.nodes).toHaveLength(3);
      expect(page.hasNextPage).toBe(false);
      expect((await store().books.list({}, { first: 2 })).hasNextPage).toBe(true);
    });

    it('answers an empty page with a null cursor on an empty catalogue', async () => {
      expect(await store().books.list({}, { first: 10 })).toEqual({ nodes: [], totalCount: 0, hasNextPage: false, endCursor: null });
    });

    it('rejects a malformed cursor with InvalidCursorError', async () => {
      await insertBooks(store(), [{}]);
      const garbage = ['not a cursor', '!!!', Buffer.from('hello').toString('base64url'), 'abc', `${Buffer.from('0'.repeat(24)).toString('base64url')}=`];
      for (const after of garbage) {
        await expect(store().books.list({}, { first: 5, after })).rejects.toBeInstanceOf(InvalidCursorError);
      }
    });

    it('combines filters with paging, and totalCount counts the filtered books', async () => {
      const all = await insertBooks(store(), [
        { genre: 'Thriller', quantity: 1 },
        { genre: 'Poetry', quantity: 4 },
        { genre: 'Thriller', quantity: 0 },
        { genre: 'Thriller', quantity: 2 },
        { genre: 'Thriller', quantity: 5 },
      ]);
      const filter = { genre: 'Thriller', availableOnly: true };
      const first = await store().books.list(filter, { first: 2 });
      expect(ids(first.nodes)).toEqual([all[0], all[3]]);
      expect(first).toMatchObject({ totalCount: 3, hasNextPage: true });
      const rest = await store().books.list(filter, { first: 2, after: first.endCursor });
      expect(ids(rest.nodes)).toEqual([all[4]]);
      expect(rest).toMatchObject({ totalCount: 3, hasNextPage: false });
      const poetry = await store().books.list({ genre: 'Poetry', availableOnly: null, search: null }, { first: 10 });
      expect(ids(poetry.nodes)).toEqual([all[1]]);
    });

    it('searches title or author case-insensitively by substring', async () => {
      const [dracula, emma] = await insertBooks(store(), [
        { title: 'Dracula', author: 'Bram Stoker' },
        { title: 'Emma', author: 'Jane Austen' },
        { title: 'Hamlet', author: 'William Shakespeare' },
      ]);
      expect(ids((await store().books.list({ search: 'DRAC' }, { first: 10 })).nodes)).toEqual([dracula]);
      expect(ids((await store().books.list({ search: 'stOKer' }, { first: 10 })).nodes)).toEqual([dracula]);
      expect(ids((await store().books.list({ search: 'mm' }, { first: 10 })).nodes)).toEqual([emma]);
      const none = await store().books.list({ search: 'tolstoy' }, { first: 10 });
      expect(none).toEqual({ nodes: [], totalCount: 0, hasNextPage: false, endCursor: null });
    });

    it('treats %, _ and regex characters in a search as plain text', async () => {
      const [percent, underscore, regex] = await insertBooks(store(), [
        { title: '100% Cotton', author: 'Anne Weaver' },
        { title: 'snake_case Tales', author: 'Ben Coder' },
        { title: 'Regex .*( Guide', author: 'Cleo Parser' },
        { title: 'Plain Book', author: 'Dan Writer' },
      ]);
      const search = async (text: string) => ids((await store().books.list({ search: text }, { first: 10 })).nodes);
      expect(await search('%')).toEqual([percent]);
      expect(await search('_')).toEqual([underscore]);
      expect(await search('.*(')).toEqual([regex]);
      expect(await search('.')).toEqual([regex]);
      expect(await search('e%c')).toEqual([]);
      expect(await search('e_c')).toEqual([underscore]);
      expect(await search('^plain')).toEqual([]);
      expect(await search('[a-z]+')).toEqual([]);
      expect(await search('$')).toEqual([]);
    });

    it('streams every book in insertion order, across chunk boundaries', async () => {
      expect(await collect(store().books.all())).toEqual([]);
      await store().books.insertMany(Array.from({ length: 1_203 }, (_, i) => bookFields({ title: `Book ${i}` })));
      const streamed = await collect(store().books.all());
      expect(streamed).toHaveLength(1_203);
      expect(streamed.map((b) => b.title)).toEqual(Array.from({ length: 1_203 }, (_, i) => `Book ${i}`));
      expect(streamed.every((b, i) => i === 0 || (streamed[i - 1]?.id ?? '') < b.id)).toBe(true);
    });
  });
}

export function bookWritesContract(factory: StoreFactory): void {
  describe('book lookups and writes', () => {
    const store = useStore(factory);

    it('finds books of exactly one genre, in insertion order', async () => {
      const [a, , c] = await insertBooks(store(), [{ genre: 'Poetry' }, { genre: 'Drama' }, { genre: 'Poetry' }]);
      expect(ids(await store().books.byGenre('Poetry'))).toEqual([a, c]);
      expect(await store().books.byGenre('poetry')).toEqual([]);
      expect(await store().books.byGenre('Poet')).toEqual([]);
    });

    it('lists distinct genres sorted ascending', async () => {
      expect(await store().books.genres()).toEqual([]);
      await insertBooks(store(), [{ genre: 'Thriller' }, { genre: 'Drama' }, { genre: 'Thriller' }, { genre: 'Biography' }]);
      expect(await store().books.genres()).toEqual(['Biography', 'Drama', 'Thriller']);
    });

    it('updates exactly the given fields and keeps id and createdAt', async () => {
      const [id = ''] = await insertBooks(store(), [{}]);
      const before = await store().books.get(id);
      const fields = bookFields({ title: 'Carmilla', author: 'Sheridan Le Fanu', genre: 'Romance', description: 'New.', image: '/x.svg', rating: 3.7, quantity: 0 });
      const result = await store().books.update(id, fields);
      expect(result?.modified).toBe(true);
      expect(result?.book).toMatchObject({ id, ...fields });
      expect(result?.book.createdAt).toEqual(before?.createdAt);
      expect(result?.book.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? Infinity);
      expect(await store().books.get(id)).toEqual(result?.book);
      // The search key follows the new title and author.
      expect(ids((await store().books.list({ search: 'le fanu' }, { first: 5 })).nodes)).toEqual([id]);
      expect((await store().books.list({ search: 'stoker' }, { first: 5 })).totalCount).toBe(0);
    });

    it('reports an update that changes nothing as not modified', async () => {
      const book = await store().books.insert(bookFields());
      const result = await store().books.update(book.id, bookFields());
      expect(result).toEqual({ book, modified: false });
    });

    it('answers null when updating an unknown or malformed id', async () => {
      expect(await store().books.update('0123456789abcdef01234567', bookFields())).toBeNull();
      expect(await store().books.update('bad-id', bookFields())).toBeNull();
      expect(await store().books.count()).toBe(0);
    });

    it('changes stock conditionally and never below zero', async () => {
      const [id = ''] = await insertBooks(store(), [{ quantity: 2 }]);
      expect(await store().books.changeStock(id, 3)).toBe(5);
      expect(await store().books.changeStock(id, -5)).toBe(0);
      expect(await store().books.changeStock(id, -1)).toBeNull();
      expect((await store().books.get(id))?.quantity).toBe(0);
      expect(await store().books.changeStock('0123456789abcdef01234567', 1)).toBeNull();
      expect(await store().books.changeStock('nope', 1)).toBeNull();
    });

    it('keeps stock at zero when many decrements race', async () => {
      const [id = ''] = await insertBooks(store(), [{ quantity: 3 }]);
      const results = await Promise.all(Array.from({ length: 10 }, () => store().books.changeStock(id, -1)));
      expect(results.filter((r) => r !== null).sort()).toEqual([0, 1, 2]);
      expect((await store().books.get(id))?.quantity).toBe(0);
    });
  });
}
