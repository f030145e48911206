// The reports' statistics on MongoDB: aggregation pipelines of the stages FerretDB v1 runs too ($match, $group,
// $sort, $limit, $count). It has no date or arithmetic expressions, $bucket or $facet, and a $group answers
// only its first accumulator, so each period is its own pipeline (a range of an indexed time, run in
// parallel) and each $group has one accumulator; a median and a replacement cost are read in a small step after.
import type { Collection, Document, Filter } from 'mongodb';
import type { OverdueGroup, PeriodBounds, StatsStore } from '../port.ts';
import { CHARGE_KINDS } from '../../library/rules/ledger.ts';
import type { BookDoc, HoldDoc, LedgerDoc, LoanDoc, UserDoc } from './documents.ts';
import { toObjectId } from './documents.ts';

export interface StatsCollections {
  loans: Collection<LoanDoc>;
  books: Collection<BookDoc>;
  ledger: Collection<LedgerDoc>;
  holds: Collection<HoldDoc>;
  users: Collection<UserDoc>;
}

const during = (from: Date, to: Date) => ({ $gte: from, $lt: to });

/** Each period of `bounds` as [from, to). */
const periodsOf = (bounds: PeriodBounds): [Date, Date][] =>
  bounds.slice(0, -1).map((from, i) => [from, bounds[i + 1] ?? from]);

async function countOf<T extends Document>(collection: Collection<T>, match: Filter<T>): Promise<number> {
  const [row] = await collection.aggregate<{ n: number }>([{ $match: match }, { $count: 'n' }]).toArray();
  return row?.n ?? 0;
}

async function sumOf<T extends Document>(collection: Collection<T>, match: Filter<T>): Promise<number> {
  const [row] = await collection
    .aggregate<{ n: number }>([{ $match: match }, { $group: { _id: null, n: { $sum: '$amount' } } }])
    .toArray();
  return row?.n ?? 0;
}

/** A loan being written (checkout's first step) is not a loan yet. */
const MADE = { status: { $ne: 'pending' as const } };

export function mongoStats(c: StatsCollections): StatsStore {
  return {
    async loanCounts(bounds) {
      return Promise.all(
        periodsOf(bounds).map(async ([from, to]) => {
          const made: Filter<LoanDoc> = { borrowDate: during(from, to), ...MADE };
          const [loans, returns, newMembers, active] = await Promise.all([
            countOf(c.loans, made),
            countOf(c.loans, { returnedAt: during(from, to), status: 'returned' }),
            countOf(c.users, { createdAt: during(from, to) }),
            c.loans
              .aggregate<{ n: number }>([{ $match: made }, { $group: { _id: '$userId' } }, { $count: 'n' }])
              .toArray(),
          ]);
          return { loans, returns, newMembers, activeMembers: active[0]?.n ?? 0 };
        }),
      );
    },

    async ledgerSums(bounds) {
      return Promise.all(
        periodsOf(bounds).map(async ([from, to]) => {
          const [charged, paid, waived] = await Promise.all([
            sumOf(c.ledger, { createdAt: during(from, to), kind: { $in: [...CHARGE_KINDS] } }),
            sumOf(c.ledger, { createdAt: during(from, to), kind: 'payment' }),
            sumOf(c.ledger, { createdAt: during(from, to), kind: 'waiver' }),
          ]);
          return { charged, paid, waived };
        }),
      );
    },

    async topBooks(from, to, first) {
      const top = await c.loans
        .aggregate<{ _id: string; n: number }>([
          { $match: { borrowDate: during(from, to), ...MADE } },
          { $group: { _id: '$bookId', n: { $sum: 1 } } },
          { $sort: { n: -1, _id: 1 } },
          { $limit: first },
        ])
        .toArray();
      const ids = top.map((row) => toObjectId(row._id)).filter((id) => id !== null);
      const books = await c.books.find({ _id: { $in: ids } }, { projection: { title: 1 } }).toArray();
      const titles = new Map(books.map((book) => [book._id.toHexString(), book.title]));
      return Promise.all(
        top.map(async (row) => {
          const title =
            titles.get(row._id) ??
            (await c.loans.findOne({ bookId: row._id }, { sort: { borrowDate: -1 }, projection: { bookTitle: 1 } }))
              ?.bookTitle ??
            '';
          return { bookId: row._id, bookTitle: title, loans: row.n };
        }),
      );
    },

    async topGenres(from, to) {
      const rows = await c.loans
        .aggregate<{ _id: string; n: number }>([
          { $match: { borrowDate: during(from, to), ...MADE } },
          { $group: { _id: '$bookCategory', n: { $sum: 1 } } },
          { $sort: { n: -1, _id: 1 } },
        ])
        .toArray();
      return rows.map((row) => ({ genre: row._id, loans: row.n }));
    },

    async overdueGroups(dueBefore) {
      type Key = { returnDate: Date; claimedAt?: Date | null; bookId: string };
      const rows = await c.loans
        .aggregate<{ _id: Key; n: number }>([
          { $match: { status: 'borrowed', returnDate: { $lt: dueBefore } } },
          {
            $group: { _id: { returnDate: '$returnDate', claimedAt: '$claimedAt', bookId: '$bookId' }, n: { $sum: 1 } },
          },
        ])
        .toArray();
      // Each book's replacement cost (no $lookup on FerretDB v1), then the groups merged by cost as SQLite's are.
      const ids = [...new Set(rows.map((row) => row._id.bookId))].map(toObjectId).filter((id) => id !== null);
      const books = await c.books.find({ _id: { $in: ids } }, { projection: { replacementCost: 1 } }).toArray();
      const costs = new Map(books.map((book) => [book._id.toHexString(), book.replacementCost ?? null]));
      const groups = new Map<string, OverdueGroup>();
      for (const { _id: key, n } of rows) {
        const replacementCost = costs.get(key.bookId) ?? null;
        const claimedAt = key.claimedAt ?? null;
        const id = `${key.returnDate.getTime()}:${claimedAt?.getTime() ?? ''}:${replacementCost ?? ''}`;
        const group = groups.get(id) ?? { dueDate: key.returnDate, claimedAt, replacementCost, count: 0 };
        group.count += n;
        groups.set(id, group);
      }
      return [...groups.values()];
    },

    async holdCounts(from, to) {
      const [placed, filled, expired, ready] = await Promise.all([
        countOf(c.holds, { createdAt: during(from, to), status: { $ne: 'placing' } }),
        countOf(c.holds, { endedAt: during(from, to), status: 'fulfilled' }),
        countOf(c.holds, { endedAt: during(from, to), status: 'expired' }),
        // No arithmetic in FerretDB's pipelines: the waits are worked out here from the two times.
        c.holds.find({ readyAt: during(from, to) }, { projection: { createdAt: 1, readyAt: 1 } }).toArray(),
      ]);
      const waits = ready
        .map((hold) => (hold.readyAt?.getTime() ?? 0) - hold.createdAt.getTime())
        .sort((a, b) => a - b);
      const mid = Math.floor((waits.length - 1) / 2);
      const middle = waits.length % 2 === 1 ? waits.slice(mid, mid + 1) : waits.slice(mid, mid + 2);
      const medianWaitMs = middle.length ? middle.reduce((sum, wait) => sum + wait, 0) / middle.length : null;
      return { placed, filled, expired, medianWaitMs };
    },
  };
}
