// Borrow + return pairs through GraphQL (or the REST paths): many members over many books at once, then a
// stock audit. Every request takes the next (member, book) pair from one counter, so no pair repeats while it
// is in flight.
import type autocannon from 'autocannon';
import { createSessionTokens } from '../server/auth/session.ts';
import { en as MESSAGES } from '../server/library/i18n/en.ts';
import type { BenchStore } from './store.ts';
import { gql, load, SECRET, type Row } from './load.ts';

const BORROW = 'mutation Borrow($i: BorrowInput!) { borrow(input: $i) { record { id } currentQuantity } }';
const RETURN = 'mutation Return($id: ID!) { returnBook(borrowId: $id) { id } }';

export interface BorrowReturnResult {
  row: Row;
  pairsPerSecond: number;
  failedPairs: number;
  audited: number;
  oversold: number;
  unbalanced: number;
}

/** Where one API takes a borrow and a return, how it spells them, and where it puts the new loan's id. */
interface Api {
  borrowPath: string;
  returnPath: string;
  borrow(bookId: string, returnDate: string): string;
  loanId(body: string): string | undefined;
  giveBack(loanId: string): string;
  returned(body: string): boolean;
  outOfStock(body: string): boolean;
}

const APIS: Record<'graphql' | 'rest', Api> = {
  graphql: {
    borrowPath: '/graphql',
    returnPath: '/graphql',
    borrow: (bookId, returnDate) => gql(BORROW, { i: { bookId, returnDate } }),
    loanId: (body) => (JSON.parse(body) as { data?: { borrow?: { record: { id: string } } } }).data?.borrow?.record.id,
    giveBack: (id) => gql(RETURN, { id }),
    returned: (body) => Boolean((JSON.parse(body) as { data?: { returnBook?: unknown } }).data?.returnBook),
    outOfStock: (body) => body.includes('"OUT_OF_STOCK"'),
  },
  // The same two steps through the REST compatibility paths: the same services without the GraphQL layer.
  rest: {
    borrowPath: '/api/borrow',
    returnPath: '/api/return-book',
    borrow: (bookId, returnDate) => JSON.stringify({ bookId, returnDate }),
    loanId: (body) => (JSON.parse(body) as { borrowId?: string }).borrowId,
    giveBack: (borrowId) => JSON.stringify({ borrowId }),
    returned: (body) => (JSON.parse(body) as { success?: boolean }).success === true,
    outOfStock: (body) => (JSON.parse(body) as { message?: string }).message === MESSAGES.outOfStock,
  },
};

export async function borrowReturn(
  gwUrl: string,
  store: BenchStore,
  opts: { members: number; seed: number; connections: number; rssOf?: number; via?: 'graphql' | 'rest' },
): Promise<BorrowReturnResult> {
  const via = opts.via ?? 'graphql';
  const api = APIS[via];
  const db = await store.open();
  try {
    // A prime number of books, so member and book indexes do not cycle together.
    const initial = new Map<string, number>();
    for await (const book of db.books.all()) {
      // Two copies or more: a borrow left open when the warm-up stops (its return never sent) must not empty
      // a shelf that the measured run then finds OUT_OF_STOCK.
      if (book.quantity >= 2) initial.set(book.id, book.quantity);
      if (initial.size === 4999) break;
    }
    const pool = [...initial.keys()];
    const tokens = createSessionTokens(new TextEncoder().encode(SECRET), 3600);
    const members = await Promise.all(
      Array.from({ length: opts.members }, async (_, i) => {
        const uid = `seed-${opts.seed}-${i}`;
        return {
          uid,
          token: await tokens.issue({ uid, email: `${uid}@example.com`, name: `Member ${i}`, role: 'member' }),
        };
      }),
    );
    const returnDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

    let next = 0;
    let returned = 0;
    let failed = 0;
    const reasons = new Map<string, number>();
    let refused = 0;
    const fail = (body: string) => {
      // An empty shelf refusing a borrow is a correct answer, not a failure; the stock audit below judges it.
      if (api.outOfStock(body)) refused++;
      else failed++;
      const reason = body.slice(0, 160);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    };
    const requests: autocannon.Request[] = [
      {
        method: 'POST',
        path: api.borrowPath,
        setupRequest: (request, context) => {
          const n = next++;
          const authorization = `Bearer ${members[n % members.length]!.token}`;
          Object.assign(context, { authorization });
          return {
            ...request,
            body: api.borrow(pool[n % pool.length]!, returnDate),
            headers: { ...request.headers, authorization },
          };
        },
        onResponse: (_status, body, context) => {
          const loanId = api.loanId(body);
          Object.assign(context, { loanId });
          if (!loanId) fail(body);
        },
      },
      {
        method: 'POST',
        path: api.returnPath,
        // The same member returns the loan; a failed borrow skips its return (autocannon restarts the pair).
        setupRequest: (request, context) => {
          const { loanId, authorization } = context as { loanId?: string; authorization: string };
          return loanId
            ? { ...request, body: api.giveBack(loanId), headers: { ...request.headers, authorization } }
            : (undefined as never);
        },
        onResponse: (_status, body) => {
          if (api.returned(body)) returned++;
          else fail(body);
        },
      },
    ];
    const row = await load(
      `borrow + return${via === 'rest' ? ' via REST' : ''} (${opts.connections} conns, ${members.length} members, ${pool.length} books)`,
      {
        url: `${gwUrl}${api.borrowPath}`,
        method: 'POST',
        connections: opts.connections,
        requests,
        rssOf: opts.rssOf,
        probe: { method: 'POST', body: gql('{ books(first: 1) { totalCount } }'), url: `${gwUrl}/graphql` },
      },
      'req/s counts both requests',
    );
    // GraphQL errors come back as 200s, so autocannon alone would not see them. REST failures are 4xx/5xx,
    // which autocannon counted, refusals by an empty shelf included, and those are correct answers.
    row.errors = via === 'rest' ? row.errors - refused : row.errors + failed;
    for (const [reason, n] of reasons) console.log(`    ${n} x ${reason}`);
    const pairsPerSecond = Math.round(row.rps / 2);

    // Stock audit: no book below zero, and copies on the shelf plus active loans equal the starting stock.
    // The audit reads loans and then books, so a request still finishing in between shows as a transient
    // imbalance: a real one survives a re-audit a second later, a transient one does not.
    const audit = async () => {
      const active = new Map<string, number>();
      for (const member of members) {
        for (const loan of await db.loans.listByUser(member.uid)) {
          if (loan.status === 'borrowed') active.set(loan.bookId, (active.get(loan.bookId) ?? 0) + 1);
        }
      }
      let oversold = 0;
      let unbalanced = 0;
      for (const [id, start] of initial) {
        const now = (await db.books.get(id))?.quantity ?? -1;
        if (now < 0) oversold++;
        if (now + (active.get(id) ?? 0) !== start) unbalanced++;
      }
      return { oversold, unbalanced };
    };
    let { oversold, unbalanced } = await audit();
    for (let retry = 0; retry < 3 && (oversold > 0 || unbalanced > 0); retry++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      ({ oversold, unbalanced } = await audit());
    }
    row.note = `${pairsPerSecond} pairs/s; ${returned} returns incl. warm-up;${refused ? ` ${refused} borrows refused OUT_OF_STOCK;` : ''} books oversold ${oversold}, unbalanced ${unbalanced}`;
    console.log(`    ${row.note}`);
    return { row, pairsPerSecond, failedPairs: failed, audited: initial.size, oversold, unbalanced };
  } finally {
    await db.close();
  }
}
