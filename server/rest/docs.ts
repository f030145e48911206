// What each REST route tells the OpenAPI document beyond its request schema: tag, summary, whether it needs a
// session, and one response schema per status it can answer. routes.ts spreads these into the route schemas,
// so the document and the serialisers come from the same objects the gateway runs with.
import * as r from './responses.ts';
import { myData } from './my-data-responses.ts';

/** The security requirement of every route that needs a session (POST /api/jwt issues the token). */
export const BEARER = [{ bearerAuth: [] }];

const SIGNED_IN = [401, 403];
const ok = (description: string, schema: object) => ({ description, ...schema });

export const signIn = {
  tags: ['Session'],
  summary: 'Exchange a Firebase ID token for a session token',
  description:
    'Verifies the Firebase ID token once, creates or refreshes the member, and answers with a BookHaven session token.',
  response: { 200: ok('Signed in', r.token), ...r.failures([...r.BODY_FAILURES, 401, 403, 429, 503]) },
};

export const signOut = {
  tags: ['Session'],
  summary: 'Sign out: end the session token sent',
  description:
    'The token sent is refused from now on, by every gateway sharing the store within 5 seconds. Answers 204 whether a session was sent or not; not counted against the write budget.',
  response: { 204: { description: 'Signed out', type: 'null' }, ...r.failures([503]) },
};

export const listBooks = {
  tags: ['Books'],
  summary: 'Every book in the catalogue',
  description: 'Streamed as one JSON array in insertion order, however large the catalogue.',
  response: { 200: ok('All books', r.bookList), ...r.failures([503]) },
};

export const addBook = {
  tags: ['Books'],
  summary: 'Add a book',
  description:
    "Where the library has staff (ADMIN_EMAILS), a member's new book has `quantity` 1 and no `replacementCost` of its own; more copies or another cost is 403 FORBIDDEN (staff set them).",
  security: BEARER,
  response: { 201: ok('Added', r.inserted), ...r.failures([...r.BODY_FAILURES, ...SIGNED_IN, 429, 503]) },
};

export const booksInCategory = {
  tags: ['Books'],
  summary: 'Books of one genre',
  response: {
    200: ok('The books whose genre is exactly this category', r.bookList),
    ...r.failures([...r.PATH_FAILURES, 503]),
  },
};

export const getBook = {
  tags: ['Books'],
  summary: 'One book',
  response: { 200: ok('The book', r.book), ...r.failures([...r.PATH_FAILURES, 404, 503]) },
};

export const updateBook = {
  tags: ['Books'],
  summary: 'Replace a book’s fields',
  description:
    'The id in the path wins; an `_id` in the body is ignored. `quantity` is the copies available: copies owned become it plus the copies on loan. Send `__v` from the loaded book (409 when the book changed since) or its ETag in `If-Match` (412); a body with neither is applied to the book as it is now. Where the library has staff (ADMIN_EMAILS), a member who changes the copies owned (through `quantity`) or `replacementCost` is refused 403 FORBIDDEN; the same values sent back unchanged are accepted.',
  security: BEARER,
  response: {
    200: ok('Updated (modifiedCount 0 when nothing changed)', r.updated),
    ...r.failures([...r.BODY_FAILURES, 414, ...SIGNED_IN, 404, 409, 412, 429, 503]),
  },
};

export const borrow = {
  tags: ['Circulation'],
  summary: 'Borrow a copy of a book',
  description:
    'The borrower is the session’s member; a `userId` naming someone else is refused with 403. The library’s policy applies: the return date is at most the loan period away (a return date on a day the library is closed makes the loan due the next day it opens), and a member at the loan limit, owing fees or with an overdue loan (OVERDUE_BLOCKS_BORROWING) is refused with 403 and a `code` (LOAN_LIMIT, FEES_UNPAID, LOAN_OVERDUE). A self-service library lends at once (201). A staffed library with click and collect (BORROWING=collect) takes the borrow as a pickup request (202, `status: "requested"`): a copy is set aside at the desk until `readyUntil`, the request counts toward the loan limit, and the loan starts when the desk checks the copy out to the member (due on `returnDate` when it still fits). A copy already waiting for the member at the desk is refused with 409 ALREADY_ON_HOLD.',
  security: BEARER,
  response: {
    201: ok('Borrowed', r.borrowed),
    202: ok('Requested for pickup at the desk (BORROWING=collect)', r.pickupRequested),
    ...r.failures([...r.BODY_FAILURES, ...SIGNED_IN, 404, 429, 503], r.borrowFailure),
  },
};

