// Test data for the signed-in screens: books made through the real GraphQL API by the catalogue keeper (staff:
// with staff configured, only staff set copies owned), so each journey works on its own uniquely named books
// instead of counting seeded ones.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { inject } from 'vitest';
import { baseUrl } from './browser.ts';
import { createAccount, signIn, type Account } from './accounts.ts';
import { keeper } from './staff.ts';

export interface ApiBook {
  id: string;
  title: string;
  author: string;
  genre: string;
  quantity: number;
  rating: number;
}

const BOOK_FIELDS = 'id title author genre quantity rating';

export function uniqueTag(prefix: string): string {
  return `${prefix}${randomUUID().slice(0, 8)}`;
}

export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('bookHavenToken'));
  if (!token) throw new Error('the page holds no session token: sign in first');
  return token;
}

/** A session token for an account straight from the API (emulator sign-in, then issueToken), no browser. */
export const apiToken = (account: Account): Promise<string> => apiTokenOn(baseUrl(), account);

/** The same on the gateway at `base` (a journey's own: support/own-gateway.ts). */
export async function apiTokenOn(base: string, account: Account): Promise<string> {
  const url = `${inject('authEmulatorUrl')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  });
  const { idToken } = (await response.json()) as { idToken: string };
  const data = await graphqlOn<{ issueToken: { token: string } }>(
    base,
    null,
    'mutation($input: IssueTokenInput!) { issueToken(input: $input) { token } }',
    { input: { idToken, displayName: account.name } },
  );
  return data.issueToken.token;
}

/** An operation on the journeys' gateway, its data; throws when the gateway answers an error. */
export const graphql = <T>(token: string | null, query: string, variables: Record<string, unknown> = {}): Promise<T> =>
  graphqlOn<T>(baseUrl(), token, query, variables);

/** The same on the gateway at `base` (a journey's own: support/own-gateway.ts). */
export async function graphqlOn<T>(
  base: string,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data || body.errors) throw new Error(`GraphQL failed (${response.status}): ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** The gateway's refusal of an operation: its code and the sentence it gives the member. Throws if it succeeds. */
export async function graphqlRefusal(
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ code: string | undefined; message: string }> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
  const error = body.errors?.[0];
  if (!error) throw new Error(`expected the gateway to refuse: ${JSON.stringify(body)}`);
  return { code: error.extensions?.code, message: error.message };
}

type BookSeed = Partial<Omit<ApiBook, 'id'>> & { title: string; image?: string; replacementCost?: number };

let keeperSession: Promise<string> | null = null;
/** The catalogue keeper's session token, made once per journey file. */
export const keeperToken = (): Promise<string> => (keeperSession ??= createAccount(keeper()).then(apiToken));

export async function addBook(book: BookSeed): Promise<ApiBook> {
  const input = {
    author: 'Journey Author',
    genre: 'Drama',
    quantity: 5,
    rating: 4,
    description: 'A book made by a browser journey.',
    image: '/placeholder-book.jpg',
    ...book,
  };
  const data = await graphql<{ addBook: ApiBook }>(
    await keeperToken(),
    `mutation($input: BookInput!) { addBook(input: $input) { ${BOOK_FIELDS} } }`,
    { input },
  );
  return data.addBook;
}

/** Sets a book's copies (the add form asks for at least one; an update may go down to zero). */
export async function setQuantity(book: ApiBook, quantity: number): Promise<void> {
  const { image } = (
    await graphql<{ book: { image: string } }>(null, 'query($id: ID!) { book(id: $id) { image } }', { id: book.id })
  ).book;
  const input = { title: book.title, author: book.author, genre: book.genre, rating: book.rating, image, quantity };
  await graphql(
    await keeperToken(),
    `
      mutation ($id: ID!, $input: BookUpdateInput!) {
        updateBook(id: $id, input: $input) {
          id
        }
      }
    `,
    { id: book.id, input },
  );
}

/** Borrows one copy for the token's user, due in `days` days. */
export async function borrowBook(token: string, bookId: string, days = 14): Promise<void> {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const due = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  await graphql(
    token,
    `
      mutation ($input: BorrowInput!) {
        borrow(input: $input) {
          currentQuantity
        }
      }
    `,
    { input: { bookId, returnDate: due } },
  );
}

export async function bookById(id: string): Promise<ApiBook | null> {
  const data = await graphql<{ book: ApiBook | null }>(null, `query($id: ID!) { book(id: $id) { ${BOOK_FIELDS} } }`, {
    id,
  });
  return data.book;
}

/**
 * One account signed in once per file through the login page; later tests (any viewport) restore the saved
 * storage (the session token in localStorage and Firebase's user in IndexedDB) into their own fresh
 * context, which skips the login page and its two-second success alert.
 */
export function sharedSession(overrides: Partial<Account> = {}) {
  let saved: { account: Account; state: Awaited<ReturnType<BrowserContext['storageState']>> } | null = null;
  return async function signedIn(get: { page: () => Page; context: () => BrowserContext }): Promise<Account> {
    if (saved) {
      await get.context().setStorageState(saved.state);
      return saved.account;
    }
    const account = await createAccount(overrides);
    await signIn(get.page(), account);
    saved = { account, state: await get.context().storageState({ indexedDB: true }) };
    return account;
  };
}

/**
 * Holds the next GraphQL request of one operation until release() is called, so a journey can see the
 * page's in-flight state ("Processing...") without racing it.
 */
export async function holdOperation(page: Page, operationName: string): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  let passed!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const done = new Promise<void>((resolve) => (passed = resolve));
  let held = false;
  const handler = async (route: Route) => {
    if (held || route.request().postDataJSON()?.operationName !== operationName) return route.fallback();
    held = true;
    await gate;
    await route.continue();
    passed();
  };
  await page.route('**/graphql', handler);
  return {
    release: async () => {
      open();
      await done;
      await page.unroute('**/graphql', handler);
    },
  };
}

/** A calendar day in the library's time zone, `offsetDays` from today (real time). */
export function libraryDay(offsetDays: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + offsetDays)).toISOString().slice(0, 10);
}

const DAY_STYLE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD day as the SPA writes every date, whatever the browser's locale: "24 Mar 2026". */
export const friendlyDate = (_page: Page, day: string) => Promise.resolve(DAY_STYLE.format(Date.parse(day)));
