// The library's policy end to end over GraphQL and REST, on both stores: the loan limit, the loan period,
// renewals, late fees and the ledger, the staff desk, catalogue editors, and copies owned with stale edits
// refused. Time moves by a test clock the library reads, never by sleeping.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { bookBody, gqlBorrow, libraryDay, restBorrow } from './factory.ts';
import { expectError } from './gql-assert.ts';

const LOAN = 'id dueDate renewals overdueDays fee canRenew renewBlockedReason status';

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
  const borrow = async (m: Member, bookId: string, returnDate = libraryDay(14)) => {
    const answer = await gqlBorrow(gw, m.token, bookId, returnDate);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.record.id as string;
  };
  const myLoans = async (m: Member) =>
    (await gw.gql(`{ me { balance loans { ${LOAN} } } }`, {}, m.token)).body.data.me as {
      balance: number;
      loans: Record<string, unknown>[];
    };

  describe('the loan limit', () => {
    it('lends five books at once and refuses the sixth with LOAN_LIMIT and a sentence, over GraphQL and REST', async () => {
      const m = await gw.member();
      const books = await Promise.all([1, 2, 3, 4, 5, 6].map(() => gw.addBook({ quantity: 1 })));
      for (const id of books.slice(0, 5)) await borrow(m, id);
      const refused = await gqlBorrow(gw, m.token, books[5]!);
      expectError(refused, 'LOAN_LIMIT');
      expect(refused.body.errors?.[0]?.message).toBe(
        'You already have 5 books on loan, the most the library lends at once. Return one to borrow another.',
      );
      const rest = await restBorrow(gw, m, books[5]!);
      expect([rest.status, rest.body.code]).toEqual([403, 'LOAN_LIMIT']);
      expect(rest.body.message).toMatch(/5 books on loan/);
      expect((await gw.store.books.get(books[5]!))?.quantity).toBe(1);
      const { policy } = (
        await gw.gql(
          '{ policy { loanLimit loanDays renewalDays maxRenewals lateFeePerDay lostProcessingFee defaultReplacementCost currency currencySymbol catalogueEditors dueSoonDays timeZone } }',
        )
      ).body.data;
      expect(policy).toEqual({
        loanLimit: 5,
        loanDays: 14,
        renewalDays: 7,
        maxRenewals: 1,
        lateFeePerDay: 50,
        lostProcessingFee: 100,
        defaultReplacementCost: 500,
        currency: 'BDT',
        currencySymbol: '৳',
        catalogueEditors: 'MEMBERS',
        // What the SPA needs besides: when a loan is due soon, and whose calendar its days are in.
        dueSoonDays: 3,
        timeZone: 'Asia/Dhaka',
      });
    });
  });

  describe('renewals', () => {
    it('renews once by seven days, then says why not; only the borrower may renew', async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      const loanId = await borrow(m, await gw.addBook({ quantity: 1 }), libraryDay(10));
      expect((await myLoans(m)).loans[0]).toMatchObject({ dueDate: libraryDay(10), canRenew: true, renewals: 0 });
      expectError(await gw.gql(`mutation { renewLoan(loanId: "${loanId}") { id } }`, {}, other.token), 'FORBIDDEN');
      const renewed = await gw.gql(
        `mutation($id: ID!) { renewLoan(loanId: $id) { ${LOAN} } }`,
        { id: loanId },
        m.token,
      );
      expect(renewed.body.data.renewLoan).toMatchObject({
        dueDate: libraryDay(17),
        renewals: 1,
        canRenew: false,
        renewBlockedReason: 'This loan has already been renewed once, the most the library allows.',
      });
      const again = await gw.gql(`mutation($id: ID!) { renewLoan(loanId: $id) { id } }`, { id: loanId }, m.token);
      expectError(again, 'RENEWAL_LIMIT');
    });

    it('refuses to renew an overdue loan (LOAN_OVERDUE) or an ended one (LOAN_NOT_ACTIVE)', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 1 });
      const loanId = await borrow(m, bookId, libraryDay(2));
      await clock.at(3, async () => {
        expect((await myLoans(m)).loans[0]).toMatchObject({ canRenew: false, overdueDays: 1, fee: 50 });
        const overdue = await gw.gql(`mutation($id: ID!) { renewLoan(loanId: $id) { id } }`, { id: loanId }, m.token);
        expectError(overdue, 'LOAN_OVERDUE');
      });
      await gw.gql(`mutation($id: ID!) { returnBook(borrowId: $id) { id } }`, { id: loanId }, m.token);
      const ended = await gw.gql(`mutation($id: ID!) { renewLoan(loanId: $id) { id } }`, { id: loanId }, m.token);
      expectError(ended, 'LOAN_NOT_ACTIVE');
    });
  });

  describe('late fees and the ledger', () => {
    it('charges 50 taka a day at a late return, blocks borrowing until staff take payment, then lends again', async () => {
      const m = await gw.member({ name: 'Late Reader' });
      const [first, second] = [
        await gw.addBook({ quantity: 1, title: 'Late Book' }),
        await gw.addBook({ quantity: 1 }),
      ];
      const loanId = await borrow(m, first, libraryDay(3));
      await clock.at(6, async () => {
        expect((await myLoans(m)).loans[0]).toMatchObject({ overdueDays: 3, fee: 150, status: 'BORROWED' });
        const back = await gw.gql(
          `mutation($id: ID!) { returnBook(borrowId: $id) { status fee overdueDays } }`,
          { id: loanId },
          m.token,
        );
        expect(back.body.data.returnBook).toEqual({ status: 'RETURNED', fee: 150, overdueDays: 3 });
      });
      // Back to today: the charge stays what it was when the book came back.
      const account = (
        await gw.gql('{ me { balance ledger { kind amount bookTitle note recordedBy } loans { fee } } }', {}, m.token)
      ).body.data.me;
      expect(account).toEqual({
        balance: 150,
        ledger: [{ kind: 'LATE_FEE', amount: 150, bookTitle: 'Late Book', note: 'Returned late', recordedBy: null }],
        loans: [{ fee: 150 }],
      });
      const refused = await gqlBorrow(gw, m.token, second);
      expectError(refused, 'FEES_UNPAID');
      expect(refused.body.errors?.[0]?.message).toBe(
        'You owe ৳150 in fees. Please pay at the desk before borrowing more.',
      );
      expect((await restBorrow(gw, m, second)).status).toBe(403);

      const pay = (field: string, amount: number, note?: string) =>
        gw.gql(
          `mutation($uid: String!, $amount: Int!, $note: String) { ${field}(uid: $uid, amount: $amount, note: $note) { kind amount note recordedBy } }`,
          { uid: m.uid, amount, note },
          staff.token,
        );
      const tooMuch = await pay('recordPayment', 151);
      expectError(tooMuch, 'BAD_USER_INPUT', 'amount');
      expect(tooMuch.body.errors?.[0]?.message).toBe('The amount is more than the member owes (৳150).');
      expect((await pay('recordPayment', 100, 'Cash')).body.data.recordPayment).toEqual({
        kind: 'PAYMENT',
        amount: 100,
        note: 'Cash',
        recordedBy: `Desk Clerk (${staffEmail})`,
      });
      expect((await pay('waiveFee', 50, 'First time late')).body.data.waiveFee).toMatchObject({
        kind: 'WAIVER',
        note: 'First time late',
      });
      expectError(await pay('waiveFee', 1, 'Goodwill'), 'BAD_USER_INPUT', 'amount');
      // The member sees who took the money by name; the staff e-mail address stays with staff.
      const mine = (await gw.gql('{ me { ledger { kind recordedBy } } }', {}, m.token)).body.data.me.ledger;
      expect(mine).toEqual(
        expect.arrayContaining([
          { kind: 'PAYMENT', recordedBy: 'Desk Clerk' },
          { kind: 'WAIVER', recordedBy: 'Desk Clerk' },
        ]),
      );
      expect(JSON.stringify(mine)).not.toContain(staffEmail);
      const desk = await gw.gql(`{ member(uid: "${m.uid}") { ledger { kind recordedBy } } }`, {}, staff.token);
      expect(desk.body.data.member.ledger).toContainEqual({
        kind: 'PAYMENT',
        recordedBy: `Desk Clerk (${staffEmail})`,
      });
      expect((await myLoans(m)).balance).toBe(0);
      await borrow(m, second);
    });
  });

  describe('the staff desk', () => {
    it('finds members, sees their account, checks in, lists the overdue and marks a loan lost', async () => {
      const m = await gw.member({ name: `Desk Patron ${randomUUID().slice(0, 6)}` });
      const lost = await gw.addBook({ quantity: 2, title: 'Lost Book' });
      const book = (await gw.gql(`{ book(id: "${lost}") { version } }`)).body.data.book;
      const priced = await gw.gql(
        `mutation($id: ID!, $input: BookUpdateInput!) { updateBook(id: $id, input: $input) { replacementCost copies version } }`,
        {
          id: lost,
          input: {
            ...bookBody({ title: 'Lost Book', quantity: undefined }),
            copies: 2,
            version: book.version,
            replacementCost: 800,
          },
        },
        staff.token,
      );
      expect(priced.body.data.updateBook).toEqual({ replacementCost: 800, copies: 2, version: book.version + 1 });
      const lostLoan = await borrow(m, lost, libraryDay(1));
      const kept = await borrow(m, await gw.addBook({ quantity: 1 }), libraryDay(5));

      const found = await gw.gql(
        `query($s: String) { members(search: $s, first: 5) { totalCount nodes { uid name } } }`,
        { s: m.name.toUpperCase() },
        staff.token,
      );
      expect(found.body.data.members).toEqual({ totalCount: 1, nodes: [{ uid: m.uid, name: m.name }] });

      await clock.at(3, async () => {
        const overdue = await gw.gql(
          '{ overdueLoans(first: 100) { totalCount nodes { id userName bookTitle overdueDays fee } } }',
          {},
          staff.token,
        );
        expect(overdue.body.data.overdueLoans.nodes).toContainEqual({
          id: lostLoan,
          userName: m.name,
          bookTitle: 'Lost Book',
          overdueDays: 2,
          fee: 100,
        });
        expect(overdue.body.data.overdueLoans.nodes.map((n: { id: string }) => n.id)).not.toContain(kept);
      });

      const checkedIn = await gw.gql(`mutation { checkIn(loanId: "${kept}") { status } }`, {}, staff.token);
      expect(checkedIn.body.data.checkIn).toEqual({ status: 'RETURNED' });
      expect((await gw.store.loans.get(kept))?.closedBy).toBe(`Desk Clerk (${staffEmail})`);

      const marked = await gw.gql(`mutation { markLost(loanId: "${lostLoan}") { status } }`, {}, staff.token);
      expect(marked.body.data.markLost).toEqual({ status: 'LOST' });
      expect(await gw.store.books.get(lost)).toMatchObject({ copies: 1, quantity: 1 });
      const member = await gw.gql(
        `{ member(uid: "${m.uid}") { name balance ledger { kind amount } loans { status } } }`,
        {},
        staff.token,
      );
      expect(member.body.data.member).toMatchObject({ name: m.name, balance: 900 });
      expect(member.body.data.member.ledger).toEqual(
        expect.arrayContaining([
          { kind: 'REPLACEMENT', amount: 800 },
          { kind: 'PROCESSING_FEE', amount: 100 },
        ]),
      );
      const own = (await gw.gql('{ me { ledger { kind recordedBy } } }', {}, m.token)).body.data.me.ledger;
      expect(own).toContainEqual({ kind: 'REPLACEMENT', recordedBy: 'Desk Clerk' });
      expect(JSON.stringify(own)).not.toContain(staffEmail);
      expect(member.body.data.member.loans.map((l: { status: string }) => l.status).sort()).toEqual([
        'LOST',
        'RETURNED',
      ]);
      expect((await gw.gql('{ member(uid: "nobody-here") { uid } }', {}, staff.token)).body.data.member).toBeNull();
      // A member reaches no one else's account.
      const other = await gw.member();
      expectError(
        await gw.gql(`query($id: ID) { borrowedBooks(userId: $id) { id } }`, { id: m.uid }, other.token),
        'FORBIDDEN',
      );
    });
  });

  describe('copies owned and stale edits', () => {
    // The editor is staff: with staff configured, only they change copies owned (tests/api/inventory.test.ts).
    it('refuses a stale Update Book from the issue: REST __v (409), If-Match (412), GraphQL version (CONFLICT)', async () => {
      const [editor, reader] = [staff, await gw.member()];
      const id = await gw.addBook({ quantity: 1, title: 'One Copy' });
      const loaded = await gw.request('GET', `/api/books/${id}`, { token: editor.token });
      expect(loaded.body).toMatchObject({ quantity: 1, copies: 1, __v: 0 });
      await borrow(reader, id);
      const { _id, ...form } = loaded.body;
      const byVersion = await gw.request('PUT', `/api/books/${id}`, { token: editor.token, body: form });
      expect([byVersion.status, byVersion.body.code]).toEqual([409, 'CONFLICT']);
      expect(byVersion.body.message).toMatch(/changed while you were editing it/);
      const { __v, ...bare } = form;
      expect(__v).toBe(0);
      const byTag = await gw.request('PUT', `/api/books/${id}`, {
        token: editor.token,
        body: bare,
        headers: { 'if-match': loaded.headers.get('etag')! },
      });
      expect(byTag.status).toBe(412);
      expect(await gw.store.books.get(id)).toMatchObject({ copies: 1, quantity: 0 });
      const gql = await gw.gql(
        'mutation($id: ID!, $input: BookUpdateInput!) { updateBook(id: $id, input: $input) { id } }',
        { id, input: { ...bookBody({ quantity: undefined }), copies: 1, version: 0 } },
        editor.token,
      );
      expectError(gql, 'CONFLICT');
      // With the current version the edit applies; fewer copies than are out is refused with a clear message.
      const current = await gw.request('GET', `/api/books/${id}`);
      const below = await gw.gql(
        'mutation($id: ID!, $input: BookUpdateInput!) { updateBook(id: $id, input: $input) { id } }',
        { id, input: { ...bookBody({ quantity: undefined }), copies: 0, version: current.body.__v } },
        editor.token,
      );
      expectError(below, 'BAD_USER_INPUT', 'copies');
      expect(below.body.errors?.[0]?.message).toBe('1 copy is on loan, so the library cannot own fewer than 1.');
      const fresh = await gw.request('PUT', `/api/books/${id}`, {
        token: editor.token,
        body: { ...bare, quantity: 2 },
        headers: { 'if-match': current.headers.get('etag')! },
      });
      expect(fresh.status).toBe(200);
      expect(await gw.store.books.get(id)).toMatchObject({ copies: 3, quantity: 2 });
    });

    it('reads a body with neither version nor If-Match as before: quantity is the copies available now', async () => {
      const [editor, reader] = [staff, await gw.member()];
      const id = await gw.addBook({ quantity: 1 });
      await borrow(reader, id);
      const answer = await gw.request('PUT', `/api/books/${id}`, {
        token: editor.token,
        body: bookBody({ quantity: 1 }),
      });
      expect(answer.body).toMatchObject({ modifiedCount: 1 });
      // No copy vanished and none was invented beyond what the client asked for: one on the shelf, one out.
      expect(await gw.store.books.get(id)).toMatchObject({ copies: 2, quantity: 1 });
    });
  });
});

