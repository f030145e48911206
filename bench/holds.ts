// Issue 14: borrow + return pairs with holds in play stay within 20% of the same pairs without them. Each round
// runs two pair workloads on fresh books of the same sizes, in turn: half the books are "queued" (one or two
// copies, all but one kept on loan by other members, so exactly one copy circulates), half are "free" (three
// copies or more, nobody keeps any). With holds, each queued book also has a queue of waiting members, and the
// copy circulating is set aside for the first of them; the pairs on that book are then made by the queue in its
// order: the member whose copy is set aside borrows it (fulfilling the hold) and returns it, which sets it aside
// for the next one (the hold-ready notice is recorded at that return). Without holds the very same members make
// the very same pairs from the shelf. Everything else (members, books, keepers, requests) is the same, so the
// ratio is what the queues cost. Afterwards every book is audited: no copy oversold, and each copy on the
// shelf, on loan or set aside for exactly one ready hold, and none on the shelf while someone waits.
import type autocannon from 'autocannon';
import { createSessionTokens } from '../server/auth/session.ts';
import type { BookRecord, Store } from '../server/store/port.ts';
import type { BenchStore } from './store.ts';
import { cpuMs, DURATION, gql, measure, ROUNDS, rows, SECRET, type Row } from './load.ts';
import type { Targets } from './report.ts';

const BORROW = 'mutation Borrow($i: BorrowInput!) { borrow(input: $i) { record { id } currentQuantity } }';
const RETURN = 'mutation Return($id: ID!) { returnBook(borrowId: $id) { id } }';
/** Queued books per workload (as many free ones go with them), fewer when the catalogue is small. */
const MAX_QUEUED = 1000;
/** The policy's default HOLD_LIMIT: no waiting member is given more holds than a member could place. */
const HOLDS_PER_MEMBER = 5;
/** Members making the free books' pairs: a prime, so a member does not meet the same book on every visit. */
const FREE_MEMBERS = 997;

interface Member {
  uid: string;
  token: string;
}

export interface HoldsWorkload {
  holds: boolean;
  pairsPerSecond: number;
  /** The gateway's CPU time per completed pair (user + system), warm-up included. */
  cpuPerPairUs: number;
  row: Row;
  /** Books per workload, half of them queued; how many waiting members each queue had. */
  books: number;
  queueDepth: number;
  /** Borrows that took a copy set aside for the member's hold (each one's return set the copy aside again). */
  holdBorrows: number;
  refused: number;
  failed: number;
  oversold: number;
  unbalanced: number;
  shelvedWhileWaiting: number;
}

export interface HoldsResult {
  rounds: { withHolds: HoldsWorkload; withoutHolds: HoldsWorkload }[];
  withHolds: number;
  withoutHolds: number;
  ratio: number;
  sound: boolean;
}

const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Books nobody has touched yet (every copy on the shelf), from the end of the catalogue, by copies owned. */
async function untouchedBooks(db: Store): Promise<{ few: BookRecord[]; many: BookRecord[] }> {
  const few: BookRecord[] = [];
  const many: BookRecord[] = [];
  for await (const book of db.books.all()) {
    if (book.quantity !== book.copies) continue;
    if (book.copies === 1 || book.copies === 2) few.push(book);
    else if (book.copies >= 3) many.push(book);
  }
  // The other pair scenarios take the catalogue's first books; these come from its other end.
  return { few: few.reverse(), many: many.reverse() };
}

