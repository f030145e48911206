// Purchase suggestions: a member's open ones kept to the limit (also when sent at once), staff's list newest
// first by status in pages, a decision taken once, and a member's suggestions erased with their account.
import { describe, expect, it } from 'vitest';
import { useStore, type StoreFactory } from './harness.ts';
import type { NewSuggestion } from '../../../server/store/port.ts';

const at = new Date('2026-03-01T06:00:00.000Z');
const suggestion = (userId: string, title: string): NewSuggestion => ({
  userId,
  title,
  author: 'Humayun Ahmed',
  note: '',
  createdAt: at,
});

export function suggestionsContract(factory: StoreFactory): void {
  describe('purchase suggestions', () => {
    const store = useStore(factory);

    it('records open suggestions up to the limit of open ones, and never past it when sent at once', async () => {
      const { suggestions } = store();
      const first = await suggestions.add(suggestion('u1', 'Nondito Noroke'), 2);
      expect(first).toMatchObject({ userId: 'u1', title: 'Nondito Noroke', status: 'open', reason: null });
      const both = await Promise.all([
        suggestions.add(suggestion('u1', 'Kothao Keu Nei'), 2),
        suggestions.add(suggestion('u1', 'Opekkha'), 2),
      ]);
      expect(both.filter((s) => s !== null)).toHaveLength(1);
      expect(await suggestions.listByUser('u1')).toHaveLength(2);
      // Another member has a limit of their own; a decided suggestion no longer counts.
      expect(await suggestions.add(suggestion('u2', 'Opekkha'), 2)).not.toBeNull();
      await suggestions.decide(first?.id ?? '', { status: 'declined', reason: 'Out of print', at, by: 'staff' });
      expect(await suggestions.add(suggestion('u1', 'Misir Ali'), 2)).not.toBeNull();
    });

    it('lets exactly the limit through when many are sent at once, member by member', async () => {
      const { suggestions } = store();
      for (const member of ['m1', 'm2', 'm3', 'm4']) {
        const sent = await Promise.all(
          Array.from({ length: 12 }, (_, i) => suggestions.add(suggestion(member, `Title ${i}`), 3)),
        );
        expect(sent.filter((s) => s !== null)).toHaveLength(3);
        expect(await suggestions.listByUser(member)).toHaveLength(3);
      }
    });

    it('lists by status newest first in pages, and decides an open suggestion once', async () => {
      const { suggestions } = store();
      const made = [];
      for (const title of ['A', 'B', 'C']) made.push(await suggestions.add(suggestion('u1', title), 10));
      const [a, b] = made;
      const page = await suggestions.list(null, { first: 2 });
      expect(page.nodes.map((s) => s.title)).toEqual(['C', 'B']);
      expect(page).toMatchObject({ totalCount: 3, hasNextPage: true });
      const next = await suggestions.list(null, { first: 2, after: page.endCursor });
      expect(next.nodes.map((s) => s.title)).toEqual(['A']);
      expect(next.hasNextPage).toBe(false);
      const decided = await suggestions.decide(b?.id ?? '', { status: 'accepted', reason: null, at, by: 'staff-1' });
      expect(decided).toMatchObject({ status: 'accepted', reason: null, decidedAt: at, decidedBy: 'staff-1' });
      expect(await suggestions.decide(b?.id ?? '', { status: 'declined', reason: 'No', at, by: 's' })).toBeNull();
      expect(await suggestions.decide('not-an-id', { status: 'declined', reason: 'No', at, by: 's' })).toBeNull();
      expect((await suggestions.list('open', { first: 10 })).nodes.map((s) => s.title)).toEqual(['C', 'A']);
      expect((await suggestions.list('accepted', { first: 10 })).totalCount).toBe(1);
      expect(await suggestions.get(a?.id ?? '')).toEqual(a);
    });

    it("erases a member's suggestions and no one else's", async () => {
      const { suggestions } = store();
      await suggestions.add(suggestion('u1', 'A'), 10);
      await suggestions.add(suggestion('u1', 'B'), 10);
      await suggestions.add(suggestion('u2', 'C'), 10);
      expect(await suggestions.eraseMember('u1')).toBe(2);
      expect(await suggestions.listByUser('u1')).toEqual([]);
      expect(await suggestions.listByUser('u2')).toHaveLength(1);
    });
  });
}
