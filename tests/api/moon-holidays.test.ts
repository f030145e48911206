// Moon-dated holidays end to end on both stores (decision 078): the calendar proposes them, provisional, as
// expected closed; they move no due date until staff confirm one (or PROVISIONAL_CLOSURES_COUNT=true); confirming
// moves what falls due on its days, and moving or dropping it puts those dates back. The library's clock is set
// to a day in 2027 (never by sleeping), so the proposals' days are known: Eid ul-Fitr 1448 is 9 March 2027
// (Umm al-Qura), proposed as 8 to 10 March; Eid ul-Adha 16 May, proposed as 15 to 17 May.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';
import { daysBetween } from '../../server/library/calendar.ts';

const CALENDAR = `query($from: String!, $to: String!) { calendar(from: $from, to: $to) {
  holidays { key from to name state } closures { date reason } days { date open expected { key } } } }`;
const CONFIRM = 'mutation($key: ID!) { confirmHoliday(key: $key) { key from to state } }';
const MOVE =
  'mutation($key: ID!, $from: String!, $to: String) { moveHoliday(key: $key, from: $from, to: $to) { key from to state } }';
const DROP = 'mutation($key: ID!) { dropHoliday(key: $key) { key from to state } }';

/** The clock's offset in days that makes the library's today `day`. */
const until = (day: string) => daysBetween(libraryDay(0), day);

