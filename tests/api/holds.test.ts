// Holds end to end over GraphQL (and what REST shows), on both stores: the journey of the issue, expiry on a
// test clock, and every refusal with its code.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const HOLD = 'id status position readyUntil bookTitle userName';

describeEachStore((kind) => {
  let gw: TestGateway;
  const clock = libraryClock();
  const staffEmail = `holds-${randomUUID().slice(0, 8)}@example.com`;
  let staff: Member;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
      libraryNow: clock.now,
    });
    staff = await gw.member({ name: 'Hold Desk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const place = (m: Member, bookId: string) =>
    gw.gql(`mutation($id: ID!) { placeHold(bookId: $id) { ${HOLD} } }`, { id: bookId }, m.token);
  const bookView = async (m: Member | null, bookId: string) =>
    (
      await gw.gql(
        `query($id: ID!) { book(id: $id) { quantity holdQueueLength myHold { ${HOLD} } } }`,
        { id: bookId },
        m?.token,
      )
    ).body.data.book;
  const borrow = async (m: Member, bookId: string) => gqlBorrow(gw, m.token, bookId, libraryDay(7));

  it('queues B behind A, refuses A renewal, sets the returned copy aside for B only, and B borrows it', async () => {
    const [a, b, c] = [await gw.member({ name: 'Ann' }), await gw.member({ name: 'Ben' }), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1, title: 'Queued Book' });
    const lent = await borrow(a, bookId);
    const loanId = lent.body.data.borrow.record.id;
    const placed = await place(b, bookId);
    expect(placed.body.data.placeHold).toMatchObject({
      status: 'WAITING',
      position: 1,
      readyUntil: null,
      userName: 'Ben',
    });
    expect(await bookView(b, bookId)).toMatchObject({ quantity: 0, holdQueueLength: 1, myHold: { position: 1 } });
    expect(await bookView(null, bookId)).toMatchObject({ holdQueueLength: 1, myHold: null });
    const renew = await gw.gql(`mutation($id: ID!) { renewLoan(loanId: $id) { id } }`, { id: loanId }, a.token);
    expectError(renew, 'BOOK_REQUESTED');
    const loans = (await gw.gql('{ me { loans { canRenew renewBlockedReason } } }', {}, a.token)).body.data.me.loans;
    expect(loans[0]).toMatchObject({
      canRenew: false,
      renewBlockedReason: expect.stringMatching(/requested this book/),
    });

    await gw.gql(`mutation($id: ID!) { returnBook(borrowId: $id) { id } }`, { id: loanId }, a.token);
    const ready = await bookView(b, bookId);
    expect(ready).toMatchObject({
      quantity: 0,
      holdQueueLength: 1,
      myHold: { status: 'READY', readyUntil: libraryDay(3) },
    });
    expect((await gw.request('GET', `/api/books/${bookId}`)).body.quantity).toBe(0);
    expectError(await borrow(c, bookId), 'OUT_OF_STOCK');
    const got = await borrow(b, bookId);
    expect(got.body.errors).toBeUndefined();
    const holds = (await gw.gql(`{ me { holds { ${HOLD} } } }`, {}, b.token)).body.data.me.holds;
    expect(holds).toEqual([expect.objectContaining({ status: 'FULFILLED', position: null })]);
    expect(await bookView(b, bookId)).toMatchObject({ quantity: 0, holdQueueLength: 0, myHold: null });
  });

  it('expires a ready hold after its pickup days (test clock) and passes the copy to the next member', async () => {
    const [a, b, c] = [await gw.member(), await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1 });
    const loanId = (await borrow(a, bookId)).body.data.borrow.record.id;
    await place(b, bookId);
    const cHold = (await place(c, bookId)).body.data.placeHold;
    expect(cHold.position).toBe(2);
    await gw.gql(`mutation($id: ID!) { returnBook(borrowId: $id) { id } }`, { id: loanId }, a.token);
    clock.set(3);
    try {
      // The last pickup day: still B's.
      expect((await bookView(b, bookId)).myHold).toMatchObject({ status: 'READY' });
      clock.set(4);
      expect((await bookView(b, bookId)).myHold).toBeNull();
      expect((await bookView(c, bookId)).myHold).toMatchObject({ status: 'READY', position: 1 });
      const bHolds = (await gw.gql(`{ me { holds { status } } }`, {}, b.token)).body.data.me.holds;
      expect(bHolds).toEqual([{ status: 'EXPIRED' }]);
      const shelf = await gw.gql(`{ holdsReady(first: 50) { nodes { id userName readyUntil } } }`, {}, staff.token);
      expect(shelf.body.data.holdsReady.nodes.map((h: { id: string }) => h.id)).toContain(cHold.id);
      // C cancels: no one else waits, so the copy goes back on the shelf.
      const cancelled = await gw.gql(
        `mutation($id: ID!) { cancelHold(holdId: $id) { status } }`,
        { id: cHold.id },
        c.token,
      );
      expect(cancelled.body.data.cancelHold).toEqual({ status: 'CANCELLED' });
      expect(await bookView(c, bookId)).toMatchObject({ quantity: 1, holdQueueLength: 0 });
    } finally {
      clock.set(0);
    }
  });

  it('refuses with a code and a sentence: copies available, already borrowed, already queued, the limit, others', async () => {
    const [a, b] = [await gw.member(), await gw.member()];
    const free = await gw.addBook({ quantity: 2 });
    const refused = await place(a, free);
    expectError(refused, 'COPIES_AVAILABLE');
    expect(refused.body.errors?.[0]?.message).toBe('Copies are available: borrow it now.');
    const single = await gw.addBook({ quantity: 1 });
    await borrow(a, single);
    expectError(await place(a, single), 'ALREADY_BORROWED');
    const hold = (await place(b, single)).body.data.placeHold;
    expectError(await place(b, single), 'ALREADY_ON_HOLD');
    expectError(
      await gw.gql(`mutation($id: ID!) { cancelHold(holdId: $id) { id } }`, { id: hold.id }, a.token),
      'FORBIDDEN',
    );
    expectError(await place(b, '0123456789abcdef01234567'), 'NOT_FOUND');
    // Staff may cancel anyone's hold; an ended hold cannot be cancelled again.
    const byStaff = await gw.gql(
      `mutation($id: ID!) { cancelHold(holdId: $id) { status } }`,
      { id: hold.id },
      staff.token,
    );
    expect(byStaff.body.data.cancelHold).toEqual({ status: 'CANCELLED' });
    expectError(
      await gw.gql(`mutation($id: ID!) { cancelHold(holdId: $id) { id } }`, { id: hold.id }, b.token),
      'BAD_USER_INPUT',
      'holdId',
    );
    expectError(await gw.gql('{ holdsReady { totalCount } }', {}, b.token), 'FORBIDDEN');
  });

  it('refuses a hold on a title the library owns no copy of with NO_COPIES, for members and at the desk, in both languages', async () => {
    const a = await gw.member();
    const none = await gw.addBook({ quantity: 0, title: 'Never Bought' });
    const refused = await place(a, none);
    expectError(refused, 'NO_COPIES');
    expect(refused.body.errors?.[0]?.message).toBe(
      'The library has no copy of this book, so it cannot be put on hold.',
    );
    const inBangla = await gw.request('POST', '/graphql', {
      body: { query: `mutation($id: ID!) { placeHold(bookId: $id) { id } }`, variables: { id: none } },
      token: a.token,
      headers: { 'accept-language': 'bn' },
    });
    expectError(inBangla, 'NO_COPIES');
    expect(inBangla.body.errors?.[0]?.message).toBe('লাইব্রেরিতে এই বইয়ের কোনো কপি নেই, তাই এটি রিজার্ভ করা যাবে না।');
    expectError(
      await gw.gql(
        `mutation($uid: ID!, $id: ID!) { placeHoldFor(uid: $uid, bookId: $id) { id } }`,
        { uid: a.uid, id: none },
        staff.token,
      ),
      'NO_COPIES',
    );
    // Nothing was queued.
    expect(await bookView(a, none)).toMatchObject({ quantity: 0, holdQueueLength: 0, myHold: null });
  });
});

