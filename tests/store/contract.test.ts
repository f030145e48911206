// The store contract suite: one set of tests, run against every adapter. SQLite always runs; MongoDB runs
// when MONGODB_URI points at a server (a fresh database per test, dropped afterwards).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, inject, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import type { SqliteBooksOptions } from '../../server/store/sqlite/books.ts';
import { auditContract } from './contract/audit.contract.ts';
import { bookFieldsContract } from './contract/book-fields.contract.ts';
import { batchReadsContract } from './contract/batch-reads.contract.ts';
import { bookWritesContract, booksContract } from './contract/books.contract.ts';
import { circulationContract } from './contract/circulation.contract.ts';
import { erasureContract } from './contract/erasure.contract.ts';
import { readingHistoryContract } from './contract/reading-history.contract.ts';
import { holdsContract } from './contract/holds.contract.ts';
import { holdPausesContract } from './contract/hold-pauses.contract.ts';
import { leasesContract } from './contract/leases.contract.ts';
import { sessionsContract } from './contract/sessions.contract.ts';
import { ledgerContract } from './contract/ledger.contract.ts';
import { noticesContract } from './contract/notices.contract.ts';
import type { StoreFactory } from './contract/harness.ts';
import { loansContract } from './contract/loans.contract.ts';
import { peopleContract } from './contract/people.contract.ts';
import { searchContract } from './contract/search.contract.ts';
import { calendarContract } from './contract/calendar.contract.ts';
import { holidaysContract } from './contract/holidays.contract.ts';
import { itemsContract } from './contract/items.contract.ts';
import { membersContract } from './contract/members.contract.ts';
import { holdShelfContract } from './contract/hold-shelf.contract.ts';
import { lostFoundContract } from './contract/lost-found.contract.ts';
import { statsContract } from './contract/stats.contract.ts';
import { suggestionsContract } from './contract/suggestions.contract.ts';

function storeContract(factory: StoreFactory): void {
  booksContract(factory);
  bookWritesContract(factory);
  bookFieldsContract(factory);
  loansContract(factory);
  peopleContract(factory);
  circulationContract(factory);
  holdsContract(factory);
  holdPausesContract(factory);
  noticesContract(factory);
  leasesContract(factory);
  sessionsContract(factory);
  batchReadsContract(factory);
  ledgerContract(factory);
  erasureContract(factory);
  readingHistoryContract(factory);
  auditContract(factory);
  searchContract(factory);
  calendarContract(factory);
  holidaysContract(factory);
  itemsContract(factory);
  membersContract(factory);
  holdShelfContract(factory);
  lostFoundContract(factory);
  statsContract(factory);
  suggestionsContract(factory);
}

const sqliteFactory =
  (books: SqliteBooksOptions = {}): StoreFactory =>
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bookhaven-store-'));
    const store = await openSqliteStore(join(dir, 'bookhaven.db'), books);
    return {
      store,
      async dispose() {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  };

function mongoFactory(uri: string): StoreFactory {
  const run = `bh_contract_${process.pid}_${Date.now().toString(36)}`;
  let count = 0;
  return async () => {
    const dbName = `${run}_${(count += 1)}`;
    const store = await openMongoStore(uri, dbName);
    return {
      store,
      async dispose() {
        await store.close();
        const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5_000 });
        try {
          await client.db(dbName).dropDatabase();
        } finally {
          await client.close();
        }
      },
    };
  };
}

describe('SQLite store contract', () => storeContract(sqliteFactory()));
// The ways SQLite reads a search of many matches (tier by tier, walked or ranked, decisions 060 and 062) reached
// with the contract's small catalogues: they must find, order and count what ranking every match does.
describe('SQLite search contract, read from the indexes at any count', () =>
  searchContract(sqliteFactory({ rankAllUpTo: 0 })));
describe('SQLite search contract, every tier walked', () =>
  searchContract(sqliteFactory({ rankAllUpTo: 0, walkRowsPerMatch: 1e9 })));

// The global setup starts a FerretDB server when one is provisioned and exports its URI.
const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');
if (mongoUri) {
  describe('MongoDB store contract', () => storeContract(mongoFactory(mongoUri)));
} else {
  describe.skip('MongoDB contract suite skipped: MONGODB_URI is not set', () => {
    it('runs the same contract against MongoDB when MONGODB_URI is set', () => undefined);
  });
}
