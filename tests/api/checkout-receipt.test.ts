// The desk's checkout receipt by e-mail (issue 31), on both stores through a real SMTP server the test starts:
// staff e-mail a member the loans just checked out to them (title, the copy's barcode, due day) in the member's
// language; refused for members, for loans of two members, for no loans, and when the library sends no e-mail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';
import { isItemBarcode } from '../../shared/barcodes.ts';
import { bnDay } from '../../server/library/i18n/index.ts';

const EMAIL_RECEIPT = 'mutation($ids: [ID!]!) { emailCheckoutReceipt(loanIds: $ids) }';

describeEachStore((kind) => {
  let gw: TestGateway;
  let noMail: TestGateway;
  let smtp: TestSmtp;
  let staff: Member;
  const staffEmail = `receipts-${randomUUID().slice(0, 8)}@example.com`;
  const otherDesk = `receipts-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    gw = await startTestGateway({
      store: kind,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'BookHaven Desk <desk@library.test>',
        ADMIN_EMAILS: staffEmail,
        BORROWING: 'instant',
        RETURNS: 'self',
      },
    });
    noMail = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: otherDesk, BORROWING: 'instant', RETURNS: 'self' },
    });
    staff = await gw.member({ name: 'Receipt Desk', email: staffEmail });
  });
  afterAll(async () => {
    await gw?.close();
    await noMail?.close();
    await smtp?.close();
  });

  /** A member with two loans due in 7 and 14 days: their ids and the copies' barcodes. */
  async function twoLoans(name: string) {
    const member = await gw.member({ name });
    const loans = [];
    for (const [title, days] of [
      ['The First Receipt Book', 7],
      ['The Second Receipt Book', 14],
    ] as const) {
      const bookId = await gw.addBook({ quantity: 2, title });
      const record = (await gqlBorrow(gw, member.token, bookId, libraryDay(days))).body.data.borrow.record;
      const loan = await gw.store.loans.get(record.id);
      loans.push({ id: record.id as string, barcode: loan?.itemBarcode ?? '', due: libraryDay(days) });
    }
    return { member, loans };
  }

  it('e-mails the member each book, its copy and its due day, and answers the address', async () => {
    const { member, loans } = await twoLoans('Receipt Reader');
    expect(loans.every((loan) => isItemBarcode(loan.barcode))).toBe(true);
    const answer = await gw.gql(EMAIL_RECEIPT, { ids: loans.map((loan) => loan.id) }, staff.token);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.emailCheckoutReceipt).toBe(member.email);
    const mails = smtp.to(member.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your BookHaven checkout receipt');
    const day = (d: string) =>
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${d}T00:00:00Z`),
      );
    expect(mail.text).toContain('Hello Receipt Reader,');
    expect(mail.text).toContain(`“The First Receipt Book” (${loans[0]!.barcode}): due back on ${day(loans[0]!.due)}`);
    expect(mail.text).toContain(`“The Second Receipt Book” (${loans[1]!.barcode}): due back on ${day(loans[1]!.due)}`);
    expect(mail.html).toContain(`(${loans[1]!.barcode})`);
  });

  it('writes the receipt in the member’s language', async () => {
    const { member, loans } = await twoLoans('Bangla Reader');
    await gw.gql('mutation { setLocale(locale: bn) { uid } }', {}, member.token);
    await gw.gql(EMAIL_RECEIPT, { ids: [loans[0]!.id] }, staff.token);
    const mail = smtp.to(member.email)[0]!;
    expect(mail.subject).toBe('আপনার বুকহেভেন ধারের রসিদ');
    expect(mail.text).toContain(
      `“The First Receipt Book” (${loans[0]!.barcode}): ফেরতের তারিখ ${bnDay(loans[0]!.due)}`,
    );
  });

  it('refuses members, loans of two members, no loans, and says so when the library sends no e-mail', async () => {
    const a = await twoLoans('Receipt A');
    const b = await twoLoans('Receipt B');
    const before = smtp.messages.length;
    expectError(await gw.gql(EMAIL_RECEIPT, { ids: [a.loans[0]!.id] }, a.member.token), 'FORBIDDEN');
    const mixed = expectError(
      await gw.gql(EMAIL_RECEIPT, { ids: [a.loans[0]!.id, b.loans[0]!.id] }, staff.token),
      'BAD_USER_INPUT',
      'loanIds',
    );
    expect(mixed.message).toBe("A receipt is for one member: these loans are not all one member's.");
    expectError(await gw.gql(EMAIL_RECEIPT, { ids: [] }, staff.token), 'BAD_USER_INPUT', 'loanIds');
    expectError(await gw.gql(EMAIL_RECEIPT, { ids: ['0123456789abcdef01234567'] }, staff.token), 'NOT_FOUND');
    expect(smtp.messages.length).toBe(before);

    const other = await noMail.member({ name: 'Other Desk', email: otherDesk });
    const member = await noMail.member({ name: 'No Mail Reader' });
    const bookId = await noMail.addBook({ quantity: 1, title: 'Printed Only' });
    const loanId = (await gqlBorrow(noMail, member.token, bookId)).body.data.borrow.record.id;
    const refused = expectError(await noMail.gql(EMAIL_RECEIPT, { ids: [loanId] }, other.token), 'UNAVAILABLE');
    expect(refused.message).toBe('The library does not send e-mail, so the receipt can only be printed.');
  });
});
