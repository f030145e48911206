// The audit trail: append-only, read newest first per book and per member, paged by a stable cursor.
import { describe, expect, it } from 'vitest';
import { InvalidCursorError, type NewAudit } from '../../../server/store/port.ts';
import { useStore, type StoreFactory } from './harness.ts';

const BOOK = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER_BOOK = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const entry = (overrides: Partial<NewAudit> = {}): NewAudit => ({
  at: new Date('2026-03-01T10:00:00.000Z'),
  actorUid: 'uid-staff',
  actorName: 'Sam Staff',
  api: 'graphql',
  action: 'book-edited',
  field: 'title',
  oldValue: 'Dracula',
  newValue: 'Dracula (annotated)',
  bookId: BOOK,
  uid: null,
  ...overrides,
});

export function auditContract(factory: StoreFactory): void {
  describe('audit', () => {
    const store = useStore(factory);

    it('records entries as given and reads them back by book and by member, newest first', async () => {
      const { audit } = store();
      const [edit] = await audit.record([entry()]);
      const [checkIn] = await audit.record([
        entry({ action: 'check-in', field: 'status', oldValue: 'borrowed', newValue: 'returned', uid: 'uid-ada' }),
      ]);
      await audit.record([entry({ bookId: OTHER_BOOK, api: 'rest' })]);
      expect(edit).toMatchObject({ ...entry(), id: expect.stringMatching(/^[0-9a-f]{24}$/) });

      const byBook = await audit.listByBook(BOOK, { first: 10 });
      expect(byBook.nodes).toEqual([checkIn, edit]);
      expect(byBook).toMatchObject({ totalCount: 2, hasNextPage: false });
      const byMember = await audit.listByUid('uid-ada', { first: 10 });
      expect(byMember.nodes).toEqual([checkIn]);
      expect((await audit.listByUid('uid-staff', { first: 10 })).totalCount).toBe(0);
      expect((await audit.listByBook(OTHER_BOOK, { first: 10 })).nodes.map((e) => e.api)).toEqual(['rest']);
    });

    it('keeps the order of entries recorded in one write, and their null fields', async () => {
      const { audit } = store();
      const fields = ['title', 'author', 'copies'];
      const written = await audit.record(
        fields.map((field) => entry({ action: 'book-added', field, oldValue: null, api: null })),
      );
      expect(written.map((e) => e.field)).toEqual(fields);
      const page = await audit.listByBook(BOOK, { first: 10 });
      expect(page.nodes.map((e) => e.field)).toEqual([...fields].reverse());
      expect(page.nodes[0]).toMatchObject({ oldValue: null, api: null, uid: null });
      expect(await audit.record([])).toEqual([]);
    });

    it('pages by cursor: every entry once, in order, even when more are recorded between pages', async () => {
      const { audit } = store();
      for (let i = 0; i < 7; i++) await audit.record([entry({ newValue: `v${i}`, uid: 'uid-ada' })]);
      const seen: string[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 10; pages++) {
        const page = await audit.listByUid('uid-ada', { first: 3, after });
        expect(page.totalCount).toBe(pages === 0 ? 7 : 8);
        seen.push(...page.nodes.map((e) => e.newValue ?? ''));
        // A newer entry does not shift the pages already started: it is at the front, not in the next page.
        if (pages === 0) await audit.record([entry({ newValue: 'late', uid: 'uid-ada' })]);
        if (!page.hasNextPage) break;
        after = page.endCursor;
      }
      expect(seen).toEqual(['v6', 'v5', 'v4', 'v3', 'v2', 'v1', 'v0']);
      await expect(audit.listByBook(BOOK, { first: 3, after: 'not-a-cursor' })).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
    });

    it('has no way to change or remove an entry', () => {
      const { audit } = store();
      const methods = new Set<string>();
      for (let o: object | null = audit; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null)
        for (const name of Object.getOwnPropertyNames(o)) methods.add(name);
      methods.delete('constructor');
      expect([...methods].sort()).toEqual(['get', 'listByBook', 'listByUid', 'record']);
    });
  });
}
