// The library's calendar end to end on both stores: hours and closures (public to read, staff to change), due
// dates, renewals and ready holds' last pickup days on open days, an emergency closure moving what fell on its
// day with a notice to each member, and late fees counting open days up to the book's replacement cost. Time
// moves by the clock the library reads, never by sleeping.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay, restBorrow } from './factory.ts';
import { expectError } from './gql-assert.ts';

const LONG_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
/** "10 April", as the notices write a day. */
const longDay = (day: string) => LONG_DAY.format(new Date(`${day}T00:00:00.000Z`));

const CLOSE = 'mutation($date: String!, $reason: String!) { addClosure(date: $date, reason: $reason) { date reason } }';
const OPEN = 'mutation($date: String!) { removeClosure(date: $date) { date reason } }';
const CLOSE_RANGE =
  'mutation($date: String!, $to: String, $reason: String!) { addClosure(date: $date, to: $to, reason: $reason) { date reason } }';

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
  // Closures are the whole library's: each test starts with none.
  afterEach(async () => {
    clock.set(0);
    for (const c of await gw.store.calendar.closures(libraryDay(-400), libraryDay(400)))
      await gw.store.calendar.removeClosure(c.day);
  });

  const close = (day: string, reason = 'Emergency: flooding', token = staff.token) =>
    gw.gql(CLOSE, { date: day, reason }, token);
  const borrow = async (m: Member, bookId: string, returnDate: string) => {
    const answer = await gqlBorrow(gw, m.token, bookId, returnDate);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.record.id as string;
  };
  const loansOf = async (m: Member) =>
    (await gw.gql('{ me { loans { id dueDate overdueDays fee status } } }', {}, m.token)).body.data.me.loans as {
      id: string;
      dueDate: string;
      overdueDays: number;
      fee: number;
    }[];
  const noticesOf = async (m: Member) =>
    (await gw.gql('{ me { notices { nodes { kind message day } } } }', {}, m.token)).body.data.me.notices.nodes as {
      kind: string;
      message: string;
      day: string;
    }[];

  describe('hours and closures', () => {
    it('answers anyone the hours, Saturday first, and the closures between two days', async () => {
      expect((await close(libraryDay(5), 'Eid ul-Fitr')).body.errors).toBeUndefined();
      await close(libraryDay(50), 'Eid ul-Adha');
      const answer = await gw.gql(
        'query($from: String!, $to: String!) { calendar(from: $from, to: $to) { openingHours { weekday opens closes } closures { date reason } } }',
        { from: libraryDay(0), to: libraryDay(30) },
        null,
      );
      expect(answer.body.data.calendar).toEqual({
        openingHours: [
          { weekday: 'SATURDAY', opens: '10:00', closes: '20:00' },
          { weekday: 'SUNDAY', opens: '10:00', closes: '20:00' },
          { weekday: 'MONDAY', opens: '10:00', closes: '20:00' },
          { weekday: 'TUESDAY', opens: '10:00', closes: '20:00' },
          { weekday: 'WEDNESDAY', opens: '10:00', closes: '20:00' },
          { weekday: 'THURSDAY', opens: '10:00', closes: '20:00' },
          { weekday: 'FRIDAY', opens: '14:00', closes: '20:00' },
        ],
        closures: [{ date: libraryDay(5), reason: 'Eid ul-Fitr' }],
      });
      const q = 'query($from: String!, $to: String!) { calendar(from: $from, to: $to) { closures { date } } }';
      expectError(await gw.gql(q, { from: '2026-02-30', to: libraryDay(1) }), 'BAD_USER_INPUT', 'from');
      expectError(await gw.gql(q, { from: libraryDay(1), to: libraryDay(0) }), 'BAD_USER_INPUT', 'to');
      expectError(await gw.gql(q, { from: libraryDay(0), to: libraryDay(500) }), 'BAD_USER_INPUT', 'to');
    });

    it('lets only staff close and reopen a day, refuses bad input and a second closure, changing nothing', async () => {
      const member = await gw.member();
      expectError(await close(libraryDay(7), 'Strike', member.token), 'FORBIDDEN');
      expectError(await gw.gql(CLOSE, { date: libraryDay(7), reason: 'Strike' }, null), 'UNAUTHENTICATED');
      expectError(await close('next tuesday'), 'BAD_USER_INPUT', 'date');
      expectError(await close(libraryDay(7), '   '), 'BAD_USER_INPUT', 'reason');
      expectError(await close(libraryDay(7), 'Line\nbreak'), 'BAD_USER_INPUT', 'reason');
      expectError(await close(libraryDay(-400)), 'BAD_USER_INPUT', 'date');
      expect(await gw.store.calendar.closures(libraryDay(-400), libraryDay(400))).toEqual([]);
      expect((await close(libraryDay(7), 'Strike')).body.data.addClosure).toEqual({
        date: libraryDay(7),
        reason: 'Strike',
      });
      const again = expectError(await close(libraryDay(7), 'Other'), 'BAD_USER_INPUT', 'date');
      expect(again.message).toBe(`The library is already closed on ${libraryDay(7)} (Strike).`);
      expectError(await gw.gql(OPEN, { date: libraryDay(7) }, member.token), 'FORBIDDEN');
      expect((await gw.gql(OPEN, { date: libraryDay(7) }, staff.token)).body.data.removeClosure.reason).toBe('Strike');
      expectError(await gw.gql(OPEN, { date: libraryDay(7) }, staff.token), 'NOT_FOUND');
    });
  });

  describe('due dates and pickup days on open days', () => {
    it('makes a loan chosen to end on a closed day due the next open day, and the borrow window says which', async () => {
      await close(libraryDay(10), 'Eid ul-Fitr');
      await close(libraryDay(11), 'Eid ul-Fitr');
      const window = await gw.gql('{ borrowWindow { closures { date reason } } }');
      expect(window.body.data.borrowWindow.closures).toEqual([
        { date: libraryDay(10), reason: 'Eid ul-Fitr' },
        { date: libraryDay(11), reason: 'Eid ul-Fitr' },
      ]);
      const m = await gw.member();
      await borrow(m, await gw.addBook({ quantity: 1 }), libraryDay(10));
      expect((await loansOf(m))[0]?.dueDate).toBe(libraryDay(12));
    });

    it('renews to the next open day when the renewal would end on a closed one', async () => {
      const m = await gw.member();
      const loanId = await borrow(m, await gw.addBook({ quantity: 1 }), libraryDay(5));
      await close(libraryDay(12), 'Victory Day');
      const renewed = await gw.gql(
        'mutation($id: ID!) { renewLoan(loanId: $id) { dueDate } }',
        { id: loanId },
        m.token,
      );
      expect(renewed.body.data.renewLoan.dueDate).toBe(libraryDay(13));
    });

    it('moves the loans due on a day closed in an emergency, telling each member, and no one else', async () => {
      const [ada, bo, cy] = [await gw.member(), await gw.member(), await gw.member()];
      const title = `Gitanjali ${randomUUID().slice(0, 4)}`;
      await borrow(ada, await gw.addBook({ quantity: 1, title }), libraryDay(4));
      await borrow(bo, await gw.addBook({ quantity: 1 }), libraryDay(4));
      await borrow(cy, await gw.addBook({ quantity: 1 }), libraryDay(6));
      expect((await close(libraryDay(4))).body.errors).toBeUndefined();
      expect((await loansOf(ada))[0]?.dueDate).toBe(libraryDay(5));
      expect((await loansOf(bo))[0]?.dueDate).toBe(libraryDay(5));
      expect((await loansOf(cy))[0]?.dueDate).toBe(libraryDay(6));
      expect(await noticesOf(ada)).toEqual([
        {
          kind: 'DUE_DATE_MOVED',
          day: libraryDay(5),
          message: `The library is closed on ${longDay(libraryDay(4))}; your loan of “${title}” is now due on ${longDay(libraryDay(5))}.`,
        },
      ]);
      expect(await noticesOf(cy)).toEqual([]);
      // Closing the next day too moves them on again: the same notice, unread and minutes old, says so.
      await close(libraryDay(5));
      expect((await loansOf(ada))[0]?.dueDate).toBe(libraryDay(6));
      expect(await noticesOf(ada)).toEqual([
        {
          kind: 'DUE_DATE_MOVED',
          day: libraryDay(6),
          message: `The library is closed from ${longDay(libraryDay(4))} to ${longDay(libraryDay(5))}. Your loan of “${title}” is now due on ${longDay(libraryDay(6))}.`,
        },
      ]);
    });

    it('enters a closure as a range: each date moved once, past it all, and one notice per member for all of them', async () => {
      const [ada, bo, cy] = [await gw.member(), await gw.member(), await gw.member()];
      const [one, two, three] = ['Padma', 'Meghna', 'Jamuna'].map((t) => `${t} ${randomUUID().slice(0, 4)}`);
      await borrow(ada, await gw.addBook({ quantity: 1, title: one }), libraryDay(4));
      await borrow(ada, await gw.addBook({ quantity: 1, title: two }), libraryDay(7));
      await borrow(bo, await gw.addBook({ quantity: 1, title: three }), libraryDay(8));
      await borrow(cy, await gw.addBook({ quantity: 1 }), libraryDay(10));
      // A ready hold whose last pickup day (three days after today) falls in the range too.
      const lent = await borrow(cy, await gw.addBook({ quantity: 1, title: `Held ${one}` }), libraryDay(2));
      const heldBook = (await gw.store.loans.get(lent))?.bookId ?? '';
      await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: heldBook }, ada.token);
      await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: lent }, cy.token);
      const answer = await gw.gql(
        CLOSE_RANGE,
        { date: libraryDay(3), to: libraryDay(8), reason: 'Flood' },
        staff.token,
      );
      expect(answer.body.data.addClosure).toEqual({ date: libraryDay(3), reason: 'Flood' });
      expect((await gw.store.calendar.closures(libraryDay(0), libraryDay(20))).map((c) => c.day)).toEqual(
        [3, 4, 5, 6, 7, 8].map((d) => libraryDay(d)),
      );
      expect((await loansOf(ada)).map((l) => l.dueDate)).toEqual([libraryDay(9), libraryDay(9)]);
      expect((await loansOf(bo)).map((l) => l.dueDate)).toEqual([libraryDay(9)]);
      // Its returned loan (due on the second day) stays as it was; its loan due after the range too.
      expect((await loansOf(cy)).map((l) => l.dueDate).sort()).toEqual([libraryDay(2), libraryDay(10)]);
      const range = `The library is closed from ${longDay(libraryDay(3))} to ${longDay(libraryDay(8))}.`;
      const nine = longDay(libraryDay(9));
      const adas = (await noticesOf(ada)).filter((n) => n.kind === 'DUE_DATE_MOVED');
      expect(adas).toHaveLength(1);
      expect(adas[0]?.message).toBe(
        [
          range,
          // Loans first, in the order they were lent, then holds.
          `Your loan of “${one}” is now due on ${nine}.`,
          `Your loan of “${two}” is now due on ${nine}.`,
          `Your hold on “Held ${one}” now waits for you until ${nine}.`,
        ].join(' '),
      );
      expect(await noticesOf(bo)).toEqual([
        {
          kind: 'DUE_DATE_MOVED',
          day: libraryDay(9),
          message: `${range} Your loan of “${three}” is now due on ${nine}.`,
        },
      ]);
      expect((await noticesOf(cy)).filter((n) => n.kind === 'DUE_DATE_MOVED')).toEqual([]);
      // In Bangla, each sentence in Bangla.
      await gw.gql('mutation { setLocale(locale: bn) { locale } }', {}, bo.token);
      const [inBangla] = await noticesOf(bo);
      expect(inBangla?.message).toMatch(/^লাইব্রেরি .+ থেকে .+ পর্যন্ত বন্ধ থাকবে। “.+” ফেরত দেওয়ার নতুন তারিখ .+।$/);
    });

    it('joins a loan moved day by day into one notice while it is unread and under 30 minutes old, and tells again after', async () => {
      const m = await gw.member();
      const title = `Titas ${randomUUID().slice(0, 4)}`;
      await borrow(m, await gw.addBook({ quantity: 1, title }), libraryDay(4));
      // Entered day by day: ten closures, ten moves of the one loan, one notice.
      for (let d = 4; d <= 13; d += 1) expect((await close(libraryDay(d))).body.errors).toBeUndefined();
      expect((await loansOf(m))[0]?.dueDate).toBe(libraryDay(14));
      const notices = await noticesOf(m);
      expect(notices).toEqual([
        {
          kind: 'DUE_DATE_MOVED',
          day: libraryDay(14),
          message: `The library is closed from ${longDay(libraryDay(4))} to ${longDay(libraryDay(13))}. Your loan of “${title}” is now due on ${longDay(libraryDay(14))}.`,
        },
      ]);
      // Read: the next move is news, in a notice of its own.
      await gw.gql('mutation { markNoticesRead }', {}, m.token);
      await close(libraryDay(14));
      expect((await noticesOf(m)).map((n) => n.day)).toEqual([libraryDay(15), libraryDay(14)]);
      // Unread but over 30 minutes old (its e-mail gone): a notice of its own too.
      await clock.at(31 / 1440, async () => {
        await close(libraryDay(15));
        expect((await noticesOf(m)).map((n) => n.day)).toEqual([libraryDay(16), libraryDay(15), libraryDay(14)]);
      });
    });

    it('keeps a ready hold to an open day, and moves its last pickup day when that day closes', async () => {
      const [lender, waiter] = [await gw.member(), await gw.member()];
      const title = `Meditations ${randomUUID().slice(0, 4)}`;
      const bookId = await gw.addBook({ quantity: 1, title });
      const loanId = await borrow(lender, bookId, libraryDay(3));
      await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId }, waiter.token);
      // Pickup days run three days on from the day the copy comes back; the third is closed already.
      await close(libraryDay(3), 'Eid ul-Fitr');
      await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }, lender.token);
      const holds = async () =>
        (await gw.gql('{ me { holds { status readyUntil } } }', {}, waiter.token)).body.data.me.holds;
      expect(await holds()).toEqual([{ status: 'READY', readyUntil: libraryDay(4) }]);
      await close(libraryDay(4));
      expect(await holds()).toEqual([{ status: 'READY', readyUntil: libraryDay(5) }]);
      expect((await noticesOf(waiter)).find((n) => n.kind === 'DUE_DATE_MOVED')?.message).toBe(
        `The library is closed on ${longDay(libraryDay(4))}; your hold on “${title}” now waits for you until ${longDay(libraryDay(5))}.`,
      );
      // It is still ready on its last pickup day, and expires after it.
      await clock.at(5, async () => expect(await holds()).toEqual([{ status: 'READY', readyUntil: libraryDay(5) }]));
      await clock.at(6, async () => expect((await holds())[0].status).toBe('EXPIRED'));
    });
  });

  describe('a long closure', () => {
    /** Closed from `from` to `to` (offsets from today), written straight to the store as staff once did, day by day. */
    const shut = async (from: number, to: number) => {
      for (let d = from; d <= to; d += 1)
        await gw.store.calendar.addClosure({ day: libraryDay(d), reason: 'Renovation', createdAt: new Date() });
    };

    it('refuses a closure that would shut the library longer than MAX_CLOSED_DAYS in a row, adding nothing', async () => {
      const tooLong = expectError(
        await gw.gql(CLOSE_RANGE, { date: libraryDay(1), to: libraryDay(367), reason: 'Works' }, staff.token),
        'BAD_USER_INPUT',
        'to',
      );
      expect(tooLong.message).toBe('The library cannot be closed for more than 366 days in a row.');
      await shut(3, 200);
      // With the days before it, 201 to 370 would make 368 days closed in a row.
      const joined = await gw.gql(
        CLOSE_RANGE,
        { date: libraryDay(201), to: libraryDay(370), reason: 'Works' },
        staff.token,
      );
      expectError(joined, 'BAD_USER_INPUT', 'to');
      const backwards = await gw.gql(
        CLOSE_RANGE,
        { date: libraryDay(210), to: libraryDay(209), reason: 'Works' },
        staff.token,
      );
      expect(expectError(backwards, 'BAD_USER_INPUT', 'to').message).toBe(
        'The last day of a closure cannot be before its first day.',
      );
      expect(await gw.store.calendar.closures(libraryDay(201), libraryDay(400))).toEqual([]);
    });

    it("puts a borrow's due day, a renewal's and a ready hold's last pickup day on the first open day after it", async () => {
      const [m, lender, waiter] = [await gw.member(), await gw.member(), await gw.member()];
      const renewing = await borrow(m, await gw.addBook({ quantity: 1 }), libraryDay(2));
      const heldBook = await gw.addBook({ quantity: 1 });
      const lent = await borrow(lender, heldBook, libraryDay(2));
      await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: heldBook }, waiter.token);
      // Closed from today+3 to today+80: 78 days, more than the 60 the calendar used to read past a day.
      await shut(3, 80);
      const borrowed = await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1 }), libraryDay(14));
      expect(borrowed.body.data.borrow.record.returnDate.slice(0, 10)).toBe(libraryDay(81));
      const renewed = await gw.gql(
        'mutation($id: ID!) { renewLoan(loanId: $id) { dueDate } }',
        { id: renewing },
        m.token,
      );
      expect(renewed.body.data.renewLoan.dueDate).toBe(libraryDay(81));
      await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: lent }, lender.token);
      const holds = (await gw.gql('{ me { holds { status readyUntil } } }', {}, waiter.token)).body.data.me.holds;
      expect(holds).toEqual([{ status: 'READY', readyUntil: libraryDay(81) }]);
      // Still ready on a closed day well into the closure: it waits for the library to open.
      await clock.at(40, async () => {
        const later = (await gw.gql('{ me { holds { status } } }', {}, waiter.token)).body.data.me.holds;
        expect(later).toEqual([{ status: 'READY' }]);
      });
    });
  });

  describe('late fees', () => {
    it('counts only the days the library was open, a closure recorded afterwards included, and charges the same at return', async () => {
      const m = await gw.member();
      const loanId = await borrow(m, await gw.addBook({ quantity: 1, replacementCost: 1000 }), libraryDay(1));
      await close(libraryDay(3), 'Eid ul-Fitr');
      await clock.at(5, async () => {
        // Days 2 to 5 late, day 3 closed: three open days.
        expect((await loansOf(m))[0]).toMatchObject({ overdueDays: 4, fee: 150 });
        // An emergency on day 4, entered afterwards: not charged either.
        expect((await close(libraryDay(4), 'Emergency: no power')).body.errors).toBeUndefined();
        expect((await loansOf(m))[0]).toMatchObject({ overdueDays: 4, fee: 100 });
        const back = await gw.gql(
          'mutation($id: ID!) { returnBook(borrowId: $id) { fee status } }',
          { id: loanId },
          m.token,
        );
        expect(back.body.data.returnBook).toEqual({ fee: 100, status: 'RETURNED' });
        const me = (await gw.gql('{ me { balance ledger { kind amount } } }', {}, m.token)).body.data.me;
        expect(me).toEqual({ balance: 100, ledger: [{ kind: 'LATE_FEE', amount: 100 }] });
      });
    });

    it("never charges one loan more than its book's replacement cost", async () => {
      const m = await gw.member();
      const loanId = await borrow(m, await gw.addBook({ quantity: 1, replacementCost: 120 }), libraryDay(1));
      await clock.at(30, async () => {
        expect((await loansOf(m))[0]).toMatchObject({ overdueDays: 29, fee: 120 });
        await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }, m.token);
        expect((await gw.gql('{ me { balance } }', {}, m.token)).body.data.me.balance).toBe(120);
      });
    });
  });

  describe('borrowing told up front', () => {
    const BORROWING = '{ me { borrowing { allowed code message } } }';

    it('refuses a member with an overdue loan (LOAN_OVERDUE, naming the book), over GraphQL and REST (403), until it is back', async () => {
      const m = await gw.member();
      const title = `Dracula ${randomUUID().slice(0, 4)}`;
      const loanId = await borrow(m, await gw.addBook({ quantity: 1, title }), libraryDay(2));
      const other = await gw.addBook({ quantity: 1 });
      expect((await gw.gql(BORROWING, {}, m.token)).body.data.me.borrowing).toEqual({
        allowed: true,
        code: null,
        message: null,
      });
      await clock.at(3, async () => {
        const sentence = `“${title}” is overdue. Please return it before borrowing another book.`;
        expect((await gw.gql(BORROWING, {}, m.token)).body.data.me.borrowing).toEqual({
          allowed: false,
          code: 'LOAN_OVERDUE',
          message: sentence,
        });
        const refused = expectError(await gqlBorrow(gw, m.token, other, libraryDay(10)), 'LOAN_OVERDUE');
        expect(refused.message).toBe(sentence);
        const rest = await restBorrow(gw, m, other, { returnDate: libraryDay(10) });
        expect([rest.status, rest.body.code, rest.body.message]).toEqual([403, 'LOAN_OVERDUE', sentence]);
        expect((await gw.store.books.get(other))?.quantity).toBe(1);
        // Back, with its fee owed: now the fee is the reason, with the amount.
        await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }, m.token);
        expect((await gw.gql(BORROWING, {}, m.token)).body.data.me.borrowing).toEqual({
          allowed: false,
          code: 'FEES_UNPAID',
          message: 'You owe ৳50 in fees. Please pay at the desk before borrowing more.',
        });
      });
    });

    it('tells a member at the loan limit before they try, and lets staff read it for a member', async () => {
      const m = await gw.member();
      for (let i = 0; i < 5; i += 1) await borrow(m, await gw.addBook({ quantity: 1 }), libraryDay(10));
      const mine = (await gw.gql(BORROWING, {}, m.token)).body.data.me.borrowing;
      expect(mine).toMatchObject({ allowed: false, code: 'LOAN_LIMIT' });
      const seen = await gw.gql(
        'query($uid: String!) { member(uid: $uid) { borrowing { code } } }',
        { uid: m.uid },
        staff.token,
      );
      expect(seen.body.data.member.borrowing.code).toBe('LOAN_LIMIT');
    });
  });
});

