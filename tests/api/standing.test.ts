// A member's standing (issue 40): what they owe, the fees accruing on loans still out (capped at the book's
// replacement cost, and saying so), and whether a borrow would be refused now, the same refusal the borrow
// meets; read by the member (`me`) and by staff (`member`), on both stores. Time moves by the test clock.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const STANDING = 'standing { owed accruing { loan { id fee } amount capped } canBorrow refusal { code message } }';

describeEachStore((kind) => {
  let gw: TestGateway;
  const clock = libraryClock();
  const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
  let staff: Member;
  beforeAll(async () => {
    // Loans start in the app (a staffed library may collect at the desk instead).
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant' },
      libraryNow: clock.now,
    });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(() => gw.close());
  const borrow = async (m: Member, bookId: string, returnDate: string) => {
    const answer = await gqlBorrow(gw, m.token, bookId, returnDate);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.record.id as string;
  };
  const mine = async (m: Member) =>
    (await gw.gql(`{ me { borrowing { allowed code message } ${STANDING} } }`, {}, m.token)).body.data.me;
  const atDesk = async (m: Member) =>
    (await gw.gql(`{ member(uid: "${m.uid}") { ${STANDING} } }`, {}, staff.token)).body.data.member;

  describe('one standing', () => {
    it('says an overdue member at the loan limit is refused as the borrow refuses, with the fees accruing', async () => {
      const m = await gw.member({ name: 'Standing Reader' });
      const cheap = await borrow(m, await gw.addBook({ quantity: 1, replacementCost: 200 }), libraryDay(1));
      const dear = await borrow(m, await gw.addBook({ quantity: 1, replacementCost: 5000 }), libraryDay(2));
      for (let i = 0; i < 3; i += 1) await borrow(m, await gw.addBook({ quantity: 1 }), libraryDay(14));
      const sixth = await gw.addBook({ quantity: 1 });

      // At five of five loans, nothing late yet: refused with the loan limit, nothing accruing.
      const limited = await mine(m);
      expect(limited.standing).toMatchObject({ owed: 0, accruing: [], canBorrow: false });
      expect(limited.standing.refusal.code).toBe('LOAN_LIMIT');
      expect(limited.standing.refusal.message).toBe(
        expectError(await gqlBorrow(gw, m.token, sixth), 'LOAN_LIMIT').message,
      );

      await clock.at(10, async () => {
        const borrowRefused = expectError(await gqlBorrow(gw, m.token, sixth), 'LOAN_OVERDUE').message;
        const { standing, borrowing } = await mine(m);
        expect(standing.canBorrow).toBe(false);
        expect(standing.refusal).toEqual({ code: 'LOAN_OVERDUE', message: borrowRefused });
        expect(borrowing).toEqual({ allowed: false, code: 'LOAN_OVERDUE', message: borrowRefused });
        expect(standing.owed).toBe(0);
        // Each accruing fee is the loan's own fee; the cheap book's stopped at its replacement cost.
        const byLoan = Object.fromEntries(
          standing.accruing.map((fee: { loan: { id: string; fee: number }; amount: number; capped: boolean }) => [
            fee.loan.id,
            fee,
          ]),
        );
        expect(Object.keys(byLoan).sort()).toEqual([cheap, dear].sort());
        expect(byLoan[cheap]).toMatchObject({ amount: 200, capped: true, loan: { fee: 200 } });
        expect(byLoan[dear].capped).toBe(false);
        expect(byLoan[dear].amount).toBeGreaterThan(200);
        expect(byLoan[dear].amount).toBe(byLoan[dear].loan.fee);
        // The desk reads the same standing.
        expect(await atDesk(m)).toEqual({ standing });
      });
    });

    it('says the refusal in the reader’s language, as the borrow says it', async () => {
      const m = await gw.member();
      for (let i = 0; i < 5; i += 1) await borrow(m, await gw.addBook({ quantity: 1 }), libraryDay(14));
      await gw.gql('mutation { setLocale(locale: bn) { uid } }', {}, m.token);
      const said = expectError(await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1 })), 'LOAN_LIMIT').message;
      expect(said).toMatch(/[\u0980-\u09FF]/);
      expect((await mine(m)).standing.refusal).toEqual({ code: 'LOAN_LIMIT', message: said });
    });

    it('says a member in good standing may borrow, and members cannot read another member’s standing', async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      expect((await mine(m)).standing).toEqual({ owed: 0, accruing: [], canBorrow: true, refusal: null });
      expectError(await gw.gql(`{ member(uid: "${m.uid}") { ${STANDING} } }`, {}, other.token), 'FORBIDDEN');
    });
  });
});
