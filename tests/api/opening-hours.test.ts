// Opening hours staff change (issue 40, docs/decisions/073) end to end on both stores: weekly and for a period,
// in force at once for due dates and ready holds' last pickup days, the calendar answering the hours in force
// each day, past days keeping the hours they had, and bad input refused in either language, changing nothing.
// Each test has a gateway of its own: changes of hours are never removed.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const SET = `mutation($from: String!, $to: String, $hours: [OpeningHoursInput!]!) {
  setOpeningHours(from: $from, to: $to, hours: $hours) { from to hours { weekday opens closes } }
}`;
const DAYS = `query($from: String!, $to: String!) {
  calendar(from: $from, to: $to) { openingHours { weekday opens closes } days { date open opens closes } }
}`;
const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00.000Z`).getUTCDay()] ?? 'SUNDAY';

/** Every weekday open `opens` to `closes`, but those named. */
const weekBut = (closed: string[], opens = '09:00', closes = '15:00') =>
  WEEKDAYS.filter((d) => !closed.includes(d)).map((weekday) => ({ weekday, opens, closes }));

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  const clock = libraryClock();
  beforeEach(async () => {
    const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
      libraryNow: clock.now,
    });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterEach(async () => {
    clock.set(0);
    await gw.close();
  });

  const setHours = (from: string, to: string | null, hours: unknown, token: string | null = staff.token) =>
    gw.gql(SET, { from, to, hours }, token);
  const days = async (from: number, to: number) =>
    (await gw.gql(DAYS, { from: libraryDay(from), to: libraryDay(to) })).body.data.calendar as {
      openingHours: { weekday: string; opens: string; closes: string }[];
      days: { date: string; open: boolean; opens: string | null; closes: string | null }[];
    };
  const dayOf = async (offset: number) => (await days(offset, offset)).days[0];
  const dueDateOf = async (m: Member, returnDay: string) => {
    const answer = await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1 }), returnDay);
    expect(answer.body.errors).toBeUndefined();
    const loans = (await gw.gql('{ me { loans { id dueDate } } }', {}, m.token)).body.data.me.loans as {
      id: string;
      dueDate: string;
    }[];
    return loans.find((l) => l.id === answer.body.data.borrow.record.id)?.dueDate;
  };

  it('closes a weekday left out from the first day at once: a due date on it moves to the next open day', async () => {
    const closedDay = weekdayOf(libraryDay(5));
    const answer = await setHours(libraryDay(0), null, weekBut([closedDay]));
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.setOpeningHours.to).toBeNull();
    expect(answer.body.data.setOpeningHours.hours).toHaveLength(6);
    expect(await dayOf(5)).toEqual({ date: libraryDay(5), open: false, opens: null, closes: null });
    expect(await dayOf(6)).toEqual({ date: libraryDay(6), open: true, opens: '09:00', closes: '15:00' });
    // The week in force today, Saturday first, without the day left out.
    const week = (await days(0, 0)).openingHours;
    expect(week.map((h) => h.weekday)).toEqual(
      ['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].filter((d) => d !== closedDay),
    );
    expect(await dueDateOf(await gw.member(), libraryDay(5))).toBe(libraryDay(6));
    // A week on, still closed that weekday: until changed.
    expect(await dueDateOf(await gw.member(), libraryDay(12))).toBe(libraryDay(13));
  });

  it('moves a loan already due on a weekday the new hours close to the next open day, and tells its member', async () => {
    const m = await gw.member();
    const title = `Sonar Tori ${randomUUID().slice(0, 4)}`;
    const lent = await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1, title }), libraryDay(5));
    expect(lent.body.errors).toBeUndefined();
    const kept = await dueDateOf(m, libraryDay(4));
    expect(kept).toBe(libraryDay(4));
    expect((await setHours(libraryDay(1), null, weekBut([weekdayOf(libraryDay(5))]))).body.errors).toBeUndefined();
    const loans = (await gw.gql('{ me { loans { id dueDate } } }', {}, m.token)).body.data.me.loans as {
      id: string;
      dueDate: string;
    }[];
    expect(loans.find((l) => l.id === lent.body.data.borrow.record.id)?.dueDate).toBe(libraryDay(6));
    expect(loans.filter((l) => l.dueDate === libraryDay(4))).toHaveLength(1);
    const notices = (await gw.gql('{ me { notices { nodes { kind day message } } } }', {}, m.token)).body.data.me
      .notices.nodes as { kind: string; day: string; message: string }[];
    expect(notices.filter((n) => n.kind === 'DUE_DATE_MOVED')).toEqual([
      expect.objectContaining({ day: libraryDay(6), message: expect.stringContaining(`“${title}” is now due on`) }),
    ]);
  });

  it('keeps a period’s hours to its days: its closed weekday moves dates and pickup days, then the weekly hours resume', async () => {
    const closedDay = weekdayOf(libraryDay(3));
    const period = await setHours(libraryDay(1), libraryDay(7), weekBut([closedDay], '09:00', '14:00'));
    expect(period.body.data.setOpeningHours.to).toBe(libraryDay(7));
    const calendar = await days(0, 10);
    expect(calendar.days[0]?.opens).not.toBe('09:00');
    expect(calendar.days[3]).toEqual({ date: libraryDay(3), open: false, opens: null, closes: null });
    expect(calendar.days[4]).toMatchObject({ open: true, opens: '09:00', closes: '14:00' });
    // After the period, the hours the library had before it: the same weekday opens again.
    expect(calendar.days[10]).toMatchObject({ date: libraryDay(10), open: true });
    expect(calendar.days[10]?.opens).not.toBe('09:00');
    const m = await gw.member();
    expect(await dueDateOf(m, libraryDay(3))).toBe(libraryDay(4));
    expect(await dueDateOf(m, libraryDay(10))).toBe(libraryDay(10));
    // A ready hold's last pickup day (three days on) falls on the closed weekday: it waits until the next.
    const [lender, waiter] = [await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1 });
    const lent = await gqlBorrow(gw, lender.token, bookId, libraryDay(2));
    await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId }, waiter.token);
    const loanId = lent.body.data.borrow.record.id as string;
    await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }, lender.token);
    const holds = (await gw.gql('{ me { holds { status readyUntil } } }', {}, waiter.token)).body.data.me.holds;
    expect(holds).toEqual([{ status: 'READY', readyUntil: libraryDay(4) }]);
  });

  it('leaves a past day the hours it had when the hours change again later', async () => {
    expect((await setHours(libraryDay(1), null, weekBut([]))).body.errors).toBeUndefined();
    const before = await dayOf(0);
    await clock.at(10, async () => {
      expectError(await setHours(libraryDay(9), null, weekBut([], '08:00', '12:00')), 'BAD_USER_INPUT', 'from');
      expect((await setHours(libraryDay(10), null, weekBut([], '08:00', '12:00'))).body.errors).toBeUndefined();
      const calendar = await days(0, 11);
      expect(calendar.days[0]).toEqual(before);
      expect(calendar.days.slice(1, 10).map((d) => d.opens)).toEqual(Array(9).fill('09:00'));
      expect(calendar.days.slice(10).map((d) => [d.opens, d.closes])).toEqual([
        ['08:00', '12:00'],
        ['08:00', '12:00'],
      ]);
      expect(calendar.openingHours[0]).toEqual({ weekday: 'SATURDAY', opens: '08:00', closes: '12:00' });
    });
    const changes = await gw.store.calendar.hoursChanges(libraryDay(-1), libraryDay(30));
    expect(changes.map((c) => [c.from, c.to])).toEqual([
      [libraryDay(1), null],
      [libraryDay(10), null],
    ]);
  });

  it('refuses bad hours with a sentence in either language, and only staff may set them, changing nothing', async () => {
    const member = await gw.member();
    const week = weekBut([]);
    expectError(await setHours(libraryDay(1), null, week, member.token), 'FORBIDDEN');
    expectError(await setHours(libraryDay(1), null, week, null), 'UNAUTHENTICATED');
    const late = [{ weekday: 'MONDAY', opens: '18:00', closes: '10:00' }];
    const refused = expectError(await setHours(libraryDay(1), null, late), 'BAD_USER_INPUT', 'hours');
    expect(refused.message).toBe('The library must open before it closes: 18:00 is not before 10:00.');
    const inBangla = await gw.request('POST', '/graphql', {
      body: { query: SET, variables: { from: libraryDay(1), to: null, hours: late } },
      token: staff.token,
      headers: { 'accept-language': 'bn' },
    });
    expect(inBangla.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(inBangla.body.errors[0].message).toMatch(/^লাইব্রেরি বন্ধ হওয়ার আগে খুলতে হবে/);
    const twice = [...week, { weekday: 'MONDAY', opens: '08:00', closes: '09:00' }];
    expect(expectError(await setHours(libraryDay(1), null, twice), 'BAD_USER_INPUT', 'hours').message).toBe(
      'A day of the week is given twice: give each day one opening time.',
    );
    expectError(
      await setHours(libraryDay(1), null, [{ weekday: 'FUNDAY', opens: '09:00', closes: '17:00' }]),
      'BAD_USER_INPUT',
    );
    expectError(
      await setHours(libraryDay(1), null, [{ weekday: 'MONDAY', opens: '9am', closes: '17:00' }]),
      'BAD_USER_INPUT',
      'hours',
    );
    expectError(await setHours(libraryDay(1), null, []), 'BAD_USER_INPUT', 'hours');
    expectError(await setHours(libraryDay(-1), null, week), 'BAD_USER_INPUT', 'from');
    expectError(await setHours(libraryDay(5), libraryDay(4), week), 'BAD_USER_INPUT', 'to');
    // A period of more than three years is refused: hours until changed leave the last day empty.
    expectError(await setHours(libraryDay(5), '9999-12-31', week), 'BAD_USER_INPUT', 'to');
    expectError(await setHours('next week', null, week), 'BAD_USER_INPUT', 'from');
    expect(await gw.store.calendar.hoursChanges(libraryDay(-400), libraryDay(400))).toEqual([]);
    expect((await dayOf(1))?.opens).not.toBe('09:00');
  });
});