describeEachStore((kind) => {
  let gw: TestGateway;
  const clock = libraryClock();
  const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
  let staff: Member;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
      libraryNow: clock.now,
    });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(() => gw.close());
  afterEach(async () => {
    clock.set(0);
    for (const c of await gw.store.calendar.closures('2027-01-01', '2027-12-31'))
      await gw.store.calendar.removeClosure(c.day);
  });

  const borrow = async (m: Member, returnDate: string) => {
    const answer = await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1 }), returnDate);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.record.id as string;
  };
  const dueOf = async (m: Member, loanId: string) => {
    const loans = (await gw.gql('{ me { loans { id dueDate } } }', {}, m.token)).body.data.me.loans as {
      id: string;
      dueDate: string;
    }[];
    return loans.find((l) => l.id === loanId)?.dueDate;
  };
  const calendar = async (from: string, to: string, token: string | null = null) => {
    const answer = await gw.gql(CALENDAR, { from, to }, token);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.calendar as {
      holidays: { key: string; from: string; to: string; name: string; state: string }[];
      closures: { date: string; reason: string }[];
      days: { date: string; open: boolean; expected: { key: string } | null }[];
    };
  };

  describe('proposals', () => {
    it('proposes the year’s moon-dated holidays as provisional, expected closed, moving no due date', async () => {
      clock.set(until('2027-03-01'));
      const m = await gw.member();
      const loanId = await borrow(m, '2027-03-09');
      expect(await dueOf(m, loanId)).toBe('2027-03-09');
      const march = await calendar('2027-03-01', '2027-03-31');
      expect(march.holidays).toContainEqual({
        key: 'eid-ul-fitr-2027',
        from: '2027-03-08',
        to: '2027-03-10',
        name: 'Eid ul-Fitr',
        state: 'PROVISIONAL',
      });
      expect(march.closures).toEqual([]);
      expect(march.days.find((d) => d.date === '2027-03-09')).toEqual({
        date: '2027-03-09',
        open: true,
        expected: { key: 'eid-ul-fitr-2027' },
      });
      expect(march.days.find((d) => d.date === '2027-03-11')?.expected).toBeNull();
      // Next year's too, and in Bangla for a member who reads Bangla.
      await gw.gql('mutation { setLocale(locale: bn) { uid } }', {}, m.token);
      const next = await calendar('2028-02-01', '2028-03-31', m.token);
      expect(next.holidays.find((h) => h.key === 'eid-ul-fitr-2028')?.name).toBe('ঈদুল ফিতর');
    });

    it('lets only staff decide, and refuses a holiday not proposed', async () => {
      clock.set(until('2027-03-01'));
      const m = await gw.member();
      expectError(await gw.gql(CONFIRM, { key: 'ashura-2027' }, m.token), 'FORBIDDEN');
      expectError(await gw.gql(DROP, { key: 'ashura-2027' }, null), 'UNAUTHENTICATED');
      expectError(await gw.gql(CONFIRM, { key: 'eid-ul-fitr-2031' }, staff.token), 'NOT_FOUND');
      expectError(
        await gw.gql(MOVE, { key: 'ashura-2027', from: '2027-03-05', to: '2027-03-01' }, staff.token),
        'BAD_USER_INPUT',
        'to',
      );
      expectError(
        await gw.gql(MOVE, { key: 'ashura-2027', from: '2027-12-01' }, staff.token),
        'BAD_USER_INPUT',
        'from',
      );
    });
  });

  describe('confirmed, moved, dropped', () => {
    it('confirming moves the loans due on its days; dropping puts them back and opens the days', async () => {
      clock.set(until('2027-03-01'));
      const m = await gw.member();
      const loanId = await borrow(m, '2027-03-09');
      const confirmed = await gw.gql(CONFIRM, { key: 'eid-ul-fitr-2027' }, staff.token);
      expect(confirmed.body.data.confirmHoliday).toEqual({
        key: 'eid-ul-fitr-2027',
        from: '2027-03-08',
        to: '2027-03-10',
        state: 'CONFIRMED',
      });
      expect(await dueOf(m, loanId)).toBe('2027-03-11');
      const march = await calendar('2027-03-01', '2027-03-31');
      expect(march.closures.map((c) => [c.date, c.reason])).toEqual([
        ['2027-03-08', 'Eid ul-Fitr'],
        ['2027-03-09', 'Eid ul-Fitr'],
        ['2027-03-10', 'Eid ul-Fitr'],
      ]);
      expect(march.days.find((d) => d.date === '2027-03-09')).toMatchObject({ open: false, expected: null });
      expectError(await gw.gql(CONFIRM, { key: 'eid-ul-fitr-2027' }, staff.token), 'BAD_USER_INPUT', 'key');

      expect((await gw.gql(DROP, { key: 'eid-ul-fitr-2027' }, staff.token)).body.data.dropHoliday.state).toBe(
        'DROPPED',
      );
      expect(await dueOf(m, loanId)).toBe('2027-03-09');
      expect((await calendar('2027-03-01', '2027-03-31')).closures).toEqual([]);
      // The member was told of each move: closed, then open after all with the date back.
      const notices = (await gw.gql('{ me { notices { nodes { kind message } } } }', {}, m.token)).body.data.me.notices
        .nodes as { kind: string; message: string }[];
      expect(notices.map((n) => n.message)).toEqual([
        expect.stringMatching(
          /^The library is open from 8 March( 2027)? to 10 March( 2027)? after all\. .* is now due on 9 March( 2027)?\.$/,
        ),
        expect.stringMatching(/^The library is closed .* now due on 11 March( 2027)?\.$/),
      ]);
      expectError(await gw.gql(CONFIRM, { key: 'eid-ul-fitr-2027' }, staff.token), 'BAD_USER_INPUT', 'key');
    });

    it('moving a confirmed holiday puts back what it moved, then moves what falls on its new days', async () => {
      clock.set(until('2027-05-10'));
      const m = await gw.member();
      const early = await borrow(m, '2027-05-15');
      const late = await borrow(m, '2027-05-18');
      await gw.gql(CONFIRM, { key: 'eid-ul-adha-2027' }, staff.token);
      expect([await dueOf(m, early), await dueOf(m, late)]).toEqual(['2027-05-18', '2027-05-18']);
      // Bangladesh sighted the moon a day later.
      const moved = await gw.gql(MOVE, { key: 'eid-ul-adha-2027', from: '2027-05-16', to: '2027-05-18' }, staff.token);
      expect(moved.body.data.moveHoliday).toEqual({
        key: 'eid-ul-adha-2027',
        from: '2027-05-16',
        to: '2027-05-18',
        state: 'CONFIRMED',
      });
      expect([await dueOf(m, early), await dueOf(m, late)]).toEqual(['2027-05-15', '2027-05-19']);
      expect((await calendar('2027-05-01', '2027-05-31')).closures.map((c) => c.date)).toEqual([
        '2027-05-16',
        '2027-05-17',
        '2027-05-18',
      ]);
    });

    it('moving a provisional holiday changes its days only', async () => {
      clock.set(until('2027-06-05'));
      const m = await gw.member();
      const loanId = await borrow(m, '2027-06-16');
      const moved = await gw.gql(MOVE, { key: 'ashura-2027', from: '2027-06-16' }, staff.token);
      expect(moved.body.data.moveHoliday).toEqual({
        key: 'ashura-2027',
        from: '2027-06-16',
        to: '2027-06-16',
        state: 'PROVISIONAL',
      });
      expect(await dueOf(m, loanId)).toBe('2027-06-16');
      const june = await calendar('2027-06-01', '2027-06-30');
      expect(june.days.find((d) => d.date === '2027-06-16')?.expected).toEqual({ key: 'ashura-2027' });
      expect(june.days.find((d) => d.date === '2027-06-15')?.expected).toBeNull();
    });
  });

  it('with PROVISIONAL_CLOSURES_COUNT=true, a provisional holiday counts for due dates before it is confirmed', async () => {
    const counting = await startTestGateway({
      store: kind,
      env: { PROVISIONAL_CLOSURES_COUNT: 'true' },
      libraryNow: () => new Date(clock.now().getTime()),
    });
    try {
      clock.set(until('2027-03-01'));
      const m = await counting.member();
      const answer = await gqlBorrow(counting, m.token, await counting.addBook({ quantity: 1 }), '2027-03-09');
      expect(answer.body.errors).toBeUndefined();
      const loans = (await counting.gql('{ me { loans { dueDate } } }', {}, m.token)).body.data.me.loans;
      expect(loans).toEqual([{ dueDate: '2027-03-11' }]);
    } finally {
      await counting.close();
    }
  });
});
