// `npm run seed -- --books 50000 --users 10000 --loans 20000`: fills a store (SQLite under --data-dir, or
// MongoDB with MONGODB_URI) with reproducible, realistic data for load tests and demos. Refuses to touch a
// non-empty store unless told --append or --reset.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Faker, en } from '@faker-js/faker';
import { MongoClient } from 'mongodb';
import { loadPolicy } from '../server/config.ts';
import { todayIn } from '../server/library/calendar.ts';
import { DEFAULT_POLICY, type Policy } from '../server/library/policy.ts';
import { openStore } from '../server/store/open-store.ts';
import type { BookFields, Store } from '../server/store/port.ts';
import { drawnCoverPath } from '../server/store/seed/cover-svg.ts';
import { seedAuthor, seedTitle } from '../server/store/seed/titles.ts';
import type { Genre } from '../shared/genres.ts';
import { libraryYear } from './lib/library-year.ts';
import { seedYear } from './lib/seed-loans.ts';
import { joiningMoments } from './lib/seed-members.ts';

// The nine genres of the catalogue, with a realistic skew (many thrillers and romances, few poetry books).
const GENRE_WEIGHTS: Readonly<Record<Genre, number>> = {
  Thriller: 20,
  Romance: 18,
  Fantasy: 14,
  'Sci-Fi': 12,
  Biography: 10,
  'Self-Help': 9,
  Children: 8,
  Drama: 6,
  Poetry: 3,
};

export interface SeedOptions {
  books: number;
  users: number;
  loans: number;
  dataDir: string;
  mongodbUri: string | null;
  mongodbDb: string;
  mode: 'fresh' | 'append' | 'reset';
  seed: number;
  quiet?: boolean;
  /** The policy the loans are made by (loan limit, loan period); the defaults when not given. */
  policy?: Policy;
  /** The library's time zone and the moment the seeded year ends (LIBRARY_TIMEZONE and now when not given). */
  timeZone?: string;
  now?: Date;
}

const printedDecile = new Map<string, number>();

