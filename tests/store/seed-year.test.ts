// `npm run seed` gives a library's year: loans on open days with the week's and the year's rhythm, a few percent
// overdue, late fees paid or waived, holds, renewals; titles that read as titles, covers drawn from each book.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seed } from '../../scripts/seed.ts';
import { closedDays, openingOf, weekdayOf } from '../../scripts/lib/library-year.ts';
import { addDays, todayIn } from '../../server/library/calendar.ts';
import { openStore } from '../../server/store/open-store.ts';
import type { BookRecord, HoldRecord, LedgerRecord, LoanRecord, UserRecord } from '../../server/store/port.ts';
import { coverSvg, escapeXml } from '../../server/store/seed/cover-svg.ts';
import { collect } from './contract/harness.ts';
import { describeEachStore, startTestGateway } from '../support/gateway.ts';

const NOW = new Date('2026-11-26T06:00:00.000Z');
const TODAY = '2026-11-26';
const dhakaDay = (date: Date) => todayIn('Asia/Dhaka', date);

describeEachStore((kind) => {
  describe("npm run seed: a library's year", () => {
    let dir = '';
    let books: BookRecord[] = [];
    let users: UserRecord[] = [];
    let loans: LoanRecord[] = [];
    let holds: HoldRecord[] = [];
    let ledger: LedgerRecord[] = [];
    const where = () => ({
      dataDir: join(dir, 'seeded'),
      mongodbUri: kind === 'mongodb' ? (inject('mongodbUri') ?? null) : null,
      mongodbDb: `bookhaven_year_${randomBytes(4).toString('hex')}`,
    });
    let target: ReturnType<typeof where>;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'bookhaven-seed-year-'));
      target = where();
      // FerretDB writes a loan far slower than SQLite: a smaller library there, with the same shape.
      const size = kind === 'sqlite' ? { books: 120, users: 60, loans: 1200 } : { books: 40, users: 20, loans: 200 };
      await seed({ ...size, mode: 'fresh', seed: 11, quiet: true, now: NOW, ...target });
      const store = await openStore(target);
      try {
        books = await collect(store.books.all());
        users = await store.users.list();
        loans = (await Promise.all(users.map((u) => store.loans.listByUser(u.uid)))).flat();
        holds = (await Promise.all(users.map((u) => store.holds.listByUser(u.uid)))).flat();
        ledger = (await Promise.all(users.map((u) => store.ledger.list(u.uid)))).flat();
      } finally {
        await store.close();
      }
    }, 600_000);
    afterAll(async () => {
      if (target?.mongodbUri) {
        const client = await MongoClient.connect(target.mongodbUri);
        await client.db(target.mongodbDb).dropDatabase();
        await client.close();
      }
      await rm(dir, { recursive: true, force: true });
    });

    it('lends on open days only, in every month of the year, busier on Saturdays than on short Fridays', () => {
      expect(loans.length).toBeGreaterThanOrEqual(kind === 'sqlite' ? 1200 : 200);
      const isOpen = openingOf(closedDays([2025, 2026, 2027]));
      const days = loans.map((loan) => dhakaDay(loan.borrowDate));
      expect(days.filter((day) => !isOpen(day))).toEqual([]);
      const months = new Set(days.map((day) => day.slice(0, 7)));
      for (let i = 0; i < 12; i++) expect(months).toContain(addDays(TODAY, -30 * i).slice(0, 7));
      expect(days.every((day) => day > addDays(TODAY, -366) && day <= TODAY)).toBe(true);
      const onWeekday = (weekday: number) => days.filter((day) => weekdayOf(day) === weekday).length;
      expect(onWeekday(6)).toBeGreaterThan(onWeekday(5) * 2);
    });

    it('has most loans back on time, a few percent overdue, some renewed', () => {
      const overdue = loans.filter((l) => l.status === 'borrowed' && dhakaDay(l.returnDate) < TODAY);
      expect(overdue.length / loans.length).toBeLessThan(0.08);
      expect(overdue.length).toBeGreaterThan(0);
      const returned = loans.filter((l) => l.status === 'returned');
      expect(returned.length / loans.length).toBeGreaterThan(0.8);
      const late = returned.filter((l) => l.lateFee > 0);
      expect(late.length / returned.length).toBeGreaterThan(0.03);
      expect(late.length / returned.length).toBeLessThan(0.2);
      expect(loans.filter((l) => l.renewals > 0).length).toBeGreaterThan(0);
    });

    it('charges late fees by the fee rule, mostly paid, a few waived; holds placed and collected', () => {
      const charged = ledger.filter((e) => e.kind === 'late-fee');
      const paid = ledger.filter((e) => e.kind === 'payment');
      const waived = ledger.filter((e) => e.kind === 'waiver');
      expect(charged.length).toBeGreaterThan(0);
      expect(paid.length).toBeGreaterThan(waived.length);
      expect(waived.length).toBeGreaterThan(0);
      expect(holds.length).toBeGreaterThan(0);
      expect(holds.some((h) => h.status === 'fulfilled')).toBe(true);
    });

    it('has members join over the years, a trickle through this one, each before their first loan and hold', () => {
      const joined = users.map((user) => dhakaDay(user.createdAt));
      const perDay = new Map<string, number>();
      for (const day of joined) perDay.set(day, (perDay.get(day) ?? 0) + 1);
      expect(Math.max(...perDay.values()) / users.length).toBeLessThanOrEqual(0.1);
      const yearStart = addDays(TODAY, -364);
      expect(joined.some((day) => day < yearStart)).toBe(true);
      expect(new Set(joined.filter((day) => day >= yearStart).map((day) => day.slice(0, 7))).size).toBeGreaterThan(6);
      const joinedAt = new Map(users.map((user) => [user.uid, user.createdAt.getTime()]));
      expect(loans.filter((loan) => loan.borrowDate.getTime() < joinedAt.get(loan.userId)!)).toEqual([]);
      expect(holds.filter((hold) => hold.createdAt.getTime() < joinedAt.get(hold.userId)!)).toEqual([]);
    });

    it('gives titles that read as titles, some in Bengali, each with a cover drawn from its own words', async () => {
      for (const b of books) expect(b.title).not.toMatch(/[^aeiou\s]ys\b|nesss\b|ions\b|ities\b/i);
      expect(books.some((b) => /[\u0980-\u09FF]/.test(b.title))).toBe(true);
      for (const b of books) {
        const cover = new URL(b.image, 'http://library.test');
        expect(cover.pathname).toBe('/assets/covers/drawn.svg');
        expect(Object.fromEntries(cover.searchParams)).toEqual({ title: b.title, author: b.author, genre: b.genre });
      }
      if (kind !== 'sqlite') return;
      const gw = await startTestGateway({ dataDir: target.dataDir });
      try {
        const book = books.find((b) => b.title.includes(' '))!;
        const answer = await fetch(`${gw.url}${book.image}`);
        expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
        const svg = await answer.text();
        expect(svg).toBe(coverSvg(book));
        expect(svg).toContain(`${escapeXml(book.title)} by ${escapeXml(book.author)}`);
      } finally {
        await gw.close();
      }
    });
  });
});
