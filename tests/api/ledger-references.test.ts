// Every ledger entry has a reference (issue 40, item 5; decision 074 amended), on both stores: a late fee charged
// at a return, a lost copy's replacement and processing charges, its refund when the copy is found, and the
// payment after them each take the next number of the year's one sequence, and staff find any of them by it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';

const REFERENCE = /^R-(\d{4})-(\d{6})$/;
const FIND = `query($r: String!) { receipt(reference: $r) { id kind amount reference memberUid bookTitle balanceAfter } }`;

type Entry = { id: string; kind: string; amount: number; bookTitle: string | null; reference: string | null };

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  const clock = libraryClock();
  beforeAll(async () => {
    const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
    // Members lend and return in the app here; the desk marks a copy lost and finds it.
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, RETURNS: 'self', BORROWING: 'instant', LOST_PROCESSING_FEE: '100' },
      libraryNow: clock.now,
    });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const borrow = async (m: Member, bookId: string, returnDay: string) => {
    const answer = await gqlBorrow(gw, m.token, bookId, returnDay);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.record.id as string;
  };
  const ledgerOf = async (m: Member) =>
    (await gw.gql('{ me { ledger { id kind amount bookTitle reference } } }', {}, m.token)).body.data.me
      .ledger as Entry[];

  it('gives a late fee, a lost copy’s charges, their refund and a payment each a reference staff find it by', async () => {
    const m = await gw.member({ name: 'Ledger Reader' });
    const late = await borrow(m, await gw.addBook({ quantity: 1, title: 'Late Book' }), libraryDay(1));
    const lostBookId = await gw.addBook({ quantity: 1, title: 'Lost Book', replacementCost: 400 });
    const lost = await borrow(m, lostBookId, libraryDay(7));
    await clock.at(4, async () => {
      const returned = await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: late }, m.token);
      expect(returned.body.errors).toBeUndefined();
    });
    const marked = await gw.gql('mutation($id: ID!) { markLost(loanId: $id) { status } }', { id: lost }, staff.token);
    expect(marked.body.errors).toBeUndefined();
    const barcode = (await gw.store.loans.get(lost))!.itemBarcode!;
    const found = await gw.gql(
      'mutation($b: String!) { checkInItem(barcode: $b) { found refunded } }',
      { b: barcode },
      staff.token,
    );
    expect(found.body.data.checkInItem).toEqual({ found: true, refunded: 400 });
    const owed = (await gw.gql('{ me { balance } }', {}, m.token)).body.data.me.balance as number;
    expect(owed).toBeGreaterThan(100);
    const paid = await gw.gql(
      'mutation($u: String!, $a: Int!) { recordPayment(uid: $u, amount: $a) { reference } }',
      { u: m.uid, a: 100 },
      staff.token,
    );
    expect(paid.body.errors).toBeUndefined();

    const entries = await ledgerOf(m);
    expect(entries.map((e) => e.kind).sort()).toEqual(
      ['LATE_FEE', 'LOST_FOUND', 'PAYMENT', 'PROCESSING_FEE', 'REPLACEMENT'].sort(),
    );
    // Each has a reference, each a different number of the year's one sequence.
    for (const entry of entries) expect(entry.reference, entry.kind).toMatch(REFERENCE);
    const references = entries.map((e) => e.reference!);
    expect(new Set(references).size).toBe(entries.length);
    // Numbered in the order recorded: the payment, recorded last, has the highest number.
    const numberOf = (reference: string) => Number(REFERENCE.exec(reference)?.[2]);
    const payment = entries.find((e) => e.kind === 'PAYMENT')!;
    expect(payment.reference).toBe(paid.body.data.recordPayment.reference);
    expect(Math.max(...references.map(numberOf))).toBe(numberOf(payment.reference!));

    // Staff find a charge and a refund by its reference, typed any way; a member may not look.
    for (const entry of entries.filter((e) => e.kind !== 'PAYMENT')) {
      const typed = ` ${entry.reference!.toLowerCase().replaceAll('-', '')} `;
      const answer = await gw.gql(FIND, { r: typed }, staff.token);
      expect(answer.body.data.receipt).toEqual({
        id: entry.id,
        kind: entry.kind,
        amount: entry.amount,
        reference: entry.reference,
        memberUid: m.uid,
        bookTitle: entry.bookTitle,
        balanceAfter: null,
      });
    }
    expect(entries.find((e) => e.kind === 'LATE_FEE')?.bookTitle).toBe('Late Book');
    const asMember = await gw.gql(FIND, { r: references[0] }, m.token);
    expect(asMember.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
