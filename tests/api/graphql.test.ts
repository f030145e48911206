// The GraphQL API: every Query and Mutation field with its success shape and its errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { describeEachStore, startTestGateway, type Answer, type TestGateway } from '../support/gateway.ts';
import {
  BOOK_FIELDS,
  ISO,
  LOAN_FIELDS,
  MISSING_ID,
  USER_FIELDS,
  bookBody,
  bookFields,
  gqlBorrow,
  libraryDay,
  quantityOf,
} from './factory.ts';
import { expectError } from './gql-assert.ts';

const SESSION_SECRET = randomBytes(32).toString('hex');

describeEachStore((store) => {
  // One emulator serves both stores' runs, so each run signs its admin up under its own address.
  const ADMIN_EMAIL = `boss-${randomUUID().slice(0, 8)}@example.com`;
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({
      store,
      env: { ADMIN_EMAILS: ADMIN_EMAIL.toUpperCase(), SESSION_SECRET, BORROWING: 'instant', RETURNS: 'self' },
    });
  });
  afterAll(() => gw.close());
  // The admin's Firebase account, made once: an address signs up only once in the emulator.
  let admin: ReturnType<TestGateway['firebaseUser']> | undefined;
  const adminUser = () => (admin ??= gw.firebaseUser({ email: ADMIN_EMAIL }));
  /** Staff, signed in: with ADMIN_EMAILS set, copies owned and replacement costs are theirs to set. */
  const staffMember = async () => {
    const user = await adminUser();
    const answer = await gw.request('POST', '/api/jwt', { body: { idToken: user.idToken } });
    return { ...user, token: answer.body.token as string };
  };

  const data = <T>(answer: Answer<{ data?: T; errors?: unknown }>): T => {
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    expect(answer.status).toBe(200);
    return answer.body.data as T;
  };

  describe('catalogue queries', () => {
    it('books pages in insertion order with a keyset cursor; totalCount is filtered, bookCount whole', async () => {
      const genre = `Paged ${randomUUID()}`;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(await gw.addBook({ genre, title: `Paged ${i}` }));
      await gw.addBook({ title: 'Outside the filter' });
      const page = (after: string | null) =>
        gw.gql(
          `query($f: BookFilter, $after: String) { books(filter: $f, first: 2, after: $after) { totalCount nodes { id } pageInfo { hasNextPage endCursor } } bookCount }`,
          { f: { genre }, after },
        );
      const seen: string[] = [];
      let after: string | null = null;
      const flags: boolean[] = [];
      for (let i = 0; i < 3; i++) {
        const {
          books,
          bookCount,
        }: {
          books: {
            totalCount: number;
            nodes: { id: string }[];
            pageInfo: { hasNextPage: boolean; endCursor: string | null };
          };
          bookCount: number;
        } = data<any>(await page(after));
        expect(books.totalCount).toBe(5);
        expect(bookCount).toBe(await gw.store.books.count());
        expect(bookCount).toBeGreaterThan(5);
        seen.push(...books.nodes.map((n: { id: string }) => n.id));
        flags.push(books.pageInfo.hasNextPage);
        after = books.pageInfo.endCursor;
      }
      expect(seen).toEqual(ids);
      expect(flags).toEqual([true, true, false]);
    });

    it('books filters by case-insensitive title/author substring, genre and availability', async () => {
      const tag = randomUUID().slice(0, 8);
      const byTitle = await gw.addBook({ title: `The ${tag} Tale`, quantity: 0 });
      const byAuthor = await gw.addBook({ author: `Ann ${tag.toUpperCase()}`, genre: 'Poetry' });
      const query = `query($f: BookFilter) { books(filter: $f, first: 100) { totalCount nodes { id } } }`;
      const ids = async (f: Record<string, unknown>) =>
        data<any>(await gw.gql(query, { f })).books.nodes.map((n: { id: string }) => n.id);
      expect((await ids({ search: tag.toUpperCase() })).sort()).toEqual([byTitle, byAuthor].sort());
      expect(await ids({ search: tag, availableOnly: true })).toEqual([byAuthor]);
      expect(await ids({ search: tag, genre: 'Poetry' })).toEqual([byAuthor]);
      expect(await ids({ search: `${tag}-none` })).toEqual([]);
    });

    it('books refuses first outside 1..100 and a bad cursor with BAD_USER_INPUT naming the argument', async () => {
      for (const first of [0, -1, 101]) {
        expectError(
          await gw.gql('query($n: Int) { books(first: $n) { totalCount } }', { n: first }),
          'BAD_USER_INPUT',
          'first',
        );
      }
      expect(data<any>(await gw.gql('{ books(first: 100) { nodes { id } } }')).books.nodes.length).toBeLessThanOrEqual(
        100,
      );
      expectError(await gw.gql('{ books(after: "not-a-cursor") { totalCount } }'), 'BAD_USER_INPUT', 'after');
    });

    it('book answers one book, null for a missing id and BAD_USER_INPUT for a malformed one', async () => {
      const fields = bookFields({ title: 'One Book', rating: 3.7, quantity: 4 });
      const id = await gw.addBook(fields);
      expect(data<any>(await gw.gql(`query($id: ID!) { book(id: $id) { ${BOOK_FIELDS} } }`, { id })).book).toEqual({
        id,
        ...fields,
      });
      expect(data<any>(await gw.gql('query($id: ID!) { book(id: $id) { id } }', { id: MISSING_ID })).book).toBeNull();
      expectError(await gw.gql('{ book(id: "123") { id } }'), 'BAD_USER_INPUT', 'id');
    });

    it('booksByCategory, genres and categories', async () => {
      const genre = `Zeta ${randomUUID()}`;
      const ids = [await gw.addBook({ genre }), await gw.addBook({ genre })];
      await gw.store.categories.seed([
        { name: 'Drama', image: '/assets/library/categories/drama.svg', description: 'Plays.' },
      ]);
      const answer = data<any>(
        await gw.gql(
          'query($g: String!) { booksByCategory(category: $g) { id genre } genres categories { id name image description } }',
          { g: genre },
        ),
      );
      expect(answer.booksByCategory).toEqual(ids.map((id) => ({ id, genre })));
      expect(answer.genres).toContain(genre);
      expect(answer.genres).toEqual([...new Set(answer.genres)].sort());
      expect(answer.categories).toEqual([
        {
          id: expect.any(String),
          name: 'Drama',
          image: `${gw.url}/assets/library/categories/drama.svg`,
          description: 'Plays.',
        },
      ]);
    });
  });

  describe('accounts', () => {
    const issue = `mutation($input: IssueTokenInput!) { issueToken(input: $input) { token user { ${USER_FIELDS} } } }`;

    it('issueToken answers a token and the member, role member by default', async () => {
      const user = await gw.firebaseUser({ name: 'Gql Reader' });
      const { issueToken } = data<any>(await gw.gql(issue, { input: { idToken: user.idToken, uid: user.uid } }));
      expect(issueToken.user).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        uid: user.uid,
        name: 'Gql Reader',
        email: user.email,
        role: 'member',
        status: 'active',
        createdAt: expect.stringMatching(ISO),
        phone: null,
        photoURL: null,
      });
      expect(data<any>(await gw.gql('{ me { uid role } }', {}, issueToken.token)).me).toEqual({
        uid: user.uid,
        role: 'member',
      });
    });

    it('issueToken gives the admin role to ADMIN_EMAILS, case-insensitively', async () => {
      const user = await adminUser();
      expect(data<any>(await gw.gql(issue, { input: { idToken: user.idToken } })).issueToken.user.role).toBe('admin');
    });

    it('issueToken refuses an invalid idToken (UNAUTHENTICATED) and a uid mismatch (FORBIDDEN)', async () => {
      const [ada, bob] = [await gw.firebaseUser(), await gw.firebaseUser()];
      expectError(await gw.gql(issue, { input: { idToken: 'forged' } }), 'UNAUTHENTICATED');
      expectError(await gw.gql(issue, { input: { idToken: ada.idToken, uid: bob.uid } }), 'FORBIDDEN');
      expect(await gw.store.users.getByUid(ada.uid)).toBeNull();
    });

    it('me is null for a visitor; users lists members to a member and refuses a visitor', async () => {
      const m = await gw.member({ name: 'Listed' });
      expect(data<any>(await gw.gql('{ me { uid } }')).me).toBeNull();
      const users = data<any>(await gw.gql(`{ users { ${USER_FIELDS} } }`, {}, m.token)).users;
      expect(users.find((u: { uid: string }) => u.uid === m.uid)).toMatchObject({
        name: 'Listed',
        email: m.email,
        role: 'member',
      });
      expectError(await gw.gql('{ users { id } }'), 'UNAUTHENTICATED');
    });

    it('users pages members in sign-up order after a member id, searching names (and e-mails for staff); userCount counts them', async () => {
      const tag = randomUUID().slice(0, 8);
      const [a, b, c] = [
        await gw.member({ name: `Pager ${tag} Ada` }),
        await gw.member({ name: `Pager ${tag} Bob` }),
        await gw.member({ name: `Pager ${tag} Cy` }),
      ];
      const mailed = await gw.member({ name: 'Mailed Only', email: `inbox-${tag}@example.com` });
      await gw.member({ name: 'Someone Else' });
      // Staff search names and e-mails; a member, names only (below).
      const staff = await staffMember();
      const page = async (variables: { s?: string | null; n?: number; a?: string | null }, token = staff.token) =>
        data<any>(
          await gw.gql(
            'query($s: String, $n: Int, $a: ID) { users(search: $s, first: $n, after: $a) { id uid } userCount(search: $s) all: userCount }',
            variables,
            token,
          ),
        );
      const uids = (users: { uid: string }[]) => users.map((u) => u.uid);
      // Case-insensitive, in the name or the e-mail.
      const first = await page({ s: tag.toUpperCase(), n: 2 });
      expect([uids(first.users), first.userCount]).toEqual([[a.uid, b.uid], 4]);
      const second = await page({ s: tag, n: 2, a: first.users[1].id });
      expect(uids(second.users)).toEqual([c.uid, mailed.uid]);
      expect((await page({ s: tag, n: 2, a: second.users[1].id })).users).toEqual([]);
      expect(uids((await page({ s: `INBOX-${tag}` })).users)).toEqual([mailed.uid]);
      // A member's search matches names only: an e-mail is not theirs to probe.
      expect((await page({ s: `INBOX-${tag}` }, a.token)).users).toEqual([]);
      expect((await page({ s: tag }, a.token)).userCount).toBe(3);
      expect((await page({ s: `nobody-${tag}` })).userCount).toBe(0);

      // Without a search: every member counts, and a page holds at most `first` (20 when left out).
      const everyone = data<any>(await gw.gql('{ users { id } }', {}, a.token)).users;
      expect(first.all).toBe(everyone.length);
      expect((await page({ n: 3 })).users).toHaveLength(3);
      expect((await page({ a: everyone[0].id })).users).toEqual(
        everyone.slice(1, 21).map((u: { id: string }) => expect.objectContaining({ id: u.id })),
      );

      for (const n of [0, 101]) {
        expectError(
          await gw.gql('query($n: Int) { users(first: $n) { id } }', { n }, a.token),
          'BAD_USER_INPUT',
          'first',
        );
      }
      expectError(
        await gw.gql('{ users(first: 2, after: "not-an-id") { id } }', {}, a.token),
        'BAD_USER_INPUT',
        'after',
      );
      expectError(await gw.gql('{ userCount(search: "x\\u0000y") }', {}, a.token), 'BAD_USER_INPUT', 'search');
      expectError(await gw.gql('{ users(first: 2) { id } }'), 'UNAUTHENTICATED');
      expectError(await gw.gql('{ userCount }'), 'UNAUTHENTICATED');
    });
  });

  describe('catalogue mutations', () => {
    it('addBook stores and answers the book; refuses visitors and names the bad field', async () => {
      // Staff: members' changes of copies and costs are refused here (tests/api/inventory.test.ts).
      const m = await staffMember();
      const input = bookBody({ title: 'Added Over GraphQL', rating: 4.2 });
      const added = data<any>(
        await gw.gql(`mutation($input: BookInput!) { addBook(input: $input) { ${BOOK_FIELDS} } }`, { input }, m.token),
      ).addBook;
      expect(added).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), ...input });
      expect(await gw.store.books.get(added.id)).toMatchObject(input);
      const add = (i: Record<string, unknown>, token: string | null = m.token) =>
        gw.gql('mutation($input: BookInput!) { addBook(input: $input) { id } }', { input: i }, token);
      expectError(await add(bookBody(), null), 'UNAUTHENTICATED');
      for (const [field, bad] of [
        ['rating', { rating: 6 }],
        ['quantity', { quantity: 0 }],
        ['image', { image: 'ftp://x/y.png' }],
        ['title', { title: '  ' }],
      ] as const) {
        expectError(await add(bookBody(bad)), 'BAD_USER_INPUT', field);
      }
    });

    it('updateBook writes the fields, keeps an omitted description; NOT_FOUND for a missing book', async () => {
      // Staff: members' changes of copies and costs are refused here (tests/api/inventory.test.ts).
      const m = await staffMember();
      const id = await gw.addBook({ description: 'Original' });
      const input = {
        title: 'Renamed',
        author: 'B',
        genre: 'History',
        image: '/assets/library/covers/x.svg',
        rating: 2,
        quantity: 0,
      };
      const mutation = `mutation($id: ID!, $input: BookUpdateInput!) { updateBook(id: $id, input: $input) { ${BOOK_FIELDS} } }`;
      expect(data<any>(await gw.gql(mutation, { id, input }, m.token)).updateBook).toEqual({
        id,
        ...input,
        image: `${gw.url}${input.image}`,
        description: 'Original',
      });
      // A client that sends back the absolute URL it was given leaves the path stored, not this address.
      await gw.gql(mutation, { id, input: { ...input, image: `${gw.url}${input.image}` } }, m.token);
      expect((await gw.store.books.get(id))?.image).toBe(input.image);
      expectError(await gw.gql(mutation, { id: MISSING_ID, input }, m.token), 'NOT_FOUND');
      expectError(
        await gw.gql(mutation, { id, input: { ...input, quantity: -1 } }, m.token),
        'BAD_USER_INPUT',
        'quantity',
      );
      expectError(await gw.gql(mutation, { id, input }), 'UNAUTHENTICATED');
    });
  });

  describe('circulation', () => {
    it("borrowWindow gives the return dates a borrow accepts, in the library's calendar, to anyone and uncached", async () => {
      const answer = await gw.gql('{ borrowWindow { today latestReturnDate timeZone } }');
      expect(answer.body.data).toEqual({
        borrowWindow: { today: libraryDay(0), latestReturnDate: libraryDay(14), timeZone: 'Asia/Dhaka' },
      });
      expect(answer.headers.get('cache-control')).toMatch(/no-store/);
      // The latest day is accepted and the one after it refused, as the window says.
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 2 });
      expectError(await gqlBorrow(gw, m.token, bookId, libraryDay(15)), 'BAD_USER_INPUT', 'returnDate');
      expect((await gqlBorrow(gw, m.token, bookId, libraryDay(14))).body.errors).toBeUndefined();
    });

    it('borrow answers the loan (BORROWED, ISO dates) and the new quantity', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 2, title: 'Gql Loan' });
      const { borrow } = data<any>(await gqlBorrow(gw, m.token, bookId, libraryDay(7)));
      expect(borrow.currentQuantity).toBe(1);
      expect(borrow.record).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        bookId,
        userId: m.uid,
        userName: m.name,
        userEmail: m.email,
        borrowDate: expect.stringMatching(ISO),
        returnDate: `${libraryDay(7)}T00:00:00.000Z`,
        returnedAt: null,
        status: 'BORROWED',
        bookTitle: 'Gql Loan',
        bookAuthor: 'Test Author',
        bookImage: 'https://example.com/cover.jpg',
        bookCategory: 'Drama',
      });
      expect(Math.abs(Date.parse(borrow.record.borrowDate) - Date.now())).toBeLessThan(60_000);
    });

    it('borrow refuses: ALREADY_BORROWED with the spec message, OUT_OF_STOCK, NOT_FOUND, bad returnDate, visitors', async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      const bookId = await gw.addBook({ quantity: 1 });
      data(await gqlBorrow(gw, m.token, bookId));
      const again = expectError(await gqlBorrow(gw, m.token, bookId), 'ALREADY_BORROWED');
      expect(again.message).toBe('You have already borrowed this book. You can borrow it again after returning it.');
      expectError(await gqlBorrow(gw, other.token, bookId), 'OUT_OF_STOCK');
      expectError(await gqlBorrow(gw, other.token, MISSING_ID), 'NOT_FOUND');
      expectError(await gqlBorrow(gw, other.token, bookId, libraryDay(-1)), 'BAD_USER_INPUT', 'returnDate');
      expectError(await gqlBorrow(gw, null, bookId), 'UNAUTHENTICATED');
      expect(await quantityOf(gw, bookId)).toBe(0);
    });

    it('returnBook marks the loan RETURNED and refuses others, missing and returned loans', async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      const bookId = await gw.addBook({ quantity: 1 });
      const loanId = data<any>(await gqlBorrow(gw, m.token, bookId)).borrow.record.id;
      const giveBack = (id: string, token: string | null) =>
        gw.gql(`mutation($id: ID!) { returnBook(borrowId: $id) { ${LOAN_FIELDS} } }`, { id }, token);
      expectError(await giveBack(loanId, other.token), 'FORBIDDEN');
      expectError(await giveBack(MISSING_ID, m.token), 'NOT_FOUND');
      expectError(await giveBack(loanId, null), 'UNAUTHENTICATED');
      const returned = data<any>(await giveBack(loanId, m.token)).returnBook;
      expect(returned).toMatchObject({ id: loanId, status: 'RETURNED', returnedAt: expect.stringMatching(ISO) });
      expect(await quantityOf(gw, bookId)).toBe(1);
      expectError(await giveBack(loanId, m.token), 'BAD_USER_INPUT', 'borrowId');
      expect(await quantityOf(gw, bookId)).toBe(1);
    });

    it("borrowedBooks lists the caller's loans; another user's is FORBIDDEN; a visitor UNAUTHENTICATED", async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      const bookId = await gw.addBook();
      data(await gqlBorrow(gw, m.token, bookId));
      const mine = data<any>(await gw.gql('{ borrowedBooks { bookId status } }', {}, m.token)).borrowedBooks;
      expect(mine).toEqual([{ bookId, status: 'BORROWED' }]);
      expect(
        data<any>(await gw.gql('query($u: ID) { borrowedBooks(userId: $u) { bookId } }', { u: m.uid }, m.token))
          .borrowedBooks,
      ).toEqual([{ bookId }]);
      expectError(
        await gw.gql('query($u: ID) { borrowedBooks(userId: $u) { bookId } }', { u: m.uid }, other.token),
        'FORBIDDEN',
      );
      expectError(await gw.gql('{ borrowedBooks { id } }'), 'UNAUTHENTICATED');
    });
  });
});
