// Notices end to end on both stores: due soon and overdue found by the schedule (run on demand here, on a test
// clock), hold ready at the return itself, hold expired at the expiry; each once; read and unread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';
import { newLoan } from '../store/contract/harness.ts';

const NOTICES =
  '{ me { unreadNoticeCount notices(first: 20) { totalCount nodes { id kind message day link read bookTitle } } } }';

describeEachStore((kind) => {
  let gw: TestGateway;
  const clock = libraryClock();
  beforeAll(async () => {
    gw = await startTestGateway({ store: kind, libraryNow: clock.now });
  });
  afterAll(() => gw.close());
  const noticesOf = async (m: Member) => (await gw.gql(NOTICES, {}, m.token)).body.data.me;

  it('tells a member once that a loan is due soon, then once that it is overdue', async () => {
    const m = await gw.member();
    const bookId = await gw.addBook({ quantity: 1, title: 'Due Soon Book' });
    const loan = await gqlBorrow(gw, m.token, bookId, libraryDay(2));
    expect(loan.body.errors).toBeUndefined();
    await gw.library.notices.sweep();
    await gw.library.notices.sweep();
    const soon = await noticesOf(m);
    expect(soon.unreadNoticeCount).toBe(1);
    expect(soon.notices.nodes).toEqual([
      expect.objectContaining({
        kind: 'DUE_SOON',
        day: libraryDay(2),
        link: '/borrowed-books',
        read: false,
        message: `“Due Soon Book” is due back on ${libraryDay(2)}.`,
      }),
    ]);
    clock.set(3);
    try {
      await gw.library.notices.sweep();
      await gw.library.notices.sweep();
    } finally {
      clock.set(0);
    }
    const late = await noticesOf(m);
    expect(late.notices.nodes.map((n: { kind: string }) => n.kind)).toEqual(['OVERDUE', 'DUE_SOON']);
    expect(late.notices.nodes[0].message).toMatch(
      /was due back on .*Late fees are ৳50 for each day the library is open: please return it/,
    );
  });

  it('tells the first member waiting the moment a copy is set aside, and when the hold expires', async () => {
    const [a, b, other] = [await gw.member(), await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1, title: 'Awaited Book' });
    const loanId = (await gqlBorrow(gw, a.token, bookId, libraryDay(7))).body.data.borrow.record.id;
    await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId }, b.token);
    await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }, a.token);
    const ready = await noticesOf(b);
    expect(ready.notices.nodes).toEqual([
      expect.objectContaining({
        kind: 'HOLD_READY',
        day: libraryDay(3),
        link: `/book-details/${bookId}`,
        message: `“Awaited Book” is ready for you until ${libraryDay(3)}. Borrow it from the book's page.`,
      }),
    ]);
    await gw.library.notices.sweep();
    expect((await noticesOf(b)).notices.totalCount).toBe(1);
    clock.set(4);
    try {
      await gw.library.holds.expireDue();
    } finally {
      clock.set(0);
    }
    const expired = await noticesOf(b);
    expect(expired.notices.nodes.map((n: { kind: string }) => n.kind)).toEqual(['HOLD_EXPIRED', 'HOLD_READY']);
    expect(expired.unreadNoticeCount).toBe(2);

    // Marking read: one, then all; and no one else's notices.
    const [first] = expired.notices.nodes;
    const marked = await gw.gql(
      'mutation($ids: [ID!]) { markNoticesRead(ids: $ids) }',
      { ids: [first.id] },
      other.token,
    );
    expect(marked.body.data.markNoticesRead).toBe(0);
    expect(
      (await gw.gql('mutation($ids: [ID!]) { markNoticesRead(ids: $ids) }', { ids: [first.id] }, b.token)).body.data,
    ).toEqual({
      markNoticesRead: 1,
    });
    expect((await noticesOf(b)).unreadNoticeCount).toBe(1);
    expect((await gw.gql('mutation { markNoticesRead }', {}, b.token)).body.data).toEqual({ markNoticesRead: 1 });
    const unread = await gw.gql('{ me { notices(unreadOnly: true) { totalCount } } }', {}, b.token);
    expect(unread.body.data.me.notices.totalCount).toBe(0);
    expectError(await gw.gql('{ users { notices { totalCount } } }', {}, other.token), 'FORBIDDEN');
  });

  it('gives waiting requests a turn between pages of a long schedule run', async () => {
    const bookId = await gw.addBook({ quantity: 150, title: 'Much Lent Book' });
    const returnDate = new Date(`${libraryDay(1)}T00:00:00.000Z`);
    for (let i = 0; i < 150; i++)
      expect((await gw.store.loans.checkout(newLoan(bookId, { userId: `sweep-${i}`, returnDate }))).ok).toBe(true);
    // A request arriving meanwhile is a macrotask; with SQLite answering synchronously, a run that never yields
    // finishes its 150 notices (two pages) first.
    const order: string[] = [];
    setImmediate(() => order.push('another request'));
    expect(await gw.library.notices.sweep()).toBeGreaterThanOrEqual(150);
    order.push('sweep done');
    expect(order).toEqual(['another request', 'sweep done']);
    // 150 borrows and 150 notices: on the MongoDB test server beside other work, more than the default 30 s.
  }, 120_000);

  it('tells a member at once when a loan is made or renewed already due soon, without waiting for the schedule', async () => {
    const m = await gw.member();
    const bookId = await gw.addBook({ quantity: 1, title: 'Short Loan Book' });
    expect((await gqlBorrow(gw, m.token, bookId, libraryDay(1))).body.errors).toBeUndefined();
    expect((await noticesOf(m)).notices.nodes).toEqual([
      expect.objectContaining({ kind: 'DUE_SOON', day: libraryDay(1), bookTitle: 'Short Loan Book' }),
    ]);
    // Nothing is left for the schedule, and nothing is told twice.
    expect(await gw.library.notices.sweep()).toBe(0);
    expect((await noticesOf(m)).notices.totalCount).toBe(1);
  });

  it("reads the loans once a library day in the schedule's minute runs, and finds what the day brings", async () => {
    const bookId = await gw.addBook({ quantity: 1, title: 'Turn Of The Day' });
    const returnDate = new Date(`${libraryDay(4)}T00:00:00.000Z`);
    await clock.at(10, async () => {
      // The day's first run reads every loan due soon or late.
      await gw.schedule.tick();
      // A loan written behind the services' back (no forLoan) within the window is not looked for again today:
      // the minute runs of one day read no loans.
      const uid = `day-turn-${kind}`;
      expect((await gw.store.loans.checkout(newLoan(bookId, { userId: uid, returnDate }))).ok).toBe(true);
      await gw.schedule.tick();
      expect(await gw.store.notices.list(uid, { unreadOnly: false, page: { first: 5, after: null } })).toMatchObject({
        totalCount: 0,
      });
    });
    // The next library day's first run finds it (the loan is due in 3 days from there: due soon).
    await clock.at(1, async () => {
      await gw.schedule.tick();
    });
    const found = await gw.store.notices.list(`day-turn-${kind}`, {
      unreadOnly: false,
      page: { first: 5, after: null },
    });
    expect(found.nodes.map((n) => [n.kind, n.day])).toEqual([['due-soon', libraryDay(4)]]);
  });

  describe('with a due-soon window of 6 days (DUE_SOON_DAYS)', () => {
    let wide: TestGateway;
    beforeAll(async () => {
      wide = await startTestGateway({ store: kind, libraryNow: clock.now, env: { DUE_SOON_DAYS: '6' } });
    });
    afterAll(() => wide.close());

    it('tells the member of a loan due in 5 days, and publishes the window in the policy', async () => {
      expect((await wide.gql('{ policy { dueSoonDays } }')).body.data).toEqual({ policy: { dueSoonDays: 6 } });
      const m = await wide.member();
      const bookId = await wide.addBook({ quantity: 1, title: 'Five Days Left' });
      expect((await gqlBorrow(wide, m.token, bookId, libraryDay(5))).body.errors).toBeUndefined();
      // Told at the borrow itself (the loan is due within the window already); the schedule finds nothing more.
      expect(await wide.library.notices.sweep()).toBe(0);
      const nodes = (await wide.gql(NOTICES, {}, m.token)).body.data.me.notices.nodes;
      expect(nodes).toEqual([expect.objectContaining({ kind: 'DUE_SOON', day: libraryDay(5) })]);
    });
  });
});
