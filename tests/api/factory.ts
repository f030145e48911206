// Shared builders for the API suites: book bodies, calendar days in the library's zone, members in bulk,
// and one-call borrow/return over REST and GraphQL, so each test states only what it is about.
import { bookFields, type Answer, type Member, type TestGateway } from '../support/gateway.ts';
import type { BookFields } from '../../server/store/port.ts';
import { activeLoan } from '../support/active-loan.ts';

export { bookFields };

const LIBRARY_ZONE = 'Asia/Dhaka';
const DAY_MS = 86_400_000;

/** A REST/GraphQL book body: every field of the add form, valid unless overridden. */
export const bookBody = (overrides: Partial<Record<keyof BookFields, unknown>> & Record<string, unknown> = {}) => ({
  ...bookFields(),
  ...overrides,
});

/** The calendar day (YYYY-MM-DD) `offset` days from today in the library's time zone (Asia/Dhaka). */
export function libraryDay(offset = 0, now: Date = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: LIBRARY_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return new Date(Date.parse(`${today}T00:00:00.000Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** n members signed in through POST /api/jwt, a few at a time so the emulator is not flooded. */
export async function members(gw: TestGateway, n: number, batch = 10): Promise<Member[]> {
  const all: Member[] = [];
  for (let i = 0; i < n; i += batch) {
    all.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, () => gw.member()))));
  }
  return all;
}

export const restBorrow = (gw: TestGateway, m: Member, bookId: string, extra: Record<string, unknown> = {}) =>
  gw.request('POST', '/api/borrow', {
    token: m.token,
    body: { bookId, userId: m.uid, userName: m.name, userEmail: m.email, returnDate: libraryDay(14), ...extra },
  });

export const restReturn = (
  gw: TestGateway,
  m: Member,
  borrowId: string,
  bookId: string,
  extra: Record<string, unknown> = {},
) => gw.request('POST', '/api/return-book', { token: m.token, body: { borrowId, bookId, userId: m.uid, ...extra } });

/** Borrows over REST and answers with the loan's id (the REST answer names it borrowId). */
export async function borrowed(gw: TestGateway, m: Member, bookId: string): Promise<string> {
  const answer = await restBorrow(gw, m, bookId);
  if (answer.status !== 201) throw new Error(`borrow failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const loan = await activeLoan(gw.store, m.uid, bookId);
  if (!loan) throw new Error('borrow answered 201 but no active loan was stored');
  return loan.id;
}

export const quantityOf = async (gw: TestGateway, bookId: string) => (await gw.store.books.get(bookId))?.quantity;

export const LOAN_FIELDS =
  'id bookId userId userName userEmail borrowDate returnDate returnedAt status bookTitle bookAuthor bookImage bookCategory';
export const BOOK_FIELDS = 'id title author genre description image rating quantity';
export const USER_FIELDS = 'id uid name email role status createdAt phone photoURL';

export const gqlBorrow = (gw: TestGateway, token: string | null, bookId: string, returnDate = libraryDay(14)) =>
  gw.gql(
    `mutation($input: BorrowInput!) { borrow(input: $input) { currentQuantity record { ${LOAN_FIELDS} } } }`,
    { input: { bookId, returnDate } },
    token,
  );

/** The codes of a GraphQL answer's errors, for compact assertions. */
export const codes = (answer: Answer<{ errors?: { extensions?: { code?: string } }[] }>) =>
  (answer.body.errors ?? []).map((e) => e.extensions?.code);

/** A syntactically valid id that no record has. */
export const MISSING_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** The spec's REST answers to a missing and to a bad session token. */
export const UNAUTHORIZED = { message: 'Unauthorized access' };
export const FORBIDDEN = { message: 'Forbidden access' };
/** A date as JSON carries it (Date#toISOString). */
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
