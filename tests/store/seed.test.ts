// The first-run catalogue: seeded once, consistent with the categories, and every image exists on disk.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { seed } from '../../scripts/seed.ts';
import { daysBetween } from '../../server/library/calendar.ts';
import { DEFAULT_POLICY } from '../../server/library/policy.ts';
import { openStore } from '../../server/store/open-store.ts';
import type { LoanRecord, Store } from '../../server/store/port.ts';
import { SEED_BOOKS } from '../../server/store/seed/books.ts';
import { categorySvg } from '../../server/store/seed/category-svg.ts';
import { coverSvg } from '../../server/store/seed/cover-svg.ts';
import { assetFile } from '../../server/store/seed/generate-assets.ts';
import { seedIfEmpty } from '../../server/store/seed/seed-if-empty.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { bookFields, collect } from './contract/harness.ts';
import { describeEachStore } from '../support/gateway.ts';

const SPEC_CATEGORIES = [
  'Thriller',
  'Sci-Fi',
  'Poetry',
  'Drama',
  'Children',
  'Self-Help',
  'Biography',
  'Fantasy',
  'Romance',
];

let dir = '';
let store: Store;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-seed-'));
  store = await openSqliteStore(join(dir, 'bookhaven.db'));
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('seedIfEmpty', () => {
  it('seeds the nine spec categories and the starter books once', async () => {
    const first = await seedIfEmpty(store, new Date('2026-11-26T06:00:00.000Z'));
    // Seven fixed-date holidays of this year and of the next.
    expect(first).toEqual({ categories: 9, books: SEED_BOOKS.length, closures: 14 });
    expect(await seedIfEmpty(store)).toEqual({ categories: 0, books: 0, closures: 0 });
    const december = await store.calendar.closures('2026-12-01', '2026-12-31');
    expect(december.map((c) => [c.day, c.reason])).toEqual([
      ['2026-12-16', 'Victory Day'],
      ['2026-12-25', 'Christmas Day'],
    ]);
    // A new year's first boot adds the year after it.
    expect((await seedIfEmpty(store, new Date('2027-01-02T06:00:00.000Z'))).closures).toBe(7);
    expect((await store.categories.list()).map((c) => c.name)).toEqual(SPEC_CATEGORIES);
    expect(await store.books.count()).toBe(SEED_BOOKS.length);
    const featured = (await store.books.list({}, { first: 3 })).nodes.map((b) => b.title);
    expect(featured).toEqual(['Dracula', 'Frankenstein', 'Pride and Prejudice']);
  });

  it('leaves a catalogue someone has started alone', async () => {
    await store.books.insert(bookFields({ title: 'My Own Book' }));
    expect(await seedIfEmpty(store)).toMatchObject({ categories: 9, books: 0 });
    expect((await collect(store.books.all())).map((b) => b.title)).toEqual(['My Own Book']);
  });

  it('gives a believable catalogue: every genre used, ratings 3.5 to 5, every stock badge', async () => {
    await seedIfEmpty(store);
    const books = await collect(store.books.all());
    expect(books.length).toBeGreaterThanOrEqual(27);
    expect(await store.books.genres()).toEqual([...SPEC_CATEGORIES].sort());
    for (const b of books) {
      expect(b.rating).toBeGreaterThanOrEqual(3.5);
      expect(b.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(b.quantity) && b.quantity >= 0 && b.quantity <= 8).toBe(true);
      expect(b.description.length).toBeGreaterThan(40);
    }
    expect(books.some((b) => b.quantity === 0)).toBe(true);
    expect(books.filter((b) => b.quantity >= 1 && b.quantity <= 3).length).toBeGreaterThanOrEqual(3);
    expect(new Set(books.map((b) => b.title)).size).toBe(books.length);
  });

  it('points every cover and category image at a committed SVG that names it', async () => {
    await seedIfEmpty(store);
    for (const b of await collect(store.books.all())) {
      expect(b.image).toMatch(/^\/assets\/library\/covers\/[a-z0-9-]+\.svg$/);
      const svg = readFileSync(assetFile(b.image), 'utf8');
      expect(svg).toContain('<svg');
      expect(svg).toContain('viewBox="0 0 400 600"');
      expect(svg).toContain(b.author.replace(/'/g, '&apos;'));
      // The committed file is what the generator writes today (rerun generate-assets.ts after edits).
      expect(svg).toBe(coverSvg(b));
    }
    for (const c of await store.categories.list()) {
      expect(c.image).toMatch(/^\/assets\/library\/categories\/[a-z0-9-]+\.svg$/);
      expect(existsSync(assetFile(c.image))).toBe(true);
      const svg = readFileSync(assetFile(c.image), 'utf8');
      expect(svg).toContain(`>${c.name}</text>`);
      expect(svg).toBe(categorySvg(c));
      expect(c.description.length).toBeGreaterThan(10);
    }
  });
});

describeEachStore((kind) => {
  // A seeded year goes through the store's real borrows and returns, one at a time: on FerretDB each takes about
  // 50 ms, so one seed here takes about 10 s on a quiet machine and passed 30 s on a busy one.
  describe('npm run seed', { timeout: kind === 'mongodb' ? 120_000 : 30_000 }, () => {
    const target = () => ({
      dataDir: join(dir, 'seeded'),
      mongodbUri: kind === 'mongodb' ? (inject('mongodbUri') ?? null) : null,
      mongodbDb: `bookhaven_seed_${randomBytes(4).toString('hex')}`,
    });
    /** Seeds three members with a year of far more loans than the policy lets them hold at once. */
    async function seedAndCount(policy?: typeof DEFAULT_POLICY) {
      const where = target();
      await seed({ books: 40, users: 3, loans: 60, mode: 'fresh', seed: 7, quiet: true, policy, ...where });
      const seeded = await openStore(where);
      try {
        const users = await seeded.users.list();
        return await Promise.all(users.map((u) => seeded.loans.listByUser(u.uid)));
      } finally {
        await seeded.close();
        if (where.mongodbUri) await dropDatabase(where.mongodbUri, where.mongodbDb);
      }
    }

    /** The most books one member held at the end of any day. */
    const mostHeld = (loans: LoanRecord[]) =>
      Math.max(
        0,
        ...loans.map(
          (on) =>
            loans.filter(
              (l) =>
                day(l.borrowDate) <= day(on.borrowDate) && (!l.returnedAt || day(l.returnedAt) > day(on.borrowDate)),
            ).length,
        ),
      );

    /** Days from borrowing to the due day: the loan period, moved to the next open day, and renewals' days. */
    const period = (loan: LoanRecord, policy: typeof DEFAULT_POLICY) => {
      const days = daysBetween(day(loan.borrowDate), day(loan.returnDate)) - loan.renewals * policy.renewalDays;
      return days >= policy.loanDays && days <= policy.loanDays + 7 + loan.renewals * 7;
    };

    it('lends no member more books than the loan limit at once, each for the loan period', async () => {
      const byMember = await seedAndCount();
      expect(byMember.flat().length).toBeGreaterThan(20);
      for (const loans of byMember) expect(mostHeld(loans)).toBeLessThanOrEqual(5);
      expect(Math.max(...byMember.map(mostHeld))).toBeGreaterThanOrEqual(3);
      for (const loan of byMember.flat()) expect(period(loan, DEFAULT_POLICY)).toBe(true);
    });

    it('lends by the policy it is given', async () => {
      const policy = { ...DEFAULT_POLICY, loanLimit: 2, loanDays: 21 };
      const byMember = await seedAndCount(policy);
      for (const loans of byMember) expect(mostHeld(loans)).toBeLessThanOrEqual(2);
      for (const loan of byMember.flat()) expect(period(loan, policy)).toBe(true);
    });
  });
});

async function dropDatabase(uri: string, name: string) {
  const client = await MongoClient.connect(uri);
  await client.db(name).dropDatabase();
  await client.close();
}

const day = (date: Date) => date.toISOString().slice(0, 10);
