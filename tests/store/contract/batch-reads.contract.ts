// Reads that answer for a whole list at once (the GraphQL cost limit's sizes, a list's hold fields): the same
// answers as the one-at-a-time reads they stand for, in one call.
import { describe, expect, it } from 'vitest';
import { bookFields, newHold, newLoan, useStore, type StoreFactory } from './harness.ts';

export function batchReadsContract(factory: StoreFactory): void {
  describe('batch reads', () => {
    const store = useStore(factory);

    it('counts the books of exactly one genre without reading them', async () => {
      await store().books.insertMany([
        ...Array.from({ length: 3 }, () => bookFields({ genre: 'Poetry' })),
        bookFields({ genre: 'Drama' }),
      ]);
      expect(await store().books.countByGenre('Poetry')).toBe(3);
      expect(await store().books.countByGenre('Drama')).toBe(1);
      for (const other of ['poetry', 'Poet', 'Nope', '']) expect(await store().books.countByGenre(other)).toBe(0);
      await store().books.insert(bookFields({ genre: 'Poetry' }));
      expect(await store().books.countByGenre('Poetry')).toBe(4);
    });

    it("answers many books' queues in one call, each as queue() answers it", async () => {
      const [a, b, c] = await Promise.all(
        [1, 1, 1].map(async (quantity) => (await store().books.insert(bookFields({ quantity }))).id),
      );
      for (const id of [a!, b!]) {
        const lent = await store().loans.checkout(newLoan(id, { userId: 'lender' }), { loanLimit: 5, maxBalance: 0 });
        expect(lent.ok).toBe(true);
      }
      for (const [bookId, userId, at] of [
        [a!, 'x', 1000],
        [b!, 'y', 1500],
        [a!, 'y', 2000],
        [a!, 'z', 3000],
      ] as const)
        expect((await store().holds.place(newHold(bookId, userId, at), { holdLimit: 5 })).ok).toBe(true);
      // The copy of b comes back: set aside for y, whose hold of b is ready now.
      const loan = (await store().loans.listByUser('lender')).find((l) => l.bookId === b);
      await store().loans.checkin(loan!.id, new Date(4000));
      const unknown = '0123456789abcdef01234567';
      const queues = await store().holds.queues([a!, b!, c!, unknown, 'not-an-id', a!.toUpperCase()]);
      expect(queues.get(a!)).toEqual(await store().holds.queue(a!));
      expect(queues.get(a!)?.map((h) => h.userId)).toEqual(['x', 'y', 'z']);
      expect(queues.get(b!)?.map((h) => [h.userId, h.status])).toEqual([['y', 'ready']]);
      expect(queues.get(b!)).toEqual(await store().holds.queue(b!));
      for (const none of [c!, unknown, 'not-an-id']) expect(queues.get(none)).toEqual([]);
      expect(queues.get(a!.toUpperCase())).toEqual(queues.get(a!));
      expect(await store().holds.queues([])).toEqual(new Map());
    });
  });
}
