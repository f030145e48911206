// Contract: every field of the book table (server/store/book-fields.ts) is stored and read back, on insert and
// on an edit of that field alone. Generated from the table, so a field an adapter leaves out of its columns,
// its $set or its reads fails here; tests/unit/book-fields.test.ts ties the table to GraphQL's BookInput.
import { describe, expect, it } from 'vitest';
import { BOOK_FIELD_NAMES, BOOK_FIELDS, type BookFieldKind, type BookFieldValues } from '../../../server/store/port.ts';
import { bookFields, collect, useStore } from './harness.ts';
import type { StoreFactory } from './harness.ts';

/** A value of each kind that differs from every default of bookFields(). */
const CHANGED: Record<BookFieldKind, string | number> = {
  line: 'Changed on one line',
  text: 'A first line\n\tand a second, indented',
  url: 'https://covers.example.org/changed.jpg',
  rating: 2.5,
  money: 750,
};
const changed = <K extends keyof BookFieldValues>(name: K) => CHANGED[BOOK_FIELDS[name].kind] as BookFieldValues[K];
const everyFieldChanged = () =>
  Object.fromEntries(BOOK_FIELD_NAMES.map((name) => [name, changed(name)])) as unknown as BookFieldValues;

export function bookFieldsContract(factory: StoreFactory): void {
  describe('every field of the book table', () => {
    const store = useStore(factory);

    it('is stored by insert and read back by get, list, all and byGenre', async () => {
      const values = everyFieldChanged();
      const book = await store().books.insert(bookFields(values));
      expect(book).toMatchObject(values);
      expect(await store().books.get(book.id)).toMatchObject(values);
      expect((await store().books.list({}, { first: 5 })).nodes).toEqual([expect.objectContaining(values)]);
      expect(await collect(store().books.all())).toEqual([expect.objectContaining(values)]);
      expect(await collect(store().books.byGenre(values.genre))).toEqual([expect.objectContaining(values)]);
    });

    it.each(BOOK_FIELD_NAMES)(
      '%s: an edit of it alone is written, read back, and keeps every other field',
      async (name) => {
        const before = await store().books.insert(bookFields());
        const value = changed(name);
        const result = await store().books.update(before.id, { [name]: value });
        expect(result).toMatchObject({ modified: true, book: { [name]: value } });
        const after = await store().books.get(before.id);
        expect(after).toEqual({ ...before, [name]: value, version: before.version + 1, updatedAt: after?.updatedAt });
        // The same edit again changes nothing.
        expect(await store().books.update(before.id, { [name]: value })).toMatchObject({ modified: false });
      },
    );

    it.each(BOOK_FIELD_NAMES.filter((name) => 'nullable' in BOOK_FIELDS[name]))(
      '%s: is null when left out of a new book, and an edit sets it back to null',
      async (name) => {
        const book = await store().books.insert(bookFields());
        expect(book[name]).toBeNull();
        await store().books.update(book.id, { [name]: changed(name) });
        expect(await store().books.update(book.id, { [name]: null })).toMatchObject({ modified: true });
        expect((await store().books.get(book.id))?.[name]).toBeNull();
      },
    );
  });
}
