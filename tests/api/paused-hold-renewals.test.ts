// A paused hold does not hold up a renewal (issue 42; Koha's CanBookBeRenewed passes over suspended reserves): over
// GraphQL on both stores with a clock the test sets, a loan whose only reader waiting has paused their hold is
// renewed by hand and by AUTO_RENEW's daily run; once the pause ends (by the member or by its day) the renewal is
// refused as for any hold, and the loan says it will not renew by itself.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '../../server/library/calendar.ts';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryDay } from './factory.ts';

/** An instant at `time` (HH:MM) of `day` in the library's zone (Asia/Dhaka, UTC+6 all year). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+06:00`);
const REQUESTED = 'Another member has requested this book, so it cannot be renewed. Please return it by its due date.';

describeEachStore((kind) => {
  let gw: TestGateway;
  let fixed: Date | null = null;
  const base = libraryDay(30);
  beforeAll(async () => {
    const env = { AUTO_RENEW: 'true', BORROWING: 'instant', RETURNS: 'self' };
    gw = await startTestGateway({ store: kind, env, libraryNow: () => fixed ?? new Date(), schedule: false });
  });
  afterAll(() => gw.close());
  const setDay = (offset: number, time = '12:00') => void (fixed = at(addDays(base, offset), time));

  /** A loan of a new book by a new member, due base+10, and a hold of the book by another paused until `until`. */
  const lentAndPaused = async (until: number) => {
    const [reader, waiter] = [await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1, title: `Paused ${until}` });
    const lent = await gw.gql(
      'mutation($input: BorrowInput!) { borrow(input: $input) { record { id } } }',
      { input: { bookId, returnDate: addDays(base, 10) } },
      reader.token,
    );
    expect(lent.body.errors).toBeUndefined();
    const held = await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId }, waiter.token);
    const holdId = held.body.data.placeHold.id as string;
    const paused = await gw.gql(
      'mutation($id: ID!, $until: String!) { pauseHold(holdId: $id, until: $until) { pausedUntil } }',
      { id: holdId, until: addDays(base, until) },
      waiter.token,
    );
    expect(paused.body.errors).toBeUndefined();
    return { reader, waiter, holdId, loanId: lent.body.data.borrow.record.id as string };
  };
  const loanOf = async (m: Member, loanId: string) => {
    const loans = await gw.gql(
      '{ borrowedBooks { id dueDate renewals canRenew renewBlockedReason autoRenewsOn } }',
      {},
      m.token,
    );
    return (loans.body.data.borrowedBooks as { id: string }[]).find((loan) => loan.id === loanId);
  };
  const renew = (m: Member, loanId: string, language = 'en') =>
    gw.request('POST', '/graphql', {
      body: { query: 'mutation($id: ID!) { renewLoan(loanId: $id) { dueDate } }', variables: { id: loanId } },
      token: m.token,
      headers: { 'accept-language': language },
    });

  it('renews by hand past a paused hold; once it is resumed, refuses as for any hold, in both languages', async () => {
    setDay(0);
    const paused = await lentAndPaused(20);
    expect(await loanOf(paused.reader, paused.loanId)).toMatchObject({ canRenew: true, renewBlockedReason: null });
    const renewed = await renew(paused.reader, paused.loanId);
    expect(renewed.body.errors).toBeUndefined();
    expect(renewed.body.data.renewLoan.dueDate).toBe(addDays(base, 17));

    const resumed = await lentAndPaused(20);
    const back = await gw.gql(
      'mutation($id: ID!) { resumeHold(holdId: $id) { pausedUntil } }',
      { id: resumed.holdId },
      resumed.waiter.token,
    );
    expect(back.body.errors).toBeUndefined();
    expect(await loanOf(resumed.reader, resumed.loanId)).toMatchObject({
      canRenew: false,
      renewBlockedReason: REQUESTED,
    });
    const refused = await renew(resumed.reader, resumed.loanId);
    expect(refused.body.errors?.[0]).toMatchObject({ message: REQUESTED, extensions: { code: 'BOOK_REQUESTED' } });
    const inBangla = await renew(resumed.reader, resumed.loanId, 'bn');
    expect(inBangla.body.errors?.[0]?.message).toMatch(/আরেকজন সদস্য বইটি চেয়েছেন/);
  });

  it('counts a pause again from the day it ends by the clock', async () => {
    setDay(0);
    const { reader, loanId } = await lentAndPaused(5);
    setDay(4);
    expect(await loanOf(reader, loanId)).toMatchObject({ canRenew: true });
    setDay(5, '00:00');
    expect(await loanOf(reader, loanId)).toMatchObject({ canRenew: false, renewBlockedReason: REQUESTED });
    expect((await renew(reader, loanId)).body.errors?.[0]?.extensions?.code).toBe('BOOK_REQUESTED');
  });

  it('auto-renews past a paused hold, and not past one whose pause has ended by the run', async () => {
    setDay(0);
    const paused = await lentAndPaused(20);
    const ending = await lentAndPaused(5);
    // Both said to renew on the day before they are due while the holds are paused; one pause ends before that day.
    expect(await loanOf(paused.reader, paused.loanId)).toMatchObject({ autoRenewsOn: addDays(base, 9) });
    expect(await loanOf(ending.reader, ending.loanId)).toMatchObject({ autoRenewsOn: addDays(base, 9) });
    setDay(6);
    expect(await loanOf(ending.reader, ending.loanId)).toMatchObject({ autoRenewsOn: null, canRenew: false });

    setDay(9, '06:00');
    expect(await gw.schedule.tick()).toBe('ran');
    expect(await loanOf(paused.reader, paused.loanId)).toMatchObject({
      dueDate: addDays(base, 17),
      renewals: 1,
      autoRenewsOn: null,
    });
    expect(await loanOf(ending.reader, ending.loanId)).toMatchObject({ dueDate: addDays(base, 10), renewals: 0 });
    const told = await gw.store.notices.list(ending.reader.uid, { unreadOnly: false, page: { first: 5 } });
    const said = await Promise.all(told.nodes.map((n) => gw.library.notices.message(n, 'en')));
    expect(said).toEqual([expect.stringContaining(REQUESTED.split('.')[0] ?? '')]);
  });
});
