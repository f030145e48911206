// Hostile input against every REST operation of the served OpenAPI document and every GraphQL argument of the
// introspected schema: operator objects, keys with dots and `$`, wrong types, huge strings and bodies,
// malformed and missing ids, impossible dates, NaN/Infinity/negative/fractional numbers. Each must be refused
// (REST 4xx with a JSON message; GraphQL BAD_USER_INPUT / GRAPHQL_VALIDATION_FAILED, or the domain's own
// refusal where the value is well-formed but not allowed), nothing internal may leak, and the store must be
// exactly as it was. Afterwards every baseline request the table mutated is sent as is and must succeed, so
// each refusal is down to the hostile value alone. The table is derived from the documents, so a new route or
// argument is fuzzed (or fails the coverage check) without editing this file.
import { describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestSmtp } from '../support/smtp-server.ts';
import { startTestGateway, type Answer, type TestGateway } from '../support/gateway.ts';
import { MISSING_ID, bookBody, libraryDay } from './factory.ts';
import { moonHolidays } from '../../server/library/moon-holidays.ts';
import { addDays } from '../../server/library/calendar.ts';
import { ACCESS, type AccessMap } from '../../server/graphql/access.ts';

/** A JSON token that JSON.stringify cannot produce (1e999 parses as Infinity; NaN is not JSON at all). */
class Raw {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}
type Value = unknown;

/** Stack frames, exception details, paths of the gateway's files. (Apollo's messages quote the refused value, which may itself read `… at "x" (…`.) */
const INTERNALS = /stacktrace|exception|\bat .*\(.*:\d+:\d+\)|node_modules|\/server\//i;

const MB = 'm'.repeat(1024 * 1024);
/** Longer than any field allows, shorter than the 100 KiB body limit: the field's own check must refuse it. */
const LONG = 'l'.repeat(90 * 1024);
const OPERATORS: Value[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  { $regex: '.*' },
  { 'a.b': 1, $set: { quantity: 0 } },
  [{ $gt: '' }],
];
const NOT_STRINGS: Value[] = [42, true, ['x'], {}];
/** Text no person types: NUL, terminal escapes, a lone UTF-16 surrogate, C1 controls, Unicode line separators. */
const CONTROL = [
  'a\u0000b',
  'red \u001b[31malert\u001b[0m',
  'bell\u0007',
  'half \ud800 pair',
  'next\u0085line',
  'line\u2028separator',
  'para\u2029graph',
];
/** What a single-line field (all text but a description) refuses too: a second line, which e-mails would show. */
const LINE_BREAKS = ['Title\nSubject: forged line', 'one\r\ntwo', 'carriage\rreturn', 'tab\there', '\n'];
/** Longer than the router takes for a path parameter, shorter than a header limit. */
const PATH_LONG = 'p'.repeat(200);
const NOT_NUMBERS: Value[] = ['5', true, [1], {}, new Raw('NaN')];
const NON_FINITE = [new Raw('1e999'), new Raw('-1e999')];
const BAD_IDS = [
  '../',
  '..%2F..%2Fetc%2Fpasswd',
  "' OR 1=1 --",
  '',
  ' ',
  '0'.repeat(23),
  'g'.repeat(24),
  `${MISSING_ID}0`,
  '{"$gt":""}',
  `${MISSING_ID}\u0000`,
];
// Yesterday on the library's calendar, read once: the cases are built as the suite runs, and a run that passes the
// library's midnight must not call one day yesterday in one list and the next day in another.
const YESTERDAY = libraryDay(-1);
const BAD_DATES = [
  '2024-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  'yesterday',
  'tomorrow',
  YESTERDAY,
  '9999-12-31',
  '+275760-09-13',
  `${libraryDay(3)}T25:61:00Z`,
  'NaN',
  '',
];
const BAD_URLS = [
  'javascript:alert(1)',
  '//evil.example/x.png',
  'file:///etc/passwd',
  'data:text/html,<script>alert(1)</script>',
  'http://a b',
];
/** Content that is hostile only if something interprets it: free text must match itself and nothing else. */
const LITERALS = [
  '{"$gt":""}',
  "' OR 1=1 --",
  '.*',
  '%',
  '_',
  '\\',
  '$where',
  'a.b',
  '[a-z]',
  '"; DROP TABLE books; --',
];

/** Kinds of argument beyond their JSON type: what hostile content means for them and what refusing it looks like. */
type Kind =
  | 'id'
  | 'ref'
  | 'uid'
  | 'date'
  | 'day'
  | 'url'
  | 'token'
  | 'cursor'
  | 'free'
  | 'text'
  | 'lines'
  | 'int'
  | 'count'
  | 'rating'
  | 'bool';