function progress(label: string, done: number, total: number, quiet?: boolean) {
  if (quiet || total === 0) return;
  const width = 30;
  const filled = Math.round((done / total) * width);
  const bar = `${label.padEnd(8)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
  // Redrawn in place on a terminal; into a log or pipe, one line per whole 10%.
  if (process.stdout.isTTY) process.stdout.write(`\r${bar}${done === total ? '\n' : ''}`);
  else if (Math.floor((done * 10) / total) !== printedDecile.get(label)) {
    printedDecile.set(label, Math.floor((done * 10) / total));
    console.log(bar);
  }
}

/** A seeded PRNG (mulberry32): the same seed, the same library. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeBook(faker: Faker, random: () => number, authors: string[]): BookFields {
  const genre = faker.helpers.weightedArrayElement(
    Object.entries(GENRE_WEIGHTS).map(([value, weight]) => ({ value, weight })),
  );
  // Popular authors write many books: the English ones come from a fixed pool with a long tail.
  const { title, author } = seedTitle(random, authors);
  return {
    title,
    author,
    genre,
    description: faker.lorem.sentences({ min: 1, max: 3 }),
    image: drawnCoverPath({ title, author, genre }),
    rating: Math.round(faker.number.float({ min: 1, max: 5 }) * 10) / 10,
    quantity: faker.number.int({ min: 0, max: 10 }),
  };
}

async function isEmpty(store: Store) {
  return (await store.books.count()) === 0 && (await store.users.list()).length === 0;
}

export async function seed(options: SeedOptions) {
  if (options.mode === 'reset') {
    if (options.mongodbUri) {
      const client = await MongoClient.connect(options.mongodbUri);
      await client.db(options.mongodbDb).dropDatabase();
      await client.close();
    } else {
      for (const suffix of ['', '-wal', '-shm'])
        await rm(path.join(options.dataDir, `bookhaven.db${suffix}`), { force: true });
    }
  }
  const store = await openStore({
    dataDir: options.dataDir,
    mongodbUri: options.mongodbUri,
    mongodbDb: options.mongodbDb,
  });
  try {
    if (options.mode === 'fresh' && !(await isEmpty(store))) {
      throw new Error('The store already has data: pass --append to add to it or --reset to start over.');
    }
    const faker = new Faker({ locale: [en] });
    faker.seed(options.seed);
    const started = Date.now();
    const random = prng(options.seed);
    const authors = Array.from({ length: Math.max(50, Math.ceil(options.books / 20)) }, () => seedAuthor(random));

    const BATCH = 1000;
    for (let done = 0; done < options.books;) {
      const batch = Array.from({ length: Math.min(BATCH, options.books - done) }, () =>
        makeBook(faker, random, authors),
      );
      done += await store.books.insertMany(batch);
      progress('books', done, options.books, options.quiet);
    }

    // Members join over the years, a trickle through the seeded one (scripts/lib/seed-members.ts).
    const timeZone = options.timeZone ?? 'Asia/Dhaka';
    const today = todayIn(timeZone, options.now ?? new Date());
    const joined = joiningMoments(libraryYear(today), options.users, { random, timeZone });
    const users = [];
    for (let i = 0; i < options.users; i++) {
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      users.push(
        await store.users.upsert(
          {
            uid: `seed-${options.seed}-${i}`,
            email: faker.internet.email({ firstName: first, lastName: last, provider: 'example.com' }).toLowerCase(),
            name: `${first} ${last}`,
            photoURL: null,
            role: i === 0 ? 'admin' : 'member',
          },
          joined[i],
        ),
      );
      if (i % 500 === 499 || i === options.users - 1) progress('users', i + 1, options.users, options.quiet);
    }

    // A year of lending up to today, day by day (scripts/lib/seed-loans.ts).
    const policy = options.policy ?? DEFAULT_POLICY;
    const bookIds: string[] = [];
    for await (const book of store.books.all()) bookIds.push(book.id);
    const year =
      users.length > 0 && bookIds.length > 0 && options.loans > 0
        ? await seedYear(store, users, bookIds, {
            loans: options.loans,
            policy,
            timeZone,
            today,
            random,
            onLoan: (made) => {
              if (made % 500 === 0 || made === options.loans) progress('loans', made, options.loans, options.quiet);
            },
          })
        : null;
    const loans = year?.loans ?? 0;
    const seconds = (Date.now() - started) / 1000;
    const records = options.books + options.users + loans;
    const summary = {
      books: options.books,
      users: options.users,
      loans,
      seconds: Math.round(seconds * 10) / 10,
      recordsPerSecond: Math.round(records / Math.max(seconds, 0.001)),
      store: store.kind,
    };
    if (!options.quiet)
      console.log(
        `Seeded ${summary.books} books, ${summary.users} users and ${loans} loans into ${store.kind} in ${summary.seconds} s (${summary.recordsPerSecond} records/s).`,
      );
    return summary;
  } finally {
    await store.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      books: { type: 'string', default: '50000' },
      users: { type: 'string', default: '10000' },
      loans: { type: 'string', default: '20000' },
      'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
      seed: { type: 'string', default: '2010' },
      append: { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
    },
  });
  const count = (name: 'books' | 'users' | 'loans') => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${values[name]}"`);
    return n;
  };
  try {
    await seed({
      books: count('books'),
      users: count('users'),
      loans: count('loans'),
      dataDir: path.resolve(values['data-dir']),
      mongodbUri: process.env.MONGODB_URI || null,
      mongodbDb: process.env.MONGODB_DB || 'bookhaven',
      mode: values.reset ? 'reset' : values.append ? 'append' : 'fresh',
      seed: Number(values.seed),
      policy: loadPolicy(),
    });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
