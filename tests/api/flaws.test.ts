// One test per flaw of the original server, each showing that the gateway no longer has it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';
import { bookBody, borrowed, codes, libraryDay, members, quantityOf, restBorrow, restReturn } from './factory.ts';
import { activeLoan } from '../support/active-loan.ts';

describeEachStore((store) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ store });
  });
  afterAll(() => gw.close());

  describe('flaws of the original server', () => {
    it('a token request with only uid and email (no idToken) never yields a token', async () => {
      const victim = await gw.member();
      const forged = { uid: victim.uid, email: victim.email, displayName: 'Mallory', photoURL: '' };
      const rest = await gw.request('POST', '/api/jwt', { body: forged });
      expect(rest.status).toBe(401);
      expect(JSON.stringify(rest.body)).not.toMatch(/token"\s*:\s*"ey/);
      const gql = await gw.gql('mutation($input: IssueTokenInput!) { issueToken(input: $input) { token } }', {
        input: { uid: victim.uid },
      });
      expect(gql.body.data).toBeUndefined();
      expect(codes(gql)).toEqual(['BAD_USER_INPUT']);
      expect((await gw.store.users.getByUid(victim.uid))?.name).toBe(victim.name);
    });

    it('50 members racing for the last copy: exactly one 201, quantity 0, never below', async () => {
      const racers = await members(gw, 50);
      const bookId = await gw.addBook({ quantity: 1 });
      const answers = await Promise.all(racers.map((m) => restBorrow(gw, m, bookId)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 201).every((s) => s === 400)).toBe(true);
      const winner = answers.find((a) => a.status === 201);
      expect(winner?.body.currentQuantity).toBe(0);
      expect(await quantityOf(gw, bookId)).toBe(0);
      const loans = await Promise.all(racers.map((m) => activeLoan(gw.store, m.uid, bookId)));
      expect(loans.filter(Boolean)).toHaveLength(1);
    });

    it('a second active loan of the same book is refused, even when the requests race', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 20 });
      const answers = await Promise.all(Array.from({ length: 10 }, () => restBorrow(gw, m, bookId)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.status !== 201))
        expect(refused).toMatchObject({ status: 400, body: { alreadyBorrowed: true } });
      expect(await quantityOf(gw, bookId)).toBe(19);
      expect((await gw.store.loans.listByUser(m.uid)).filter((l) => l.status === 'borrowed')).toHaveLength(1);
    });

    it("returning with another book's id cannot raise that book's stock", async () => {
      const m = await gw.member();
      const [lent, target] = [await gw.addBook({ quantity: 1 }), await gw.addBook({ quantity: 2 })];
      const loanId = await borrowed(gw, m, lent);
      const answer = await restReturn(gw, m, loanId, target);
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect([await quantityOf(gw, lent), await quantityOf(gw, target)]).toEqual([0, 2]);
      expect((await gw.store.loans.get(loanId))?.status).toBe('borrowed');
      // The honest return still works and restores the right book.
      expect((await restReturn(gw, m, loanId, lent)).status).toBe(200);
      expect([await quantityOf(gw, lent), await quantityOf(gw, target)]).toEqual([1, 2]);
    });

    it('the user list is refused without a session (REST 401, GraphQL UNAUTHENTICATED) and leaks nobody', async () => {
      const m = await gw.member();
      const rest = await gw.request('GET', '/api/users');
      expect(rest).toMatchObject({ status: 401, body: { message: 'Unauthorized access' } });
      const gql = await gw.gql('{ users { email } }');
      expect(codes(gql)).toEqual(['UNAUTHENTICATED']);
      for (const answer of [rest, gql]) expect(JSON.stringify(answer.body)).not.toContain(m.email);
    });

    it('operator objects such as {"$gt": ""} and {"$ne": null} in a body are refused with 400 and change nothing', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 2, title: 'Guarded' });
      const loanId = await borrowed(gw, m, bookId);
      const books = await gw.store.books.count();
      const attempts: [string, string, Record<string, unknown>][] = [
        ['POST', '/api/borrow', { bookId: { $gt: '' }, returnDate: libraryDay(3) }],
        ['POST', '/api/borrow', { bookId, returnDate: { $gt: '' } }],
        ['POST', '/api/borrow', { bookId, returnDate: libraryDay(3), userId: { $ne: null } }],
        ['POST', '/api/return-book', { borrowId: { $ne: null }, bookId }],
        ['POST', '/api/return-book', { borrowId: loanId, bookId: { $gt: '' } }],
        ['POST', '/api/books', bookBody({ title: { $gt: '' } })],
        ['POST', '/api/books', bookBody({ quantity: { $gt: 0 } })],
        ['PUT', `/api/books/${bookId}`, { ...bookBody(), title: { $ne: null } }],
        ['POST', '/api/jwt', { idToken: { $ne: null } }],
      ];
      for (const [method, path, body] of attempts) {
        const answer = await gw.request(method, path, { token: m.token, body });
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
        expect(answer.body.message).toEqual(expect.any(String));
      }
      const gql = await gw.gql(
        'mutation($input: BorrowInput!) { borrow(input: $input) { currentQuantity } }',
        { input: { bookId: { $gt: '' }, returnDate: libraryDay(3) } },
        m.token,
      );
      expect(codes(gql)).toEqual(['BAD_USER_INPUT']);
      expect(await gw.store.books.get(bookId)).toMatchObject({ title: 'Guarded', quantity: 1 });
      expect(await gw.store.books.count()).toBe(books);
      expect((await gw.store.loans.get(loanId))?.status).toBe('borrowed');
    });
  });
});
