// Notices: one per event key, newest first per member, read and unread.
import { describe, expect, it } from 'vitest';
import type { NewNotice } from '../../../server/store/port.ts';
import { useStore, type StoreFactory } from './harness.ts';

const notice = (key: string, userId: string, at: number, overrides: Partial<NewNotice> = {}): NewNotice => ({
  userId,
  kind: 'due-soon',
  key,
  bookId: '0123456789abcdef01234567',
  bookTitle: 'Dracula',
  loanId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  holdId: null,
  day: '2026-12-01',
  createdAt: new Date(at),
  ...overrides,
});

export function noticesContract(factory: StoreFactory): void {
  describe('notices', () => {
    const store = useStore(factory);

    it('records each event once, lists a member newest first in pages, and counts and marks what is unread', async () => {
      const added = await store().notices.record([
        notice('a', 'u1', 1000),
        notice('b', 'u1', 2000),
        notice('c', 'u2', 3000),
      ]);
      expect(added.map((n) => n.key)).toEqual(['a', 'b', 'c']);
      const again = await store().notices.record([
        notice('a', 'u1', 5000),
        notice('d', 'u1', 4000, { kind: 'hold-ready', holdId: 'bbbbbbbbbbbbbbbbbbbbbbbb', loanId: null }),
      ]);
      expect(again.map((n) => n.key)).toEqual(['d']);
      expect(await store().notices.recorded(['a', 'd', 'zz'])).toEqual(new Set(['a', 'd']));
      expect(await store().notices.recorded([])).toEqual(new Set());
      const first = await store().notices.list('u1', { unreadOnly: false, page: { first: 2 } });
      expect([first.totalCount, first.hasNextPage, first.nodes.map((n) => n.key)]).toEqual([3, true, ['d', 'b']]);
      expect(first.nodes[0]).toMatchObject({ kind: 'hold-ready', holdId: 'bbbbbbbbbbbbbbbbbbbbbbbb', readAt: null });
      const rest = await store().notices.list('u1', { unreadOnly: false, page: { first: 2, after: first.endCursor } });
      expect(rest.nodes.map((n) => n.key)).toEqual(['a']);
      expect(await store().notices.unreadCount('u1')).toBe(3);
      // Another member's id marks nothing; the member's own does.
      const other = (await store().notices.list('u2', { unreadOnly: false, page: { first: 5 } })).nodes[0]!;
      expect(await store().notices.markRead('u1', [other.id, first.nodes[0]!.id, 'not-an-id'], new Date())).toBe(1);
      expect(await store().notices.unreadCount('u2')).toBe(1);
      const unread = await store().notices.list('u1', { unreadOnly: true, page: { first: 5 } });
      expect([unread.totalCount, unread.nodes.map((n) => n.key)]).toEqual([2, ['b', 'a']]);
      expect(await store().notices.markRead('u1', null, new Date())).toBe(2);
      expect(await store().notices.unreadCount('u1')).toBe(0);
      expect(await store().notices.markRead('u1', [], new Date())).toBe(0);
    });
  });
}