// A self-service library (no ADMIN_EMAILS): the same refusal, the spec's other behaviour unchanged.
describeEachStore((kind) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ store: kind });
  });
  afterAll(() => gw.close());

  it('refuses a hold on a title with no copies with NO_COPIES in a library without staff', async () => {
    const [a, b] = [await gw.member(), await gw.member()];
    const none = await gw.addBook({ quantity: 0 });
    expectError(
      await gw.gql(`mutation($id: ID!) { placeHold(bookId: $id) { id } }`, { id: none }, a.token),
      'NO_COPIES',
    );
    const single = await gw.addBook({ quantity: 1 });
    await gqlBorrow(gw, a.token, single, libraryDay(7));
    const queued = await gw.gql(`mutation($id: ID!) { placeHold(bookId: $id) { status } }`, { id: single }, b.token);
    expect(queued.body.data.placeHold).toEqual({ status: 'WAITING' });
  });
});

describe('the hold limit', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ env: { HOLD_LIMIT: '1' } });
  });
  afterAll(() => gw.close());

  it('keeps a member to HOLD_LIMIT open holds', async () => {
    const [a, b] = [await gw.member(), await gw.member()];
    const [one, two] = [await gw.addBook({ quantity: 1 }), await gw.addBook({ quantity: 1 })];
    for (const id of [one, two]) await gqlBorrow(gw, a.token, id, libraryDay(7));
    const place = (id: string) => gw.gql(`mutation($id: ID!) { placeHold(bookId: $id) { id } }`, { id }, b.token);
    expect((await place(one)).body.errors).toBeUndefined();
    const refused = await place(two);
    expectError(refused, 'HOLD_LIMIT');
    expect(refused.body.errors?.[0]?.message).toBe(
      'You already have 1 hold, the most the library keeps at once. Cancel one to place another.',
    );
  });
});
