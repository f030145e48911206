// A ready hold's last pickup day moved by new opening hours (issue 40, item 8), end to end on both stores: staff
// close the weekday the pickup day falls on, and the hold waits until the next open day, its member told in the
// app and by e-mail, in their language, and the notice that it is ready says the new day; a hold whose pickup
// day stays open is left alone and nobody is told.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server.ts';
import { gqlBorrow, libraryDay } from './factory.ts';

const MINUTE = 1 / 1440;
const SET = `mutation($from: String!, $to: String, $hours: [OpeningHoursInput!]!) {
  setOpeningHours(from: $from, to: $to, hours: $hours) { from }
}`;
const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00.000Z`).getUTCDay()] ?? 'SUNDAY';
/** Every weekday open but those named. */
const weekBut = (closed: string[]) =>
  WEEKDAYS.filter((d) => !closed.includes(d)).map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' }));
const BN_LONG = new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const bnLong = (day: string) => BN_LONG.format(new Date(`${day}T00:00:00.000Z`));

type Notice = { kind: string; day: string; message: string };

describeEachStore((kind) => {
  let gw: TestGateway;
  let smtp: TestSmtp;
  let staff: Member;
  const clock = libraryClock();
  // A gateway a test: changes of hours are never removed.
  beforeEach(async () => {
    smtp = await startTestSmtp();
    const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
    gw = await startTestGateway({
      store: kind,
      libraryNow: clock.now,
      // Members lend and return in the app here, as a self-service library does: the hold is made ready by a return.
      env: { ADMIN_EMAILS: staffEmail, RETURNS: 'self', BORROWING: 'instant', SMTP_URL: smtp.url },
    });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterEach(async () => {
    clock.set(0);
    await gw?.close();
    await smtp?.close();
  });

  /** The member's hold on a book is ready today: its last pickup day is the policy's three days on. */
  async function readyHold(title: string, waiter: Member) {
    const lender = await gw.member();
    const bookId = await gw.addBook({ quantity: 1, title });
    const loanId = (await gqlBorrow(gw, lender.token, bookId, libraryDay(7))).body.data.borrow.record.id as string;
    await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId }, waiter.token);
    await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }, lender.token);
  }
  const holdsOf = async (m: Member) =>
    (await gw.gql('{ me { holds { bookTitle status readyUntil } } }', {}, m.token)).body.data.me.holds as {
      bookTitle: string;
      status: string;
      readyUntil: string | null;
    }[];
  const noticesOf = async (m: Member) =>
    (await gw.gql('{ me { notices { nodes { kind day message } } } }', {}, m.token)).body.data.me.notices
      .nodes as Notice[];

  it('moves a ready hold’s last pickup day off a weekday the new hours close, and tells its member in the app and by e-mail', async () => {
    const [waiter, other] = [await gw.member({ name: 'Mita' }), await gw.member({ name: 'Rumi' })];
    await gw.gql('mutation { setLocale(locale: bn) { locale } }', {}, other.token);
    await readyHold('Agnibina', waiter);
    await readyHold('Gitanjali', other);
    const pickup = libraryDay(3);
    expect(await holdsOf(waiter)).toEqual([{ bookTitle: 'Agnibina', status: 'READY', readyUntil: pickup }]);

    const answer = await gw.gql(
      SET,
      { from: libraryDay(1), to: null, hours: weekBut([weekdayOf(pickup)]) },
      staff.token,
    );
    expect(answer.body.errors).toBeUndefined();

    // The calendar now says the pickup day is closed: the copy waits until the day after.
    expect(await holdsOf(waiter)).toEqual([{ bookTitle: 'Agnibina', status: 'READY', readyUntil: libraryDay(4) }]);
    const notices = await noticesOf(waiter);
    const moved = notices.filter((n) => n.kind === 'DUE_DATE_MOVED');
    expect(moved).toEqual([expect.objectContaining({ day: libraryDay(4) })]);
    expect(moved[0]?.message).toContain('“Agnibina”');
    // The notice that it is ready says the day it now waits until too, not the closed day.
    const ready = notices.find((n) => n.kind === 'HOLD_READY');
    expect(ready?.day).toBe(libraryDay(4));
    expect(ready?.message).toBe(`“Agnibina” is ready for you until ${libraryDay(4)}. Borrow it from the book's page.`);
    // In Bangla for a member who reads Bangla.
    const bangla = (await noticesOf(other)).find((n) => n.kind === 'DUE_DATE_MOVED');
    expect(bangla?.message).toContain('“Gitanjali”');
    expect(bangla?.message).toContain(bnLong(libraryDay(4)));

    // By e-mail once moves may no longer join the notice.
    await clock.at(31 * MINUTE, () => gw.library.mail.deliver());
    // The e-mail that the hold is ready went first, with the day as it was then; then the one of the move.
    const mails = smtp.to(waiter.email);
    expect(mails).toHaveLength(2);
    const mail = mails[1] as ParsedMail;
    expect(mail.subject).toContain('Agnibina');
    expect(mail.text).toContain(moved[0]?.message);
    expect(smtp.to(other.email).map((m) => m.text)).toEqual([
      expect.any(String),
      expect.stringContaining(bangla?.message ?? '-'),
    ]);
  });

  it('leaves a ready hold whose pickup day stays open where it is, and tells nobody', async () => {
    const waiter = await gw.member();
    await readyHold('Debdas', waiter);
    // Closes the weekday after the pickup day, from then on.
    const answer = await gw.gql(
      SET,
      { from: libraryDay(1), to: libraryDay(6), hours: weekBut([weekdayOf(libraryDay(5))]) },
      staff.token,
    );
    expect(answer.body.errors).toBeUndefined();
    expect(await holdsOf(waiter)).toEqual([
      expect.objectContaining({ bookTitle: 'Debdas', status: 'READY', readyUntil: libraryDay(3) }),
    ]);
    const notices = await noticesOf(waiter);
    expect(notices.filter((n) => n.kind === 'DUE_DATE_MOVED')).toEqual([]);
    expect(notices.find((n) => n.kind === 'HOLD_READY')?.day).toBe(libraryDay(3));
  });
});