function hostileValues(kind: Kind, required: boolean): Value[] {
  const common = [...OPERATORS, MB];
  const blank = required ? ['', '   '] : [];
  switch (kind) {
    case 'id':
    case 'ref':
      return [...common, ...NOT_STRINGS.slice(1), ...BAD_IDS];
    case 'uid':
      return [...common, ...NOT_STRINGS.slice(1), LONG, "' OR 1=1 --", '../', '{"$ne":null}', ...blank];
    case 'date':
      return [...common, ...NOT_STRINGS, LONG, ...BAD_DATES, 20260101];
    // A day of the library's calendar, which may be in the past (a closure recorded afterwards).
    case 'day':
      return [...common, ...NOT_STRINGS, LONG, ...BAD_DATES.filter((d) => d !== YESTERDAY), 20260101];
    case 'url':
      return [...common, ...NOT_STRINGS, LONG, ...BAD_URLS, ...CONTROL, ...LINE_BREAKS, ...blank];
    case 'token':
      return [...common, ...NOT_STRINGS, LONG, "' OR 1=1 --", '{"$ne":null}', ...blank];
    case 'cursor':
      return [
        ...common,
        ...NOT_STRINGS,
        LONG,
        ...LITERALS,
        '../',
        Buffer.from('z'.repeat(24)).toString('base64url') /* a cursor around a non-id */,
      ];
    case 'free':
      return [...common, ...NOT_STRINGS, LONG, ...LITERALS];
    case 'text':
      return [...common, ...NOT_STRINGS, LONG, ...CONTROL, ...LINE_BREAKS, ...blank];
    case 'lines':
      return [...common, ...NOT_STRINGS, LONG, ...CONTROL, ...blank];
    case 'int':
      return [...common, ...NOT_NUMBERS, ...NON_FINITE, -1, 0, 0.5, 101, 2 ** 31, 2 ** 53, 1e308];
    case 'count':
      return [...common, ...NOT_NUMBERS, ...NON_FINITE, -1, 1.5, 1_000_001, 2 ** 31, 2 ** 53, 1e308];
    case 'rating':
      return [...common, ...NOT_NUMBERS, ...NON_FINITE, -1, 0, 0.99, 5.01, 6, 1e308];
    case 'bool':
      return [...common, 'true', 1, [true]];
  }
}

/** The kind of an argument, by its name (REST body field, path parameter or GraphQL argument path). */
function kindOf(name: string, type: string): Kind {
  const leaf = name.split('.').at(-1) ?? name;
  const byName: Record<string, Kind> = {
    id: 'id',
    _id: 'id',
    bookId: 'ref',
    borrowId: 'ref',
    uid: 'uid',
    userId: 'uid',
    returnDate: 'date',
    date: 'day',
    from: 'day',
    to: 'day',
    until: 'day',
    image: 'url',
    photoURL: 'url',
    idToken: 'token',
    after: 'cursor',
    category: 'free',
    search: 'free',
    description: 'lines',
    first: 'int',
    quantity: 'count',
    minDays: 'count',
    rating: 'rating',
  };
  // Free text matched against stored values: no match is an empty answer, not a refusal.
  if (name === 'books.filter.genre' || name === 'member.uid') return 'free';
  if (byName[leaf]) return byName[leaf];
  if (type === 'ID') return 'id';
  if (type === 'boolean' || type === 'Boolean') return 'bool';
  if (type === 'integer' || type === 'Int') return 'count';
  if (type === 'number' || type === 'Float') return 'rating';
  return 'text';
}