export const loansOf = {
  tags: ['Circulation'],
  summary: 'The caller’s borrow records, newest first',
  security: BEARER,
  response: {
    200: ok('Borrow records', { type: 'array', items: r.loan }),
    ...r.failures([...r.PATH_FAILURES, ...SIGNED_IN, 503]),
  },
};

export const myStanding = {
  tags: ['Circulation'],
  summary: 'The caller’s standing: owed, fees accruing, whether a borrow would go ahead',
  description:
    'The computation GraphQL’s `me { standing }` answers: `owed` by the ledger, the late fees accruing on loans still out (each with `capped` when it stopped at the book’s replacement cost), and the refusal a borrow would meet first now (`code` and a sentence in the reader’s language: the account’s, else `Accept-Language`). Private, never cached.',
  security: BEARER,
  response: { 200: ok('The standing', r.standing), ...r.failures([...SIGNED_IN, 503]) },
};

export const giveBack = {
  tags: ['Circulation'],
  summary: 'Return a borrowed book',
  security: BEARER,
  response: {
    200: ok('Returned', r.returned),
    ...r.failures([...r.BODY_FAILURES, 404, 429, 503], r.envelopeFailure),
    // The session check answers before the handler, without the envelope; a refused loan answers with it.
    ...r.failures(SIGNED_IN, { ...r.envelopeFailure, required: ['message'] }),
  },
};

export const categories = {
  tags: ['Categories'],
  summary: 'The library’s categories',
  response: { 200: ok('Categories', { type: 'array', items: r.category }), ...r.failures([503]) },
};

export const closures = {
  tags: ['Calendar'],
  summary: 'The days the library is closed from one day to another',
  description:
    "Every closure from `from` to `to` (YYYY-MM-DD, inclusive; as GraphQL's `calendar` takes them), by day. `reason` is said in the reader's language (a signed-in member's choice, else Accept-Language), in the other when staff gave only that one; `reasonEn` and `reasonBn` are the reasons as entered.",
  querystring: {
    type: 'object',
    required: ['from', 'to'],
    // A query's values are text (the gateway does not coerce them); the service checks the days and the range.
    properties: {
      from: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
      to: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
    },
    additionalProperties: false,
  },
  response: { 200: ok('Closures by day', { type: 'array', items: r.closure }), ...r.failures([400, 503]) },
};

export const users = {
  tags: ['Users'],
  summary: 'Every member',
  description:
    'Staff and the member themselves see a member in full; to other members an e-mail is masked to its first character and domain (`z•••@example.com`), and `phone` and `photoURL` are null.',
  security: BEARER,
  response: { 200: ok('Members, oldest first', { type: 'array', items: r.user }), ...r.failures([...SIGNED_IN, 503]) },
};

export const exportMyData = {
  tags: ['Users'],
  summary: 'Everything the library holds about the caller',
  description:
    'A download (`Content-Disposition: attachment`): profile, loans with titles, holds, ledger, notices, purchase suggestions and the audit trail’s entries about the caller as a member may read them. Private, never cached.',
  security: BEARER,
  response: { 200: ok('The caller’s data', myData), ...r.failures([...SIGNED_IN, 503]) },
};

export const overdueCsv = {
  tags: ['Desk'],
  summary: 'The overdue list as a spreadsheet (staff)',
  description:
    'Every active loan at least `minDays` days late (1 when left out), the longest overdue first, as CSV (RFC 4180, a header row): member, e-mail, book, due date, days late, the day a return was claimed, loan id. A download (`Content-Disposition: attachment`), private. Members get 403 FORBIDDEN.',
  security: BEARER,
  querystring: {
    type: 'object',
    // A query's values are text (the gateway does not coerce them); the service checks the range (1 to 3650).
    properties: { minDays: { type: 'string', pattern: '^[0-9]{1,4}$' } },
    additionalProperties: false,
  },
  response: {
    200: { description: 'The overdue loans', content: { 'text/csv': { schema: { type: 'string' } } } },
    ...r.failures([400, ...SIGNED_IN, 503]),
  },
};
