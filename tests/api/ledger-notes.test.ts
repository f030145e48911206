// The notes the library writes on a member's ledger ("Returned late", "Paid at the desk") are said in the reader's
// language wherever the ledger is read (GraphQL, the cash-up, the REST download), on both stores; a note staff
// typed stays as they typed it, in every language.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';

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

  const credit = (field: string, m: Member, amount: number, note?: string) =>
    gw.gql(
      `mutation($uid: String!, $amount: Int!, $note: String) { ${field}(uid: $uid, amount: $amount, note: $note) { note } }`,
      { uid: m.uid, amount, note },
      staff.token,
    );

  it("says the library's own ledger notes in the reader's language, and staff's words as typed", async () => {
    const m = await gw.member({ name: 'Rina Akter' });
    await gw.gql('mutation { setLocale(locale: bn) { locale } }', {}, m.token);
    const loanId = (await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1, title: 'Late Book' }), libraryDay(3)))
      .body.data.borrow.record.id;
    await clock.at(6, () => gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }, m.token));
    // Answered to staff, who chose no language: English.
    expect((await credit('recordPayment', m, 100, 'Cash from her brother')).body.data.recordPayment.note).toBe(
      'Cash from her brother',
    );
    expect((await credit('recordPayment', m, 50)).body.data.recordPayment.note).toBe('Paid at the desk');

    const notes = async (token: string) =>
      (
        (await gw.gql('{ me { ledger { kind note } } }', {}, token)).body.data.me.ledger as {
          kind: string;
          note: string;
        }[]
      ).sort((a, b) => a.kind.localeCompare(b.kind) || a.note.localeCompare(b.note));
    expect(await notes(m.token)).toEqual([
      { kind: 'LATE_FEE', note: 'দেরিতে ফেরত' },
      { kind: 'PAYMENT', note: 'Cash from her brother' },
      { kind: 'PAYMENT', note: 'ডেস্কে পরিশোধ করা হয়েছে' },
    ]);
    // The download says them in the member's language too.
    const download = await gw.request('GET', '/api/me/export', { token: m.token });
    expect(download.status).toBe(200);
    const exported = download.body.ledger.entries as { kind: string; note: string }[];
    expect(exported.map((e) => e.note).sort()).toEqual([
      'Cash from her brother',
      'ডেস্কে পরিশোধ করা হয়েছে',
      'দেরিতে ফেরত',
    ]);

    // The day's cash-up: English to staff, Bangla to staff reading in Bangla.
    const cashUp = async (language: string) =>
      (
        await gw.request('POST', '/graphql', {
          body: {
            query: 'query($day: String!) { cashUp(day: $day) { entries { memberUid note } } }',
            variables: { day: libraryDay(0) },
          },
          token: staff.token,
          headers: { 'accept-language': language },
        })
      ).body.data.cashUp.entries
        .filter((e: { memberUid: string }) => e.memberUid === m.uid)
        .map((e: { note: string }) => e.note)
        .sort();
    expect(await cashUp('en')).toEqual(['Cash from her brother', 'Paid at the desk']);
    expect(await cashUp('bn')).toEqual(['Cash from her brother', 'ডেস্কে পরিশোধ করা হয়েছে']);
  });
});
