// The ledger's credits under concurrency, idempotency keys' claims, and a member's summary of what they owe with
// their notices: what both adapters promise.
import { describe, expect, it } from 'vitest';
import type { NewCredit, Store } from '../../../server/store/port.ts';
import { bookFields, newLoan, newNotice as notice, useStore, type StoreFactory } from './harness.ts';

const DAY = 86_400_000;

/** A member owing ৳600: a lost book (৳500 replacement + ৳100 processing), its charges counted in 2025. */
async function owing600(store: Store, userId: string): Promise<void> {
  const bookId = (await store.books.insert(bookFields({ quantity: 1 }))).id;
  const loan = await store.loans.checkout(newLoan(bookId, { userId }), { loanLimit: 5, maxBalance: 10_000 });
  if (!loan.ok) throw new Error(`checkout failed: ${loan.reason}`);
  await store.loans.close(loan.loan.id, new Date(), {
    as: 'lost',
    replacementCost: 500,
    processingFee: 100,
    by: 'Desk',
    year: 2025,
  });
}

const payment = (userId: string, amount: number): NewCredit => ({
  userId,
  kind: 'payment',
  amount,
  note: 'Cash',
  recordedBy: 'Desk',
  createdAt: new Date(),
});

export function ledgerContract(factory: StoreFactory): void {
  describe("a member's summary: the ledger's balance and their notices in one read", () => {
    const store = useStore(factory);

    it('agrees with ledger.balance and the notices pages, counts one member only, and is zeros for none', async () => {
      expect(await store().users.summary('user-1')).toEqual({ balance: 0, notices: 0, unreadNotices: 0 });
      await owing600(store(), 'user-1');
      await store().ledger.credit(payment('user-1', 200));
      const [first] = await store().notices.record([
        notice('a', 'user-1', 1000),
        notice('b', 'user-1', 2000),
        notice('c', 'user-1', 3000),
        notice('d', 'user-2', 4000),
      ]);
      await store().notices.markRead('user-1', [first!.id], new Date(5000));
      const summary = await store().users.summary('user-1');
      expect(summary).toEqual({ balance: 400, notices: 3, unreadNotices: 2 });
      expect(summary.balance).toBe(await store().ledger.balance('user-1'));
      const all = await store().notices.list('user-1', { unreadOnly: false, page: { first: 5 } });
      const unread = await store().notices.list('user-1', { unreadOnly: true, page: { first: 5 } });
      expect([all.totalCount, unread.totalCount]).toEqual([3, 2]);
      expect(await store().users.summary('user-2')).toEqual({ balance: 0, notices: 1, unreadNotices: 1 });
    });

    it('a page of notices given its total counts nothing, and reads no notice when the total is 0', async () => {
      await store().notices.record([notice('a', 'user-1', 1000), notice('b', 'user-1', 2000)]);
      const given = await store().notices.list('user-1', { unreadOnly: false, page: { first: 5 }, total: 7 });
      expect([given.totalCount, given.nodes.map((n) => n.key)]).toEqual([7, ['b', 'a']]);
      const none = await store().notices.list('user-1', { unreadOnly: true, page: { first: 5 }, total: 0 });
      expect([none.totalCount, none.nodes, none.hasNextPage]).toEqual([0, [], false]);
    });
  });

  describe('credits never take a balance below zero', () => {
    const store = useStore(factory);

    it('30 payments of ৳100 at once against ৳600: exactly 6 are recorded, the balance ends at 0', async () => {
      await owing600(store(), 'user-1');
      expect(await store().ledger.balance('user-1')).toBe(600);
      const results = await Promise.all(
        Array.from({ length: 30 }, () => store().ledger.credit(payment('user-1', 100))),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(6);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'exceeds-balance')).toBe(true);
      expect(await store().ledger.balance('user-1')).toBe(0);
      const kinds = (await store().ledger.list('user-1')).map((e) => e.kind);
      expect(kinds.filter((k) => k === 'payment')).toHaveLength(6);
    });

    it('a payment of the whole balance sent twice at once is recorded once', async () => {
      await owing600(store(), 'user-1');
      const both = await Promise.all([1, 2].map(() => store().ledger.credit(payment('user-1', 600))));
      expect(both.filter((r) => r.ok)).toHaveLength(1);
      expect(both.find((r) => !r.ok)).toEqual({ ok: false, reason: 'exceeds-balance', balance: 0 });
      expect(await store().ledger.balance('user-1')).toBe(0);
      expect((await store().ledger.list('user-1')).filter((e) => e.kind === 'payment')).toHaveLength(1);
    });

    it('a credit given its id twice is recorded once, and the new charges then count in full', async () => {
      await owing600(store(), 'user-1');
      const id = '0123456789abcdef01234567';
      const first = await store().ledger.credit({ ...payment('user-1', 200), id });
      expect(first).toMatchObject({ ok: true, entry: { id, amount: 200 }, balance: 400 });
      expect(await store().ledger.credit({ ...payment('user-1', 200), id })).toMatchObject({ ok: true, entry: { id } });
      expect(await store().ledger.balance('user-1')).toBe(400);
      await owing600(store(), 'user-1');
      expect(await store().ledger.balance('user-1')).toBe(1000);
    });
  });

  describe('a credit is a record: its balance after and its reference (decision 074)', () => {
    const store = useStore(factory);

    it('writes the balance each credit left and references in sequence, 30 at once included, found by reference', async () => {
      await owing600(store(), 'user-1');
      const first = await store().ledger.credit({
        ...payment('user-1', 100),
        createdAt: new Date('2026-03-01T10:00:00Z'),
      });
      expect(first).toMatchObject({ ok: true, entry: { balanceAfter: 500, reference: 'R-2026-000001' } });
      const results = await Promise.all(
        Array.from({ length: 30 }, () =>
          store().ledger.credit({ ...payment('user-1', 100), createdAt: new Date('2026-03-01T11:00:00Z') }),
        ),
      );
      const recorded = results.flatMap((r) => (r.ok ? [r.entry] : []));
      expect(recorded).toHaveLength(5);
      // Refused credits take no number: the five recorded are 2 to 6, each once, each with the balance it left.
      expect(recorded.map((e) => e.reference).sort()).toEqual([2, 3, 4, 5, 6].map((n) => `R-2026-00000${n}`));
      expect(recorded.map((e) => e.balanceAfter).sort()).toEqual([0, 100, 200, 300, 400]);
      const sixth = recorded.find((e) => e.reference === 'R-2026-000006')!;
      expect(await store().ledger.byReference('R-2026-000006')).toEqual(sixth);
      expect(await store().ledger.byReference('R-2026-000007')).toBeNull();
      // A new year starts its own sequence; a charge has no balance after.
      await owing600(store(), 'user-2');
      const next = await store().ledger.credit({
        ...payment('user-2', 50),
        createdAt: new Date('2027-01-02T10:00:00Z'),
      });
      expect(next).toMatchObject({ ok: true, entry: { balanceAfter: 550, reference: 'R-2027-000001' } });
      // The year is the library's when given: 1 January 02:00 in Dhaka is still 31 December in UTC.
      const dhakaNewYear = await store().ledger.credit({
        ...payment('user-2', 50),
        createdAt: new Date('2027-12-31T20:00:00Z'),
        year: 2028,
      });
      expect(dhakaNewYear).toMatchObject({ ok: true, entry: { balanceAfter: 500, reference: 'R-2028-000001' } });
      const charges = (await store().ledger.list('user-2')).filter((e) => e.kind !== 'payment');
      expect(charges.map((e) => e.balanceAfter)).toEqual([null, null]);
    });

    it('gives every charge a reference of its year too, in the step that records it, found by it', async () => {
      await owing600(store(), 'user-1');
      await owing600(store(), 'user-2');
      const charges = [...(await store().ledger.list('user-1')), ...(await store().ledger.list('user-2'))];
      // Counted in the year the library named (2025), one sequence with the credits, each number once.
      expect(charges.map((e) => e.reference).sort()).toEqual([1, 2, 3, 4].map((n) => `R-2025-00000${n}`));
      for (const charge of charges) expect(await store().ledger.byReference(charge.reference!)).toEqual(charge);
      const paid = await store().ledger.credit({ ...payment('user-1', 100), year: 2025 });
      expect(paid).toMatchObject({ ok: true, entry: { reference: 'R-2025-000005' } });
    });
  });

  describe("a day's credits (the cash-up)", () => {
    const store = useStore(factory);

    it('answers the payments and waivers recorded in the range, oldest first, and no charge', async () => {
      await owing600(store(), 'user-1');
      await owing600(store(), 'user-2');
      const start = new Date('2026-12-01T00:00:00.000Z');
      const at = (ms: number) => new Date(start.getTime() + ms);
      await store().ledger.credit({ ...payment('user-1', 100), createdAt: at(-1) });
      await store().ledger.credit({ ...payment('user-2', 50), createdAt: at(0), recordedBy: 'Clerk B' });
      await store().ledger.credit({ ...payment('user-1', 200), kind: 'waiver', createdAt: at(3_600_000) });
      await store().ledger.credit({ ...payment('user-2', 30), createdAt: at(DAY - 1) });
      await store().ledger.credit({ ...payment('user-2', 20), createdAt: at(DAY) });

      const day = await store().ledger.credits(start, at(DAY));
      expect(day.map((e) => [e.userId, e.kind, e.amount, e.recordedBy])).toEqual([
        ['user-2', 'payment', 50, 'Clerk B'],
        ['user-1', 'waiver', 200, 'Desk'],
        ['user-2', 'payment', 30, 'Desk'],
      ]);
      expect(await store().ledger.credits(at(DAY), at(2 * DAY))).toHaveLength(1);
      expect(await store().ledger.credits(at(2 * DAY), at(3 * DAY))).toEqual([]);
    });
  });

  describe('idempotency keys', () => {
    const store = useStore(factory);
    const at = new Date('2026-03-01T10:00:00.000Z');
    const claim = (overrides: Partial<Parameters<Store['requests']['claim']>[0]> = {}) => ({
      actor: 'staff-1',
      key: 'k-1',
      fingerprint: 'f-1',
      ref: 'r-1',
      at,
      ...overrides,
    });

    it('claims a key once, however many ask at once; answers the first claim after', async () => {
      const all = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store().requests.claim(claim({ ref: `r-${i}` }), DAY)),
      );
      expect(all.filter((c) => c.fresh)).toHaveLength(1);
      const winner = all.findIndex((c) => c.fresh);
      for (const c of all.filter((x) => !x.fresh))
        expect(c).toEqual({ fresh: false, fingerprint: 'f-1', ref: `r-${winner}` });
      // Keys are per caller: another actor's same key is its own.
      expect(await store().requests.claim(claim({ actor: 'staff-2' }), DAY)).toEqual({ fresh: true });
    });

    it('a released key is fresh again; a claim older than the keeping time is replaced', async () => {
      await store().requests.claim(claim(), DAY);
      await store().requests.release('staff-1', 'k-1');
      expect(await store().requests.claim(claim({ fingerprint: 'f-2' }), DAY)).toEqual({ fresh: true });
      const later = new Date(at.getTime() + DAY - 1);
      expect(await store().requests.claim(claim({ at: later }), DAY)).toEqual({
        fresh: false,
        fingerprint: 'f-2',
        ref: 'r-1',
      });
      const dayLater = new Date(at.getTime() + DAY);
      expect(await store().requests.claim(claim({ at: dayLater, fingerprint: 'f-3' }), DAY)).toEqual({ fresh: true });
    });
  });
}
