// Pausing a hold and how long a member waits (issue 42), over GraphQL on both stores: a paused hold keeps its place
// while copies pass it over, resumes by itself on its day (a test clock), refuses a ready hold and a pause too long,
// and a waiting hold shows the copies owned and the day a copy is expected.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const HOLD = 'id status position pausedUntil copies expectedBy';

describeEachStore((kind) => {
  let gw: TestGateway;
  const clock = libraryClock();
  const staffEmail = `pauses-${randomUUID().slice(0, 8)}@example.com`;
  let staff: Member;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
      libraryNow: clock.now,
    });
    staff = await gw.member({ name: 'Pause Desk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const place = async (m: Member, bookId: string) => {
    const placed = await gw.gql(`mutation($id: ID!) { placeHold(bookId: $id) { ${HOLD} } }`, { id: bookId }, m.token);
    expect(placed.body.errors).toBeUndefined();
    return placed.body.data.placeHold;
  };
  const pause = (m: Member, holdId: string, until: string, language?: string) =>
    gw.request('POST', '/graphql', {
      body: {
        query: `mutation($id: ID!, $until: String!) { pauseHold(holdId: $id, until: $until) { ${HOLD} } }`,
        variables: { id: holdId, until },
      },
      token: m.token,
      headers: language ? { 'accept-language': language } : {},
    });
  const resume = (m: Member, holdId: string) =>
    gw.gql(`mutation($id: ID!) { resumeHold(holdId: $id) { ${HOLD} } }`, { id: holdId }, m.token);
  const myHold = async (m: Member, bookId: string) =>
    (await gw.gql(`query($id: ID!) { book(id: $id) { quantity myHold { ${HOLD} } } }`, { id: bookId }, m.token)).body
      .data.book;
  const lend = async (m: Member, bookId: string) => {
    const lent = await gw.gql(
      `mutation($input: BorrowInput!) { borrow(input: $input) { record { id dueDate } } }`,
      { input: { bookId, returnDate: libraryDay(7) } },
      m.token,
    );
    expect(lent.body.errors).toBeUndefined();
    return lent.body.data.borrow.record as { id: string; dueDate: string };
  };
  const giveBack = (m: Member, loanId: string) =>
    gw.gql(`mutation($id: ID!) { returnBook(borrowId: $id) { id } }`, { id: loanId }, m.token);

  it('serves the longest pause in the policy', async () => {
    expect((await gw.gql('{ policy { holdPauseMaxDays } }', {})).body.data.policy).toEqual({ holdPauseMaxDays: 90 });
  });

  it('passes a paused hold over: the returned copy goes to the next member, and the paused one keeps its place', async () => {
    const [a, b, c] = [await gw.member(), await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1 });
    const loan = await lend(a, bookId);
    const bHold = await place(b, bookId);
    await place(c, bookId);
    const paused = await pause(b, bHold.id, libraryDay(10));
    expect(paused.body.errors).toBeUndefined();
    expect(paused.body.data.pauseHold).toMatchObject({ status: 'WAITING', position: 1, pausedUntil: libraryDay(10) });
    await giveBack(a, loan.id);
    expect((await myHold(c, bookId)).myHold).toMatchObject({ status: 'READY', position: 1 });
    expect((await myHold(b, bookId)).myHold).toMatchObject({ status: 'WAITING', pausedUntil: libraryDay(10) });
    // Resumed by the member: first of those waiting again, with no pause.
    const resumed = await resume(b, bHold.id);
    expect(resumed.body.data.resumeHold).toMatchObject({ status: 'WAITING', position: 2, pausedUntil: null });
  });

  it('resumes on its day by the clock: the copy on the shelf is then set aside for the member', async () => {
    const [a, b] = [await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1 });
    const loan = await lend(a, bookId);
    const bHold = await place(b, bookId);
    expect((await pause(b, bHold.id, libraryDay(5))).body.errors).toBeUndefined();
    await giveBack(a, loan.id);
    // Nobody else waits: the copy stays on the shelf while B's hold is paused.
    expect(await myHold(b, bookId)).toMatchObject({ quantity: 1, myHold: { status: 'WAITING' } });
    await clock.at(4, async () => {
      expect(await myHold(b, bookId)).toMatchObject({ quantity: 1, myHold: { status: 'WAITING' } });
    });
    await clock.at(5, async () => {
      // The first read of holds on the day resumes it (the book's count is read before, so it is asked again).
      expect((await myHold(b, bookId)).myHold).toMatchObject({ status: 'READY' });
      expect(await myHold(b, bookId)).toMatchObject({
        quantity: 0,
        myHold: { status: 'READY', pausedUntil: null, expectedBy: null },
      });
      const notices = (await gw.gql('{ me { notices(first: 10) { nodes { kind } } } }', {}, b.token)).body.data;
      expect(notices.me.notices.nodes.map((n: { kind: string }) => n.kind)).toContain('HOLD_READY');
    });
  });

  it('refuses a pause past the policy’s days, a day not after today, a ready hold, and another member’s hold', async () => {
    const [a, b, c] = [await gw.member(), await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1 });
    const loan = await lend(a, bookId);
    const bHold = await place(b, bookId);
    const tooLong = await pause(b, bHold.id, libraryDay(91));
    expectError(tooLong, 'BAD_USER_INPUT', 'until');
    expect(tooLong.body.errors?.[0]?.message).toMatch(/at most 90 days/);
    const inBangla = await pause(b, bHold.id, libraryDay(91), 'bn');
    expect(inBangla.body.errors?.[0]?.message).toMatch(/সর্বোচ্চ ৯০ দিন/);
    expectError(await pause(b, bHold.id, libraryDay(0)), 'BAD_USER_INPUT', 'until');
    expectError(await pause(c, bHold.id, libraryDay(10)), 'FORBIDDEN');
    expect((await pause(b, bHold.id, libraryDay(90))).body.data.pauseHold).toMatchObject({
      pausedUntil: libraryDay(90),
    });
    // Staff may pause (and resume) any member's hold.
    expect((await pause(staff, bHold.id, libraryDay(3))).body.data.pauseHold).toMatchObject({
      pausedUntil: libraryDay(3),
    });
    expect((await resume(staff, bHold.id)).body.data.resumeHold).toMatchObject({ pausedUntil: null });
    // Staff's changes are in the audit trail (the member's own are not).
    const trail = await gw.gql(
      `query($uid: String) { auditLog(uid: $uid) { nodes { action field oldValue newValue actor { uid } } } }`,
      { uid: b.uid },
      staff.token,
    );
    expect(trail.body.data.auditLog.nodes).toEqual([
      {
        action: 'hold-resumed',
        field: 'pausedUntil',
        oldValue: libraryDay(3),
        newValue: null,
        actor: { uid: staff.uid },
      },
      {
        action: 'hold-paused',
        field: 'pausedUntil',
        oldValue: libraryDay(90),
        newValue: libraryDay(3),
        actor: { uid: staff.uid },
      },
    ]);
    await giveBack(a, loan.id);
    const ready = await pause(b, bHold.id, libraryDay(10));
    expectError(ready, 'HOLD_READY');
    expect(ready.body.errors?.[0]?.message).toMatch(/cannot be paused/);
    expect((await pause(b, bHold.id, libraryDay(10), 'bn')).body.errors?.[0]?.message).toMatch(/স্থগিত করা যায় না/);
  });

  it('shows a waiting hold the copies owned and the day a copy is expected, later for each member ahead', async () => {
    const [a, b, c] = [await gw.member(), await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1 });
    const loan = await lend(a, bookId);
    const bHold = await place(b, bookId);
    const cHold = await place(c, bookId);
    // Nothing returned yet: the loan is expected back on its due day.
    expect(bHold).toMatchObject({ copies: 1, expectedBy: loan.dueDate });
    expect(cHold.copies).toBe(1);
    expect(cHold.expectedBy > loan.dueDate).toBe(true);
    // B's pause past the due day moves B's estimate to the day it resumes.
    const paused = (await pause(b, bHold.id, libraryDay(20))).body.data.pauseHold;
    expect(paused.expectedBy >= libraryDay(20)).toBe(true);
  });
});