const label = (value: Value) => {
  if (value instanceof Raw) return `raw ${value.json}`;
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 30)}… (${json.length} chars)` : json;
};

/** JSON text with Raw tokens spliced in. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof Raw ? `@@raw${raws.push(v.json) - 1}@@` : v));
  return text.replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)] ?? 'null');
}

const pathValue = (value: Value) =>
  value instanceof Raw ? value.json : typeof value === 'string' ? value : JSON.stringify(value);

const tally = (outcomes: (string | number)[]) =>
  Object.entries(Object.groupBy(outcomes, String))
    .map(([outcome, all]) => `${outcome}: ${all?.length}`)
    .join(', ');

async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return results;
}

/** Books (with quantities), categories, members and every member's loans, exactly as the store has them. */
async function snapshot(gw: TestGateway) {
  const books = [];
  for await (const book of gw.store.books.all()) books.push(book);
  const users = await gw.store.users.list();
  const loans = (await Promise.all(users.map((u) => gw.store.loans.listByUser(u.uid)))).flat();
  return JSON.parse(
    JSON.stringify({
      books,
      users,
      loans,
      categories: await gw.store.categories.list(),
      count: await gw.store.books.count(),
    }),
  ) as unknown;
}

/**
 * What each side of the table works on: a member with active loans to return, renew, check in and mark lost; another member who owes fees; a staff member for the desk's
 * fields; books to borrow
 * and update; and a Firebase account not yet signed in.
 */
async function fixtures(gw: TestGateway, staffEmail: string) {
  const m = await gw.member({ name: 'Hostile Tester' });
  const staff = await gw.member({ name: 'Hostile Desk', email: staffEmail });
  const debtor = await gw.member({ name: 'Hostile Debtor' });
  const fresh = await gw.firebaseUser({ name: 'Fresh Account' });
  const [toBorrow, toUpdate, toReturn, toRenew, toCheckIn, toLose, owed] = [
    await gw.addBook({ quantity: 3 }),
    await gw.addBook({ quantity: 2 }),
    await gw.addBook({ quantity: 1 }),
    await gw.addBook({ quantity: 1 }),
    await gw.addBook({ quantity: 1 }),
    await gw.addBook({ quantity: 1 }),
    await gw.addBook({ quantity: 1 }),
  ];
  const borrow = async (member: typeof m, bookId: string) => {
    const loan = await gw.request('POST', '/api/borrow', {
      token: member.token,
      body: { bookId, returnDate: libraryDay(7) },
    });
    expect(loan.status).toBe(201);
    return loan.body.borrowId as string;
  };
  const loanId = await borrow(m, toReturn);
  const [renewId, checkInId, loseId] = [await borrow(m, toRenew), await borrow(m, toCheckIn), await borrow(m, toLose)];
  // Two books with no copy on the shelf: one the member will join the queue for, one they are queued for.
  const [toQueue, queued] = [await gw.addBook({ quantity: 1 }), await gw.addBook({ quantity: 1 })];
  await borrow(staff, toQueue);
  await borrow(staff, queued);
  const hold = await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: queued }, m.token);
  expect(hold.body.errors).toBeUndefined();
  // A waiting hold to pause, then resume (its one copy lent to a member of its own: staff are at their limit).
  const paused = await gw.addBook({ quantity: 1 });
  await borrow(await gw.member({ name: 'Hostile Lender' }), paused);
  const toPause = await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: paused }, m.token);
  expect(toPause.body.errors).toBeUndefined();
  // The debtor owes ৳100: a late fee charged by the store directly (no clock to move here).
  const charged = await gw.store.loans.checkin(await borrow(debtor, owed), new Date(), { lateFee: () => 100 });
  expect(charged.ok).toBe(true);
  // A loan ten days late (made through the store with its due day in the past): the desk may remind of it.
  const lateBook = await gw.store.books.get(await gw.addBook({ quantity: 1 }));
  const late = await gw.store.loans.checkout({
    bookId: lateBook!.id,
    userId: debtor.uid,
    userName: debtor.name,
    userEmail: debtor.email,
    borrowDate: new Date(Date.now() - 20 * 86_400_000),
    returnDate: new Date(`${libraryDay(-10)}T00:00:00.000Z`),
    bookTitle: lateBook!.title,
    bookAuthor: lateBook!.author,
    bookImage: lateBook!.image,
    bookCategory: lateBook!.genre,
  });
  if (!late.ok) throw new Error(`the late loan was refused: ${late.reason}`);
  // The scanning desk: copies on the shelf to look up, withdraw, send to repair and lend to a reader by card; a
  // copy on loan to check in by scan and a loan to renew for its member (staff's own, who owe nothing).
  const reader = await gw.member({ name: 'Hostile Reader' });
  const deskBook = await gw.addBook({ quantity: 4 });
  const shelf = (await gw.store.items.listByBook(deskBook)).map((item) => item.barcode);
  const scanLoan = await gw.store.loans.get(await borrow(staff, await gw.addBook({ quantity: 1 })));
  const renewForId = await borrow(staff, await gw.addBook({ quantity: 1 }));
  // The hold shelf: a ready hold (its copy set aside by a return) to shelve, and one that ended on the shelf to clear.
  const readyHold = async (member: typeof m, shelved: boolean) => {
    const bookId = await gw.addBook({ quantity: 1 });
    const staffLoan = await borrow(staff, bookId);
    const placed = await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId }, member.token);
    const holdId = placed.body.data.placeHold.id as string;
    expect((await gw.store.loans.checkin(staffLoan, new Date())).ok).toBe(true);
    if (shelved) {
      expect((await gw.store.holds.shelve(holdId, new Date())).ok).toBe(true);
      expect((await gw.store.holds.cancel(holdId, new Date())).ok).toBe(true);
    }
    return holdId;
  };
  const [toShelve, toClear] = [await readyHold(m, false), await readyHold(reader, true)];
  const claimId = await borrow(reader, await gw.addBook({ quantity: 1 }));
  // A member's edit of a title, for staff to revert (revertBookEdit).
  const toRevert = await gw.addBook({ quantity: 1 });
  const edited = await gw.request('PUT', `/api/books/${toRevert}`, {
    token: m.token,
    body: bookBody({ title: 'Retitled for a revert', quantity: 1 }),
  });
  expect(edited.status).toBe(200);
  const titleEdit = (await gw.store.audit.listByBook(toRevert, { first: 20 })).nodes.find((e) => e.field === 'title');
  // A member's purchase suggestion for staff to answer (decideSuggestion).
  const suggestion = await gw.store.suggestions.add(
    { userId: m.uid, title: 'Suggested for the baseline', author: '', note: '', createdAt: new Date() },
    10,
  );
  return {
    suggestionId: suggestion!.id,
    revertId: titleEdit!.id,
    toShelve,
    toClear,
    claimId,
    lateId: late.loan.id,
    m,
    staff,
    debtor,
    fresh,
    toBorrow,
    toUpdate,
    toReturn,
    loanId,
    renewId,
    checkInId,
    loseId,
    toQueue,
    holdId: hold.body.data.placeHold.id as string,
    toPause: toPause.body.data.placeHold.id as string,
    reader,
    readerCard: (await gw.store.users.getByUid(reader.uid))!.cardNumber!,
    deskBook,
    shelf,
    scanned: scanLoan!.itemBarcode!,
    renewForId,
  };
}
type Fixtures = Awaited<ReturnType<typeof fixtures>>;

interface Case {
  name: string;
  send(): Promise<Answer>;
  /** Anything other than a refusal that is still right (free text that matches nothing). */
  alsoFine?: (answer: Answer) => boolean;
  /** Extra GraphQL codes that are the right refusal for this argument. */
  codes?: string[];
}

/**
 * Sent by staff: with staff configured, a member's book with more than one copy or its own cost is refused
 * (tests/api/inventory.test.ts), and the baselines here set both. The desk's routes are staff's alone.
 */
const CATALOGUE_WRITES = new Set(['POST /api/books', 'PUT /api/books/{id}', 'addBook', 'updateBook']);
const STAFF_ROUTES = new Set([...CATALOGUE_WRITES, 'GET /api/desk/overdue.csv']);

const STORES: ('sqlite' | 'mongodb')[] = inject('mongodbUri') ? ['sqlite', 'mongodb'] : ['sqlite'];

describe.each(STORES)('hostile input on %s', (storeKind) => {
  // ---------------------------------------------------------------- REST
  it('REST: every documented operation refuses every hostile value with a 4xx JSON message and changes nothing', async () => {
    const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
    const gw = await startTestGateway({
      store: storeKind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
    });
    try {
      const f = await fixtures(gw, staffEmail);
      const doc = (await gw.request('GET', '/api/openapi.json')).body as OpenApi;
      const table = restTable(gw, doc, f);
      expect(Object.keys(doc.paths).length).toBeGreaterThanOrEqual(8);
      const before = await snapshot(gw);
      const startedAt = Date.now();
      const answers = await inBatches(table.cases, 16, async (c) => ({ c, answer: await c.send() }));
      const failures = answers
        .filter(({ c, answer }) => !restRefusal(answer) && !c.alsoFine?.(answer))
        .map(({ c, answer }) => `${c.name} -> ${answer.status} ${label(answer.body)}`);
      expect(failures, `accepted or badly refused (${failures.length} of ${answers.length})`).toEqual([]);
      expect(await snapshot(gw)).toEqual(before);
      console.log(
        `hostile REST input on ${storeKind}: ${answers.length} requests over ${table.operations.length} operations in ${Date.now() - startedAt} ms; ${tally(answers.map((a) => a.answer.status))}`,
      );

      // The baselines the table mutated succeed as sent: each refusal was down to the hostile value.
      for (const operation of table.operations) {
        const answer = await table.baseline[operation]!();
        expect(answer.status, `${operation} baseline: ${label(answer.body)}`).toBeLessThan(300);
      }
    } finally {
      await gw.close();
    }
  }, 120_000);

  // ---------------------------------------------------------------- GraphQL
  it('GraphQL: every argument refuses every hostile value with BAD_USER_INPUT / GRAPHQL_VALIDATION_FAILED and changes nothing', async () => {
    const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
    // A real SMTP server: the desk's e-mailed receipt is refused without one, so its baseline needs it.
    const smtp = await startTestSmtp();
    const gw = await startTestGateway({
      store: storeKind,
      env: { ADMIN_EMAILS: staffEmail, SMTP_URL: smtp.url, BORROWING: 'instant', RETURNS: 'self' },
    });
    try {
      const f = await fixtures(gw, staffEmail);
      const schema = await introspect(gw);
      const table = gqlTable(gw, schema, f);
      const before = await snapshot(gw);
      const startedAt = Date.now();
      const answers = await inBatches(table.cases, 16, async (c) => ({ c, answer: await c.send() }));
      const failures = answers
        .filter(({ c, answer }) => !gqlRefusal(answer, c.codes ?? []) && !c.alsoFine?.(answer))
        .map(({ c, answer }) => `${c.name} -> ${answer.status} ${label(answer.body)}`);
      expect(failures, `accepted or badly refused (${failures.length} of ${answers.length})`).toEqual([]);
      expect(await snapshot(gw)).toEqual(before);
      const outcomes = answers.map(
        ({ answer }) =>
          (answer.body?.errors?.[0]?.extensions?.code as string | undefined) ??
          (answer.body?.errors ? '?' : `HTTP ${answer.status}`),
      );
      console.log(
        `hostile GraphQL input on ${storeKind}: ${answers.length} requests over ${table.arguments.length} arguments in ${Date.now() - startedAt} ms; ${tally(outcomes)}`,
      );

      // Every argument of every root field is in the table, and each field's baseline succeeds as sent.
      expect(table.arguments.length).toBeGreaterThanOrEqual(20);
      for (const [field, send] of Object.entries(table.baseline)) {
        const answer = await send();
        expect(answer.body.errors, `${field} baseline`).toBeUndefined();
      }
    } finally {
      await gw.close();
      await smtp.close();
    }
  }, 120_000);
});

// ==================================================================== REST table

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  pattern?: string;
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}

/** A valid request per documented operation ("METHOD /path/{param}"): the table changes one thing at a time. */
function restBaselines(f: Fixtures) {
  const book = bookBody({ title: 'Changed by the baseline', quantity: 5 });
  // Text a person does type must pass whatever refuses control characters: accents, emoji, tabs, line breaks.
  return {
    'POST /api/jwt': {
      body: { idToken: f.fresh.idToken, uid: f.fresh.uid, displayName: 'Fresh', photoURL: 'https://example.com/p.png' },
    },
    'GET /api/books': {},
    'POST /api/books': {
      body: bookBody({
        title: 'Le Petit Prince 🌹 — été',
        description: 'Line one\n\tLine two, 日本語',
        author: 'Antoine de Saint-Exupéry',
      }),
    },
    'GET /api/books/{id}': { params: { id: f.toUpdate } },
    'PUT /api/books/{id}': { params: { id: f.toUpdate }, body: { ...book, _id: f.toUpdate } },
    'GET /api/books/category/{category}': { params: { category: 'Drama' } },
    'POST /api/borrow': {
      body: {
        bookId: f.toBorrow,
        returnDate: libraryDay(7),
        userId: f.m.uid,
        userName: f.m.name,
        userEmail: f.m.email,
      },
    },
    'GET /api/borrowed-books/{uid}': { params: { uid: f.m.uid } },
    'POST /api/return-book': { body: { borrowId: f.loanId, bookId: f.toReturn, userId: f.m.uid } },
    'GET /api/categories': {},
    'GET /api/closures': { query: `?from=${libraryDay(0)}&to=${libraryDay(30)}` },
    'GET /api/users': {},
    'GET /api/me/export': {},
    'GET /api/me/standing': {},
    // Sent without a session here (it would end the fixtures' member's): nothing to end, 204.
    'POST /api/logout': {},
    'GET /api/desk/overdue.csv': { query: '?minDays=1' },
  } as Record<string, { params?: Record<string, string>; body?: Record<string, unknown>; query?: string }>;
}

function restTable(gateway: TestGateway, doc: OpenApi, f: Fixtures) {
  const baselines = restBaselines(f);
  const operations: string[] = [];
  const cases: Case[] = [];
  const baseline: Record<string, () => Promise<Answer>> = {};
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} /api${route.replace(/^\/api/, '')}`;
      operations.push(key);
      const base = baselines[key];
      // A new route must get a baseline here, so it cannot escape the table.
      expect(base, `no baseline for the documented operation ${key}`).toBeDefined();
      if (!base) continue;
      const secured = (op.security ?? []).length > 0;
      const send = (
        params: Record<string, string>,
        opts: {
          body?: unknown;
          raw?: string;
          token?: string | null;
          headers?: Record<string, string>;
          query?: string;
          encoded?: boolean;
        } = {},
      ) => {
        const url =
          key
            .split(' ')[1]!
            .replace(/\{(\w+)\}/g, (_m, name: string) =>
              opts.encoded === false ? params[name]! : encodeURIComponent(params[name]!),
            ) + (opts.query ?? '');
        const body = opts.raw ?? (opts.body === undefined ? undefined : toJson(opts.body));
        return gateway.request(method.toUpperCase(), url, {
          raw: body,
          token:
            opts.token === undefined ? (secured ? (STAFF_ROUTES.has(key) ? f.staff : f.m).token : null) : opts.token,
          headers: opts.headers,
        });
      };
      const params = base.params ?? {};
      baseline[key] = () => send(params, { body: base.body, query: base.query });
      const add = (what: string, go: () => Promise<Answer>, alsoFine?: Case['alsoFine']) =>
        cases.push({ name: `${key} ${what}`, send: go, alsoFine });

      for (const p of op.parameters ?? []) {
        if (p.in !== 'path') continue;
        const kind = kindOf(p.name, 'string');
        const values = [...hostileValues(kind, true), PATH_LONG, ...(kind === 'id' ? [MISSING_ID] : [])];
        // Free text in a path matches itself only: 200 with no books is the right answer too.
        const literal =
          kind === 'free' ? (a: Answer) => a.status === 200 && Array.isArray(a.body) && a.body.length === 0 : undefined;
        for (const value of values)
          add(
            `${p.name}=${label(value)}`,
            () => send({ ...params, [p.name]: pathValue(value) }, { body: base.body }),
            literal,
          );
        add(`${p.name} with a malformed %-escape`, () =>
          send({ ...params, [p.name]: '%E0%A4%A' }, { body: base.body, encoded: false }),
        );
      }

      for (const p of op.parameters ?? []) {
        if (p.in !== 'query') continue;
        // A query's values are text: the digits "5" are the number 5 there, not a hostile value.
        const values = [...hostileValues(kindOf(p.name, 'string'), false), PATH_LONG].filter(
          (value) => typeof value !== 'string' || !/^\d+$/.test(value),
        );
        for (const value of values)
          add(`${p.name}=${label(value)} in the query`, () =>
            send(params, { query: `?${p.name}=${encodeURIComponent(pathValue(value))}` }),
          );
      }

      const schema = op.requestBody?.content['application/json']?.schema;
      if (schema && base.body) {
        for (const [field, prop] of Object.entries(schema.properties ?? {})) {
          const type = [prop.type].flat().find((t) => t !== 'null') ?? 'string';
          const required = (schema.required ?? []).includes(field);
          const kind = kindOf(field, type);
          const values = [...hostileValues(kind, required), ...(kind === 'ref' ? [MISSING_ID] : [])];
          if (required || ![prop.type].flat().includes('null')) values.push(null);
          for (const value of values)
            add(`${field}=${label(value)}`, () => send(params, { body: { ...base.body, [field]: value } }));
        }
        const bodies: [string, { body?: unknown; raw?: string; headers?: Record<string, string> }][] = [
          ['an array body', { body: [base.body] }],
          ['a string body', { body: 'body' }],
          ['a null body', { raw: 'null' }],
          ['an empty body', { raw: '' }],
          ['malformed JSON', { raw: '{"title": ' }],
          ['NaN in JSON', { raw: '{"quantity": NaN}' }],
          ['a __proto__ key', { raw: toJson(base.body).replace(/^\{/, '{"__proto__":{"isAdmin":true},') }],
          [
            'a constructor.prototype key',
            { raw: toJson(base.body).replace(/^\{/, '{"constructor":{"prototype":{"isAdmin":true}},') },
          ],
          ['a $where key', { body: { ...base.body, $where: 'sleep(1000)' } }],
          ['a dotted key', { body: { ...base.body, 'quantity.$': 0 } }],
          ['a $set key', { body: { ...base.body, $set: { quantity: 1000 } } }],
          ['a body over the limit', { body: { ...base.body, padding: MB } }],
          ['deeply nested JSON', { raw: `${'['.repeat(20_000)}${']'.repeat(20_000)}` }],
          ['a form-encoded body', { raw: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
          ['a text/plain body', { raw: toJson(base.body), headers: { 'content-type': 'text/plain' } }],
        ];
        for (const [what, b] of bodies) add(what, () => send(params, b));
      }

      if (secured) {
        for (const token of ['{"$ne":null}', '../', "' OR 1=1 --", 'a.b.c', '', MB.slice(0, 40_000)]) {
          add(`token=${label(token)}`, () =>
            send(params, { body: base.body, token: null, headers: { authorization: `Bearer ${token}` } }),
          );
        }
      }
      if (method === 'get' && !op.parameters?.length) {
        // No argument to be hostile to: a hostile query string is ignored, so the answer is the plain one.
        add(
          'with a hostile query string',
          async () => {
            const [plain, hostile] = [
              await send(params),
              await send(params, { query: '?$where=sleep(1000)&title[$ne]=x&__proto__[isAdmin]=1&quantity.$=0' }),
            ];
            return {
              ...hostile,
              status:
                hostile.status === 200 && JSON.stringify(hostile.body) === JSON.stringify(plain.body)
                  ? 299
                  : hostile.status,
            };
          },
          (a) => a.status === 299,
        );
      }
    }
  }
  return { operations, cases, baseline };
}

function restRefusal(answer: Answer): boolean {
  if (answer.status < 400 || answer.status >= 500) return false;
  if (INTERNALS.test(JSON.stringify(answer.body)) || /FST_|Error:/.test(JSON.stringify(answer.body))) return false;
  // 431 (headers too large) is Node's own, answered before Fastify sees the request: an empty body.
  if (answer.status === 431) return true;
  return (
    typeof answer.body === 'object' &&
    answer.body !== null &&
    typeof (answer.body as { message?: unknown }).message === 'string'
  );
}

// ==================================================================== GraphQL table

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface InputValue {
  name: string;
  type: TypeRef;
}
interface Introspection {
  /** selection: what to ask of the field's result (`__typename`, and `totalCount` where there is one). */
  roots: { operation: 'query' | 'mutation'; name: string; args: InputValue[]; selection: string }[];
  inputs: Map<string, InputValue[]>;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';

async function introspect(gateway: TestGateway): Promise<Introspection> {
  const field = `name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} }`;
  const answer = await gateway.gql(
    `{ __schema { queryType { fields { ${field} } } mutationType { fields { ${field} } } types { name kind fields { name } inputFields { name type { ${TYPE_REF} } } } } }`,
  );
  const s = answer.body.data.__schema;
  const types = new Map<string, { fields: { name: string }[] | null }>(
    s.types.map((t: { name: string; fields: { name: string }[] | null }) => [t.name, t]),
  );
  const selection = (t: TypeRef) => {
    const named = namedType(t);
    if (named.kind !== 'OBJECT') return '';
    return (types.get(named.name!)?.fields ?? []).some((f) => f.name === 'totalCount')
      ? ' { __typename totalCount }'
      : ' { __typename }';
  };
  const roots = (operation: 'query' | 'mutation', fields: { name: string; args: InputValue[]; type: TypeRef }[]) =>
    fields.map((f) => ({ operation, name: f.name, args: f.args, selection: selection(f.type) }));
  const inputs = new Map<string, InputValue[]>(
    s.types
      .filter((t: { kind: string }) => t.kind === 'INPUT_OBJECT')
      .map((t: { name: string; inputFields: InputValue[] }) => [t.name, t.inputFields]),
  );
  return { roots: [...roots('query', s.queryType.fields), ...roots('mutation', s.mutationType.fields)], inputs };
}

const printType = (t: TypeRef): string =>
  t.kind === 'NON_NULL' ? `${printType(t.ofType!)}!` : t.kind === 'LIST' ? `[${printType(t.ofType!)}]` : t.name!;
const namedType = (t: TypeRef): TypeRef => (t.ofType ? namedType(t.ofType) : t);

/** Valid variables per root field that takes arguments. */
function gqlBaselines(f: Fixtures): Record<string, Record<string, unknown>> {
  const nextYear = Number(libraryDay(0).slice(0, 4)) + 1;
  const ashura = moonHolidays(nextYear).find((h) => h.key === `ashura-${nextYear}`)!;
  return {
    books: { filter: { search: 'Book', genre: 'Drama', availableOnly: true }, first: 5, after: null },
    book: { id: f.toUpdate },
    booksByCategory: { category: 'Drama' },
    borrowedBooks: { userId: f.m.uid },
    issueToken: {
      input: {
        idToken: f.fresh.idToken,
        uid: f.fresh.uid,
        displayName: 'Fresh',
        photoURL: 'https://example.com/p.png',
      },
    },
    addBook: { input: bookBody({ title: 'Le Petit Prince 🌹 — été', description: 'Line one\n\tLine two, 日本語' }) },
    updateBook: { id: f.toUpdate, input: bookBody({ title: 'Changed by the baseline', quantity: 5 }) },
    revertBookEdit: { auditId: f.revertId },
    borrow: { input: { bookId: f.toBorrow, returnDate: libraryDay(7) } },
    returnBook: { borrowId: f.loanId },
    member: { uid: f.debtor.uid },
    members: { search: 'Hostile', first: 5, after: null },
    users: { search: 'Hostile', first: 5, after: null },
    userCount: { search: 'Hostile' },
    overdueLoans: { first: 5, after: null, minDays: 1 },
    overdueReminderPreview: { minDays: 1 },
    cashUp: { day: libraryDay(0) },
    receipt: { reference: 'R-2026-000001' },
    renewLoan: { loanId: f.renewId },
    checkIn: { loanId: f.checkInId },
    recordPayment: { uid: f.debtor.uid, amount: 1, note: 'Cash at the desk' },
    waiveFee: { uid: f.debtor.uid, amount: 1, note: 'Goodwill' },
    markLost: { loanId: f.loseId, damaged: true },
    placeHold: { bookId: f.toQueue },
    cancelHold: { holdId: f.holdId },
    // In this order (the schema's): the baseline pauses a waiting hold, then resumes it.
    pauseHold: { holdId: f.toPause, until: libraryDay(10) },
    resumeHold: { holdId: f.toPause },
    holdsReady: { first: 5, after: null },
    auditLog: { bookId: f.toUpdate, uid: null, first: 5, after: null },
    markNoticesRead: { ids: [] },
    setEmailNotices: { enabled: true },
    setMyPhone: { phone: '01711-000000' },
    setSmsNotices: { enabled: false },
    setReadingHistory: { keep: false },
    setLocale: { locale: 'en' },
    calendar: { from: libraryDay(0), to: libraryDay(30) },
    // In this order (the schema's): the baseline closes a day, then opens it again.
    addClosure: { date: libraryDay(20), reason: 'Eid ul-Fitr', reasonBn: 'ঈদুল ফিতর' },
    removeClosure: { date: libraryDay(20) },
    // A period far ahead with every day open: no date moves.
    setOpeningHours: {
      from: libraryDay(40),
      to: libraryDay(45),
      hours: ['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((weekday) => ({
        weekday,
        opens: '10:00',
        closes: '18:00',
      })),
    },
    // In this order (the schema's): next year's Ashura is confirmed, moved a day on, then dropped.
    confirmHoliday: { key: ashura.key },
    moveHoliday: { key: ashura.key, from: addDays(ashura.from, 1), to: addDays(ashura.to, 1) },
    dropHoliday: { key: ashura.key },
    sendOverdueReminder: { loanId: f.lateId },
    // Reminds nobody: no loan of the baseline is ten years late.
    sendOverdueReminders: { minDays: 3650 },
    emailCheckoutReceipt: { loanIds: [f.renewId] },
    holdsToPull: { first: 5, after: null },
    holdsToClear: { first: 5, after: null },
    shelveHold: { holdId: f.toShelve },
    clearHoldShelf: { holdId: f.toClear },
    markClaimsReturned: { loanId: f.claimId, note: 'Says it went back in the book drop' },
    memberByCard: { card: 'BM00000018' },
    registerMember: {
      input: {
        name: 'Nadia Rahman',
        email: `registered-${f.m.uid.slice(0, 8)}@example.com`,
        phone: '+880 1711-000000',
      },
    },
    editMember: { uid: f.debtor.uid, input: { name: 'Debtor Édité', phone: '01711 000000' } },
    // In this order (the schema's): the baseline blocks the member, then unblocks them.
    blockMember: { uid: f.debtor.uid, reason: 'Books unreturned — ask at the desk' },
    unblockMember: { uid: f.debtor.uid },
    addMemberNote: { uid: f.debtor.uid, text: 'Prefers large print 📚' },
    item: { barcode: f.shelf[0] },
    addItems: { bookId: f.deskBook, count: 2, note: 'Donated — ২টি' },
    withdrawItem: { barcode: f.shelf[1], note: 'Water damage' },
    setItemStatus: { barcode: f.shelf[2], status: 'IN_REPAIR', note: 'Spine loose' },
    checkOut: { card: f.readerCard, barcode: f.shelf[3], returnDate: libraryDay(7), override: 'Known reader' },
    checkInItem: { barcode: f.scanned, forgive: true, returnedOn: libraryDay(0) },
    renewFor: { loanId: f.renewForId },
    renewAllFor: { uid: f.reader.uid },
    placeHoldFor: { uid: f.reader.uid, bookId: f.toQueue },
    loanStats: { from: libraryDay(-30), to: libraryDay(0), interval: 'DAY' },
    topBooks: { from: libraryDay(-30), to: libraryDay(0), first: 5 },
    topGenres: { from: libraryDay(-30), to: libraryDay(0) },
    feeStats: { from: libraryDay(-365), to: libraryDay(0), interval: 'MONTH' },
    holdStats: { from: libraryDay(-30), to: libraryDay(0) },
    purchaseSuggestions: { status: 'OPEN', first: 5, after: null },
    suggestPurchase: {
      input: { title: 'Pather Panchali — ১ম খণ্ড', author: 'Bibhutibhushan', note: 'For the club 📚' },
    },
    decideSuggestion: { id: f.suggestionId, accept: false, reason: 'Out of print — আর ছাপা হয় না' },
  };
}