// The other settings, on a library configured its own way: every calendar day counts, two days' grace, no cap,
// overdue loans do not stop borrowing, and the library may be closed at most 30 days in a row.
describeEachStore((kind) => {
  let gw: TestGateway;
  const clock = libraryClock();
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      libraryNow: clock.now,
      env: {
        FEE_DAYS: 'calendar',
        GRACE_DAYS: '2',
        FEE_CAP: 'none',
        OVERDUE_BLOCKS_BORROWING: 'false',
        MAX_CLOSED_DAYS: '30',
      },
    });
  });
  afterAll(() => gw.close());

  it('charges every calendar day after the grace days, without a cap, and lets an overdue member borrow', async () => {
    const m = await gw.member();
    const bookId = await gw.addBook({ quantity: 1, replacementCost: 100 });
    await gqlBorrow(gw, m.token, bookId, libraryDay(1));
    await gw.store.calendar.addClosure({ day: libraryDay(3), reason: 'Eid', createdAt: new Date() });
    const policy = (await gw.gql('{ policy { feeDays graceDays feeCap overdueBlocksBorrowing } }')).body.data.policy;
    expect(policy).toEqual({ feeDays: 'CALENDAR', graceDays: 2, feeCap: 'NONE', overdueBlocksBorrowing: false });
    await clock.at(11, async () => {
      const loans = (await gw.gql('{ me { loans { overdueDays fee } } }', {}, m.token)).body.data.me.loans;
      // Ten days late, the closed day counted, two of grace: eight days at ৳50, above the ৳100 cost.
      expect(loans).toEqual([{ overdueDays: 10, fee: 400 }]);
      const next = await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1 }), libraryDay(14));
      expect(next.body.errors).toBeUndefined();
    });
  });

  it('refuses a due day with no open day within MAX_CLOSED_DAYS (LIBRARY_CLOSED), in either language, changing nothing', async () => {
    const m = await gw.member();
    const loanId = (await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1 }), libraryDay(2))).body.data.borrow
      .record.id as string;
    // Closed from today+3 to today+60: from today+14, no open day within 30 days.
    for (let d = 3; d <= 60; d += 1)
      await gw.store.calendar.addClosure({ day: libraryDay(d), reason: 'Flood', createdAt: new Date() });
    const bookId = await gw.addBook({ quantity: 1 });
    const sentence = `The library is closed for more than 30 days from ${libraryDay(14)}, so no date can be set then. Please ask at the desk.`;
    expect(expectError(await gqlBorrow(gw, m.token, bookId, libraryDay(14)), 'LIBRARY_CLOSED').message).toBe(sentence);
    const rest = await restBorrow(gw, m, bookId, { returnDate: libraryDay(14) });
    expect([rest.status, rest.body.code, rest.body.message]).toEqual([409, 'LIBRARY_CLOSED', sentence]);
    const inBangla = await gw.request('POST', '/graphql', {
      body: { query: 'mutation($id: ID!) { renewLoan(loanId: $id) { dueDate } }', variables: { id: loanId } },
      token: m.token,
      headers: { 'accept-language': 'bn' },
    });
    expect(inBangla.body.errors[0].extensions.code).toBe('LIBRARY_CLOSED');
    expect(inBangla.body.errors[0].message).toMatch(/^লাইব্রেরি .+ থেকে ৩০ দিনের বেশি বন্ধ/);
    expect((await gw.store.books.get(bookId))?.quantity).toBe(1);
    const loans = (await gw.gql('{ me { loans { dueDate renewals } } }', {}, m.token)).body.data.me.loans;
    expect(loans).toEqual([{ dueDate: libraryDay(2), renewals: 0 }]);
  });
});