/** The pair workload on its books: set up, driven for DURATION s after a warm-up, audited. */
async function workload(
  gwUrl: string,
  store: BenchStore,
  db: Store,
  opts: {
    holds: boolean;
    queued: BookRecord[];
    free: BookRecord[];
    depth: number;
    tag: string;
    rssOf?: number;
  },
): Promise<HoldsWorkload> {
  const { queued, free, depth, tag } = opts;
  const tokens = createSessionTokens(new TextEncoder().encode(SECRET), 3600);
  const member = async (uid: string): Promise<Member> => ({
    uid,
    token: await tokens.issue({ uid, email: `${uid}@example.com`, name: uid, role: 'member' }),
  });
  const freeMembers = await Promise.all(Array.from({ length: FREE_MEMBERS }, (_, i) => member(`${tag}-m${i}`)));
  const waiterCount = Math.max(depth, Math.ceil((queued.length * depth) / HOLDS_PER_MEMBER));
  const waiters = await Promise.all(Array.from({ length: waiterCount }, (_, i) => member(`${tag}-w${i}`)));
  /** Who makes visit r of queued book q: distinct within a book, each member in at most HOLDS_PER_MEMBER queues. */
  const waiterOf = (q: number, r: number) => waiters[(q * depth + r) % waiterCount]!;

  // Keepers hold every copy of a queued book but one; with holds, the last one too until the queue is formed.
  const keepers: string[] = [];
  const borrowDate = new Date();
  const returnDate = new Date(`${dayAfter(7)}T00:00:00Z`);
  const lend = async (book: BookRecord, uid: string) => {
    const result = await db.loans.checkout({
      bookId: book.id,
      userId: uid,
      userName: uid,
      userEmail: `${uid}@example.com`,
      borrowDate,
      returnDate,
      bookTitle: book.title,
      bookAuthor: book.author,
      bookImage: book.image,
      bookCategory: book.genre,
    });
    if (!result.ok) throw new Error(`setting up the holds workload: a keeper's borrow was refused (${result.reason})`);
    keepers.push(uid);
    return result.loan;
  };
  const started = Date.now();
  for (const [q, book] of queued.entries()) {
    for (let k = 0; k < book.copies - 1; k++) await lend(book, `${tag}-k${q}-${k}`);
    if (!opts.holds) continue;
    const last = await lend(book, `${tag}-k${q}-last`);
    for (let r = 0; r < depth; r++) {
      const waiter = waiterOf(q, r);
      const placed = await db.holds.place(
        {
          bookId: book.id,
          userId: waiter.uid,
          userName: waiter.uid,
          userEmail: `${waiter.uid}@example.com`,
          bookTitle: book.title,
          // Strictly increasing, so the queue's order is the order of the visits.
          createdAt: new Date(started + q * depth + r),
        },
        { holdLimit: HOLDS_PER_MEMBER },
      );
      if (!placed.ok) throw new Error(`setting up the holds workload: a hold was refused (${placed.reason})`);
    }
    // The returned copy is set aside for the first member in the queue.
    await db.loans.checkin(last.id, new Date());
  }

  await store.checkpoint();

  // Queued and free books alternate, so every stretch of the run meets both.
  const pool = queued.flatMap((book, q) => [
    { book, q },
    { book: free[q]!, q: -1 },
  ]);
  const returnBy = dayAfter(7);
  let next = 0;
  let pairs = 0;
  let holdBorrows = 0;
  let refused = 0;
  let failed = 0;
  const reasons = new Map<string, number>();
  const fail = (body: string) => {
    if (body.includes('"OUT_OF_STOCK"')) refused++;
    else failed++;
    const reason = body.slice(0, 160);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  };
  const requests: autocannon.Request[] = [
    {
      method: 'POST',
      path: '/graphql',
      setupRequest: (request, context) => {
        const n = next++;
        const { book, q } = pool[n % pool.length]!;
        const visit = Math.floor(n / pool.length);
        const who = q >= 0 ? waiterOf(q, visit) : freeMembers[n % FREE_MEMBERS]!;
        const authorization = `Bearer ${who.token}`;
        Object.assign(context, { authorization, held: opts.holds && q >= 0 && visit < depth });
        return {
          ...request,
          body: gql(BORROW, { i: { bookId: book.id, returnDate: returnBy } }),
          headers: { ...request.headers, authorization },
        };
      },
      onResponse: (_status, body, context) => {
        const loanId = (JSON.parse(body) as { data?: { borrow?: { record: { id: string } } } }).data?.borrow?.record.id;
        Object.assign(context, { loanId });
        if (!loanId) fail(body);
        else if ((context as { held: boolean }).held) holdBorrows++;
      },
    },
    {
      method: 'POST',
      path: '/graphql',
      setupRequest: (request, context) => {
        const { loanId, authorization } = context as { loanId?: string; authorization: string };
        return loanId
          ? { ...request, body: gql(RETURN, { id: loanId }), headers: { ...request.headers, authorization } }
          : (undefined as never);
      },
      onResponse: (_status, body) => {
        if ((JSON.parse(body) as { data?: { returnBook?: unknown } }).data?.returnBook) pairs++;
        else fail(body);
      },
    },
  ];
  // The gateway's CPU per pair varies less than pairs/s on a shared machine (warm-up included on both sides).
  const cpuBefore = opts.rssOf ? await cpuMs(opts.rssOf) : 0;
  const row = await measure(
    `borrow + return, ${opts.holds ? `half the books with queues of ${depth}` : 'the same books without queues'} (50 conns, ${pool.length} books)`,
    {
      url: `${gwUrl}/graphql`,
      method: 'POST',
      connections: 50,
      requests,
      rssOf: opts.rssOf,
      probe: { method: 'POST', body: gql('{ books(first: 1) { totalCount } }') },
    },
    'req/s counts both requests',
  );
  const cpuPerPairUs =
    opts.rssOf && pairs > 0 ? Math.round((((await cpuMs(opts.rssOf)) - cpuBefore) * 1000) / pairs) : 0;
  row.errors += failed;
  for (const [reason, n] of reasons) console.log(`    ${n} x ${reason}`);

  // The audit reads loans, then books and queues: a pair still finishing in between shows as a transient
  // imbalance, which a re-audit a second later no longer finds; a real one stays.
  const members = [...freeMembers.map((m) => m.uid), ...waiters.map((m) => m.uid), ...keepers];
  const audit = async () => {
    const onLoan = new Map<string, number>();
    for (const uid of members)
      for (const loan of await db.loans.listByUser(uid))
        if (loan.status === 'borrowed') onLoan.set(loan.bookId, (onLoan.get(loan.bookId) ?? 0) + 1);
    let oversold = 0;
    let unbalanced = 0;
    let shelvedWhileWaiting = 0;
    for (const { book: start } of pool) {
      const book = await db.books.get(start.id);
      const queue = await db.holds.queue(start.id);
      const ready = queue.filter((h) => h.status === 'ready').length;
      if (!book || book.quantity < 0) oversold++;
      // Copies owned = on the shelf + on loan + set aside, and each set-aside copy belongs to one ready hold.
      if (!book || book.copies - book.quantity - (onLoan.get(start.id) ?? 0) !== ready) unbalanced++;
      if (book && book.quantity > 0 && queue.length > ready) shelvedWhileWaiting++;
    }
    return { oversold, unbalanced, shelvedWhileWaiting };
  };
  let found = await audit();
  for (let retry = 0; retry < 3 && found.oversold + found.unbalanced + found.shelvedWhileWaiting > 0; retry++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    found = await audit();
  }
  const pairsPerSecond = Math.round(row.rps / 2);
  row.note = `${pairsPerSecond} pairs/s; gateway CPU ${cpuPerPairUs} µs per pair; ${holdBorrows} borrows of a copy set aside for the member; ${refused} borrows refused OUT_OF_STOCK; oversold ${found.oversold}, unbalanced ${found.unbalanced}, on the shelf while members wait ${found.shelvedWhileWaiting}`;
  console.log(`    ${row.note}`);
  return {
    holds: opts.holds,
    pairsPerSecond,
    cpuPerPairUs,
    row,
    books: pool.length,
    queueDepth: opts.holds ? depth : 0,
    holdBorrows,
    refused,
    failed,
    ...found,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** ROUNDS rounds of the two workloads in turn (which goes first alternates), on books no other scenario used. */
export async function holdsScenario(gwUrl: string, store: BenchStore, opts: { rssOf?: number } = {}) {
  const db = await store.open();
  try {
    const { few, many } = await untouchedBooks(db);
    const perWorkload = Math.min(
      MAX_QUEUED,
      Math.floor(few.length / (2 * ROUNDS)),
      Math.floor(many.length / (2 * ROUNDS)),
    );
    if (perWorkload < 10)
      throw new Error(
        `the catalogue has too few untouched books for the holds workload (${few.length}, ${many.length})`,
      );
    const take = () => ({ queued: few.splice(0, perWorkload), free: many.splice(0, perWorkload) });
    // Each queue must outlast the run: as many members as the book is visited, from the pace seen so far.
    let pace = 500;
    const depthFor = () => Math.min(60, Math.max(2, Math.ceil((1.5 * pace * (DURATION + 1)) / (2 * perWorkload)) + 1));
    const rounds: HoldsResult['rounds'] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [false, true] : [true, false];
      const done: Partial<Record<'with' | 'without', HoldsWorkload>> = {};
      for (const holds of order) {
        const result = await workload(gwUrl, store, db, {
          holds,
          ...take(),
          depth: depthFor(),
          tag: `hold-r${round}-${holds ? 'q' : 'n'}`,
          rssOf: opts.rssOf,
        });
        pace = Math.max(pace, result.pairsPerSecond);
        done[holds ? 'with' : 'without'] = result;
      }
      rounds.push({ withHolds: done.with!, withoutHolds: done.without! });
    }
    const withHolds = median(rounds.map((r) => r.withHolds.pairsPerSecond));
    const withoutHolds = median(rounds.map((r) => r.withoutHolds.pairsPerSecond));
    const ratio = withoutHolds > 0 ? Math.round((withHolds / withoutHolds) * 100) / 100 : 0;
    const all = rounds.flatMap((r) => [r.withHolds, r.withoutHolds]);
    const sound = all.every(
      (w) => w.oversold === 0 && w.unbalanced === 0 && w.shelvedWhileWaiting === 0 && w.failed === 0,
    );
    for (const holds of [true, false]) {
      const runs = rounds.map((r) => (holds ? r.withHolds : r.withoutHolds));
      const mid = runs.find((w) => w.pairsPerSecond === (holds ? withHolds : withoutHolds))!;
      rows.push({
        ...mid.row,
        scenario: mid.row.scenario.replace(/queues of \d+/, 'queues'),
        note: `median of ${ROUNDS} rounds: ${runs.map((w) => w.pairsPerSecond).join(', ')} pairs/s; ${runs.map((w) => `${w.holdBorrows} hold borrows, ${w.refused} refused, oversold ${w.oversold}, unbalanced ${w.unbalanced}, shelved while waiting ${w.shelvedWhileWaiting}`).join('; ')}`,
      });
    }
    const result: HoldsResult = { rounds, withHolds, withoutHolds, ratio, sound };
    return {
      result,
      headline: {
        'borrow+return pairs/s, half the books with queues': withHolds,
        'the same pairs/s without queues': withoutHolds,
        'holds/no holds borrow+return pairs': ratio,
      },
      targets: [
        [
          'Holds: borrow+return pairs with half the books queued >= 0.8x the same pairs without queues (same run), every copy on the shelf, on loan or set aside for one ready hold',
          ratio >= 0.8 && sound,
        ],
      ] as Targets,
    };
  } finally {
    await db.close();
  }
}