describe('catalogue editors: staff', () => {
  let gw: TestGateway;
  const staffEmail = `editor-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    gw = await startTestGateway({
      env: { CATALOGUE_EDITORS: 'staff', ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
    });
  });
  afterAll(() => gw.close());

  it('lets only staff add and update books, over GraphQL and REST', async () => {
    const [member, staff] = [await gw.member(), await gw.member({ email: staffEmail })];
    const add = 'mutation($input: BookInput!) { addBook(input: $input) { id } }';
    expectError(await gw.gql(add, { input: bookBody() }, member.token), 'FORBIDDEN');
    const refused = await gw.request('POST', '/api/books', { token: member.token, body: bookBody() });
    expect([refused.status, refused.body.message]).toEqual([403, 'Only library staff can add or update books.']);
    const added = await gw.gql(add, { input: bookBody() }, staff.token);
    const id = added.body.data.addBook.id;
    const put = await gw.request('PUT', `/api/books/${id}`, { token: member.token, body: bookBody({ quantity: 2 }) });
    expect(put.status).toBe(403);
    expect(
      (await gw.request('PUT', `/api/books/${id}`, { token: staff.token, body: bookBody({ quantity: 2 }) })).status,
    ).toBe(200);
    expect((await gw.gql('{ policy { catalogueEditors } }')).body.data.policy).toEqual({ catalogueEditors: 'STAFF' });
  });
});
