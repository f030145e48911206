// The storage port: what the domain services need from a database, in domain terms, one file per aggregate in
// port/. Every adapter (sqlite/, mongo/) implements Store and passes tests/store/contract.test.ts.
// Ids are 24-hex ObjectId strings in every adapter; dates are Date objects.
import type { AuditStore } from './port/audit.ts';
import type { BookStore } from './port/books.ts';
import type { CalendarStore } from './port/calendar.ts';
import type { CategoryStore } from './port/categories.ts';
import type { HoldStore } from './port/holds.ts';
import type { HolidayStore } from './port/holidays.ts';
import type { ItemStore } from './port/items.ts';
import type { LedgerStore } from './port/ledger.ts';
import type { LoanStore } from './port/loans.ts';
import type { NoticeStore } from './port/notices.ts';
import type { ReadingHistoryStore } from './port/reading-history.ts';
import type { RequestStore } from './port/requests.ts';
import type { LeaseStore, SessionStore } from './port/sessions.ts';
import type { StatsStore } from './port/stats.ts';
import type { SuggestionStore } from './port/suggestions.ts';
import type { ErasureStore, UserStore } from './port/users.ts';

export * from './port/audit.ts';
export * from './port/books.ts';
export * from './port/calendar.ts';
export * from './port/categories.ts';
export * from './port/holds.ts';
export * from './port/holidays.ts';
export * from './port/items.ts';
export * from './port/ledger.ts';
export * from './port/loans.ts';
export * from './port/notices.ts';
export * from './port/paging.ts';
export * from './port/reading-history.ts';
export * from './port/requests.ts';
export * from './port/sessions.ts';
export * from './port/stats.ts';
export * from './port/suggestions.ts';
export * from './port/users.ts';

export interface Store {
  readonly kind: 'sqlite' | 'mongodb';
  readonly calendar: CalendarStore;
  readonly holidays: HolidayStore;
  readonly books: BookStore;
  readonly categories: CategoryStore;
  readonly loans: LoanStore;
  readonly ledger: LedgerStore;
  readonly requests: RequestStore;
  readonly holds: HoldStore;
  readonly notices: NoticeStore;
  readonly users: UserStore;
  readonly erasure: ErasureStore;
  /** Members' reading histories: their closed loans, kept or anonymized (issue 42). */
  readonly readingHistory: ReadingHistoryStore;
  readonly leases: LeaseStore;
  readonly sessions: SessionStore;
  readonly audit: AuditStore;
  readonly items: ItemStore;
  /** Counts and sums for the library's reports, aggregated by the engine. */
  readonly stats: StatsStore;
  /** Members' purchase suggestions and staff's decisions. */
  readonly suggestions: SuggestionStore;
  /** Resolves when the database answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  /**
   * A number that changes when another connection (another process) has committed a write since the last
   * call; absent when the engine cannot tell (MongoDB: other gateways' writes are not announced).
   */
  writesElsewhere?(): number;
  close(): Promise<void>;
}
