// The store a benchmark run drives: a private copy of a cached, seeded SQLite file (seeding 50k books takes
// seconds; copying the file takes milliseconds), or with BENCH_STORE=mongodb a seeded database on
// MONGODB_URI or on a private FerretDB that this run starts and stops.
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { seed } from '../scripts/seed.ts';
import { openStore } from '../server/store/open-store.ts';
import { MIGRATIONS } from '../server/store/sqlite/schema.ts';
import type { Store } from '../server/store/port.ts';
import { startMongoServer } from '../scripts/lib/mongo-server.ts';

export interface SeedParams {
  books: number;
  users: number;
  seed: number;
  /** Loans taken by the seeded members (none by default). */
  loans?: number;
}

export interface BenchStore {
  kind: 'sqlite' | 'mongodb';
  /** Environment for the gateway and the Yoga peer, so both open this same store. */
  env: Record<string, string>;
  open(): Promise<Store>;
  /**
   * After a scenario's setup wrote through its own connection: SQLite folds the write-ahead log into the file
   * now, so the gateway's next commit does not pay for the setup's writes inside a measured run.
   */
  checkpoint(): Promise<void>;
  /**
   * Keeps the store as it is now (no process may have it open); the function it answers puts it back so. Null
   * where that is not offered (MongoDB).
   */
  keep(): Promise<(() => Promise<void>) | null>;
  dispose(): Promise<void>;
}

const seedOptions = (p: SeedParams) => ({ books: p.books, users: p.users, loans: p.loans ?? 0, seed: p.seed });
/** The seeded store's name: its sizes, seed and (when there are any) loans. */
const seedName = (p: SeedParams) => `${p.books}_${p.users}_${p.seed}${p.loans ? `_loans_${p.loans}` : ''}`;

async function sqliteStore(p: SeedParams): Promise<BenchStore> {
  // Keyed by schema version too, so a new migration is not paid again (on a copy) by every run.
  const cache = path.join(
    os.tmpdir(),
    'bookhaven-bench-cache',
    `books-${p.books}-users-${p.users}-seed-${p.seed}${p.loans ? `-loans-${p.loans}` : ''}-schema-${MIGRATIONS.length}`,
  );
  if (!existsSync(path.join(cache, 'bookhaven.db'))) {
    console.log(`Seeding ${p.books} books and ${p.users} members once into ${cache} ...`);
    await mkdir(cache, { recursive: true });
    await seed({ ...seedOptions(p), dataDir: cache, mongodbUri: null, mongodbDb: 'bench', mode: 'reset' });
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookhaven-bench-run-'));
  await cp(path.join(cache, 'bookhaven.db'), path.join(dataDir, 'bookhaven.db'));
  const checkpoint = async () => {
    const db = new DatabaseSync(path.join(dataDir, 'bookhaven.db'), { timeout: 5_000 });
    try {
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  };
  return {
    kind: 'sqlite',
    env: { DATA_DIR: dataDir },
    open: () => openStore({ dataDir }),
    checkpoint,
    async keep() {
      await checkpoint();
      const file = path.join(dataDir, 'bookhaven.db');
      const kept = path.join(dataDir, 'kept.db');
      await cp(file, kept);
      return async () => {
        await rm(`${file}-wal`, { force: true });
        await rm(`${file}-shm`, { force: true });
        await cp(kept, file);
      };
    },
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function mongoStore(p: SeedParams): Promise<BenchStore> {
  const server = await startMongoServer();
  if ('skipped' in server) throw new Error(`BENCH_STORE=mongodb: ${server.skipped}`);
  const db = `bench_${seedName(p)}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookhaven-bench-run-'));
  const options = { dataDir, mongodbUri: server.uri, mongodbDb: db };
  // A database left by an earlier run against the same server is reused when its catalogue is complete.
  const existing = await openStore(options);
  const complete = (await existing.books.count()) === p.books;
  await existing.close();
  if (!complete) {
    console.log(`Seeding ${p.books} books and ${p.users} members into MongoDB database ${db} ...`);
    await seed({ ...seedOptions(p), ...options, mode: 'reset' });
  }
  return {
    kind: 'mongodb',
    env: { DATA_DIR: dataDir, MONGODB_URI: server.uri, MONGODB_DB: db },
    open: () => openStore(options),
    checkpoint: async () => {},
    keep: async () => null,
    dispose: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function benchStore(p: SeedParams): Promise<BenchStore> {
  const kind = process.env.BENCH_STORE ?? 'sqlite';
  if (kind === 'sqlite') return sqliteStore(p);
  if (kind === 'mongodb') return mongoStore(p);
  throw new Error(`BENCH_STORE must be sqlite or mongodb, got "${kind}"`);
}
