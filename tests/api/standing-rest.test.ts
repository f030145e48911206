// A member's standing through REST and on each loan (issue 40, item 4), on both stores: GET /api/me/standing
// answers what GraphQL's `me { standing }` answers (the one computation), its refusal in the reader's language;
// a loan whose late fee reached the book's replacement cost says so (`feeCapped`), as the Fees tab does.
// Time moves by the test clock.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { FORBIDDEN, UNAUTHORIZED, gqlBorrow, libraryDay } from './factory.ts';

const STANDING =
  'standing { owed accruing { loan { id bookId bookTitle } amount capped } canBorrow refusal { code message } }';

type GqlStanding = {
  owed: number;
  accruing: { loan: { id: string; bookId: string; bookTitle: string }; amount: number; capped: boolean }[];
  canBorrow: boolean;
  refusal: { code: string; message: string } | null;
};

describeEachStore((kind) => {
  let gw: TestGateway;
  const clock = libraryClock();
  beforeAll(async () => {
    const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
    // Loans start in the app here (a staffed library may collect at the desk instead).
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant' },
      libraryNow: clock.now,
    });
  });
  afterAll(() => gw.close());

  const borrow = async (m: Member, bookId: string, returnDate: string) => {
    const answer = await gqlBorrow(gw, m.token, bookId, returnDate);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.record.id as string;
  };
  const viaGraphql = async (m: Member, lang = 'en') =>
    (
      await gw.request('POST', '/graphql', {
        body: { query: `{ me { ${STANDING} } }` },
        token: m.token,
        headers: { 'accept-language': lang },
      })
    ).body.data.me.standing as GqlStanding;
  /** GraphQL's standing in REST's words: a loan is named by its borrowId and book. */
  const asRest = (s: GqlStanding) => ({
    ...s,
    accruing: s.accruing.map(({ loan, amount, capped }) => ({
      borrowId: loan.id,
      bookId: loan.bookId,
      bookTitle: loan.bookTitle,
      amount,
      capped,
    })),
  });

  it('answers GET /api/me/standing as GraphQL’s standing: owed, fees accruing (capped ones saying so), the refusal', async () => {
    const m = await gw.member({ name: 'Rest Reader' });
    const cheap = await borrow(
      m,
      await gw.addBook({ quantity: 1, replacementCost: 200, title: 'Cheap' }),
      libraryDay(1),
    );
    const dear = await borrow(
      m,
      await gw.addBook({ quantity: 1, replacementCost: 5000, title: 'Dear' }),
      libraryDay(2),
    );

    const fresh = await gw.request('GET', '/api/me/standing', { token: m.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ owed: 0, accruing: [], canBorrow: true, refusal: null });

    await clock.at(10, async () => {
      const rest = await gw.request('GET', '/api/me/standing', { token: m.token });
      expect(rest.status).toBe(200);
      expect(rest.body).toEqual(asRest(await viaGraphql(m)));
      expect(rest.body.canBorrow).toBe(false);
      expect(rest.body.refusal.code).toBe('LOAN_OVERDUE');
      expect(rest.body.accruing).toEqual([
        expect.objectContaining({ borrowId: dear, bookTitle: 'Dear', capped: false }),
        { borrowId: cheap, bookId: expect.any(String), bookTitle: 'Cheap', amount: 200, capped: true },
      ]);
      // In the reader's language: the header's, for a member who chose none.
      const bangla = await gw.request('GET', '/api/me/standing', {
        token: m.token,
        headers: { 'accept-language': 'bn' },
      });
      expect(bangla.body.refusal.message).toBe((await viaGraphql(m, 'bn')).refusal?.message);
      expect(bangla.body.refusal.message).toMatch(/[\u0980-\u09FF]/);
    });
  });

  it('says on the loan itself that its fee reached the book’s replacement cost, and not before', async () => {
    const m = await gw.member();
    const loanId = await borrow(m, await gw.addBook({ quantity: 1, replacementCost: 200 }), libraryDay(1));
    const loan = async () =>
      (
        (await gw.gql('{ me { loans { id fee feeCapped } } }', {}, m.token)).body.data.me.loans as {
          id: string;
          fee: number;
          feeCapped: boolean;
        }[]
      ).find((l) => l.id === loanId);
    expect(await loan()).toEqual({ id: loanId, fee: 0, feeCapped: false });
    await clock.at(3, async () => {
      const early = await loan();
      expect(early?.feeCapped).toBe(false);
      expect(early?.fee).toBeGreaterThan(0);
      expect(early?.fee).toBeLessThan(200);
    });
    await clock.at(10, async () => expect(await loan()).toEqual({ id: loanId, fee: 200, feeCapped: true }));
  });

  it('answers 401 without a session and 403 with a bad one', async () => {
    const none = await gw.request('GET', '/api/me/standing');
    expect([none.status, none.body]).toEqual([401, UNAUTHORIZED]);
    const bad = await gw.request('GET', '/api/me/standing', { token: 'not-a-token' });
    expect([bad.status, bad.body]).toEqual([403, FORBIDDEN]);
  });
});