/** Right refusals of a well-formed value, per argument path. */
const DOMAIN_CODES: Record<string, string[]> = {
  'borrowedBooks.userId': ['FORBIDDEN'],
  'issueToken.input.idToken': ['UNAUTHENTICATED'],
  'issueToken.input.uid': ['FORBIDDEN'],
  'recordPayment.uid': ['NOT_FOUND'],
  // A well-formed day the library is not closed on: nothing to reopen.
  'removeClosure.date': ['NOT_FOUND'],
  'updateBook.input.version': ['CONFLICT'],
  'waiveFee.uid': ['NOT_FOUND'],
  // A well-formed uid that no member has.
  'editMember.uid': ['NOT_FOUND'],
  'blockMember.uid': ['NOT_FOUND'],
  'unblockMember.uid': ['NOT_FOUND'],
  'addMemberNote.uid': ['NOT_FOUND'],
  'renewAllFor.uid': ['NOT_FOUND'],
  'placeHoldFor.uid': ['NOT_FOUND'],
};

function gqlTable(gateway: TestGateway, schema: Introspection, f: Fixtures) {
  const baselines = gqlBaselines(f);
  const cases: Case[] = [];
  const args: string[] = [];
  const baseline: Record<string, () => Promise<Answer>> = {};
  for (const root of schema.roots) {
    if (root.args.length === 0) continue;
    const vars = baselines[root.name];
    expect(vars, `no baseline for the GraphQL field ${root.name}`).toBeDefined();
    if (!vars) continue;
    /** The operation with every argument as a variable, or with `literal` written in for one of them. */
    const documentFor = (literal?: { arg: string; value: string }) => {
      const declared = root.args.filter((a) => a.name !== literal?.arg).map((a) => `$${a.name}: ${printType(a.type)}`);
      const passed = root.args.map((a) => `${a.name}: ${a.name === literal?.arg ? literal.value : `$${a.name}`}`);
      return `${root.operation} Hostile${declared.length ? `(${declared.join(', ')})` : ''} { ${root.name}(${passed.join(', ')})${root.selection} }`;
    };
    const query = documentFor();
    // The desk's fields (and catalogue writes, see CATALOGUE_WRITES) are asked by staff, everything else by the member.
    const token =
      (ACCESS as AccessMap)[root.operation === 'query' ? 'Query' : 'Mutation'][root.name] === 'staff' ||
      CATALOGUE_WRITES.has(root.name)
        ? f.staff.token
        : f.m.token;
    const send = (variables: unknown, text = query) =>
      gateway.request('POST', '/graphql', { raw: toJson({ query: text, variables }), token });
    baseline[root.name] = () => send(vars);
    const emptyResult = (a: Answer) => {
      const data = a.body?.data?.[root.name];
      return (
        !a.body.errors &&
        (Array.isArray(data)
          ? data.length === 0
          : data === null || data === 0 || /Connection$/.test(data?.__typename ?? ''))
      );
    };

    const visit = (argPath: string, type: TypeRef, set: (value: unknown) => Record<string, unknown>) => {
      args.push(argPath);
      const leaf = namedType(type);
      const required = type.kind === 'NON_NULL';
      if (leaf.kind === 'INPUT_OBJECT') {
        const fields = schema.inputs.get(leaf.name!) ?? [];
        const base = (argValue(vars, argPath) ?? {}) as Record<string, unknown>;
        for (const value of [...OPERATORS, 'object', ['x'], 42, ...(required ? [null] : [])]) {
          cases.push({ name: `${argPath}=${label(value)}`, send: () => send(set(value)) });
        }
        for (const key of ['$where', 'a.b', '$set', '__proto__']) {
          cases.push({
            name: `${argPath} with a ${key} key`,
            send: () => send(set({ ...base, [key]: { quantity: 0 } })),
          });
        }
        for (const field of fields)
          visit(`${argPath}.${field.name}`, field.type, (value) => set({ ...base, [field.name]: value }));
        return;
      }
      const kind = kindOf(argPath, leaf.name!);
      const values = [...hostileValues(kind, required), ...(required ? [null] : [])];
      const missing = kind === 'id' || kind === 'ref' ? [MISSING_ID] : [];
      const codes = [...(DOMAIN_CODES[argPath] ?? []), ...(missing.length ? ['NOT_FOUND'] : [])];
      // Free text matches itself only: an empty answer is right too.
      const literalOk =
        kind === 'free' ? (a: Answer) => emptyResult(a) && (a.body.data?.books?.totalCount ?? 0) === 0 : undefined;
      for (const value of [...values, ...missing]) {
        // A well-formed id that no record has: NOT_FOUND, or null for `book`.
        const ok = value === MISSING_ID ? emptyResult : literalOk;
        cases.push({ name: `${argPath}=${label(value)}`, send: () => send(set(value)), codes, alsoFine: ok });
      }
    };
    for (const arg of root.args) {
      visit(`${root.name}.${arg.name}`, arg.type, (value) => ({ ...vars, [arg.name]: value }));
      // The same hostility as a literal in the document rather than a variable: refused at validation.
      const literal = documentFor({ arg: arg.name, value: '{ where: "sleep(1000)", gt: "" }' });
      cases.push({ name: `${root.name}.${arg.name} as an object literal`, send: () => send(vars, literal) });
    }
    cases.push({ name: `${root.name} with a body over the limit`, send: () => send({ ...vars, padding: MB }) });
    cases.push({
      name: `${root.name} with NaN in the JSON`,
      send: () =>
        gateway.request('POST', '/graphql', {
          raw: toJson({ query, variables: vars }).replace(/\}$/, ', "x": NaN}'),
          token,
        }),
    });
  }
  return { cases, arguments: args, baseline };
}

function argValue(vars: Record<string, unknown>, argPath: string): unknown {
  return argPath
    .split('.')
    .slice(1)
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), vars);
}

const REFUSED = ['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED'];

function gqlRefusal(answer: Answer, extra: string[]): boolean {
  if (INTERNALS.test(JSON.stringify(answer.body))) return false;
  const errors = (answer.body?.errors ?? []) as { extensions?: { code?: string } }[];
  // Refused before GraphQL saw it (a body over the limit, JSON that is not JSON): a 4xx with a message.
  if (errors.length === 0)
    return answer.status >= 400 && answer.status < 500 && typeof answer.body?.message === 'string';
  const data = answer.body.data as Record<string, unknown> | null | undefined;
  if (data && Object.values(data).some((v) => v !== null)) return false;
  return errors.every((e) => [...REFUSED, ...extra].includes(e.extensions?.code ?? ''));
}
