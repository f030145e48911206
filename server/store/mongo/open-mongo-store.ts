// The MongoDB adapter: one client per store; indexes are declared on open (createIndexes is idempotent).
import { MongoClient, type ObjectId } from 'mongodb';
import type { Collection, CommandStartedEvent, Db, Document, IndexDescription } from 'mongodb';
import type { Store } from '../port.ts';
import { mongoBooks } from './books.ts';
import { prepareBookSearch } from './book-search-index.ts';
import { recentLoansOf } from './books-search.ts';
import type {
  AccountDoc,
  BookDoc,
  CategoryDoc,
  EndedSessionDoc,
  HoldDoc,
  LeaseDoc,
  LedgerDoc,
  LoanDoc,
  MailClaimDoc,
  MemberHoldsDoc,
  NoticeDoc,
  RequestDoc,
  UserDoc,
} from './documents.ts';
import { mongoHolds } from './holds.ts';
import { holdSteps } from './hold-steps.ts';
import { recoverHolds } from './hold-recovery.ts';
import { mongoNotices } from './notices.ts';
import { mongoErasure } from './erasure.ts';
import { mongoReadingHistory } from './reading-history.ts';
import { backfillAnonymousTrails, type BackfillDoc } from './anonymous-audit-backfill.ts';
import { mongoLeases } from './leases.ts';
import { mongoSessions } from './sessions.ts';
import { NO_LOCK, createKeyLock, needsWriteQueue } from './key-lock.ts';
import { mongoLedger, recoverLedger } from './ledger.ts';
import { backfillCredits } from './ledger-backfill.ts';
import { mongoLoans } from './loans.ts';
import { recoverLoans } from './loan-recovery.ts';
import { mongoRequests } from './requests.ts';
import { mongoAudit, type AuditDoc } from './audit.ts';
import { mongoCategories, mongoUsers, prepareMemberSearch } from './people.ts';
import {
  prepareMemberCards,
  refoldMemberKeys,
  type CounterDoc as MemberCounterDoc,
  type MemberNoteDoc,
} from './members.ts';
import { mongoItems } from './item-store.ts';
import { recoverItems } from './item-recovery.ts';
import type { CounterDoc as ItemCounterDoc, ItemDoc } from './item-docs.ts';
import { itemSteps } from './items.ts';
import { mongoStats } from './stats.ts';
import { mongoCalendar, type ClosureDoc, type HoursChangeDoc, type OpeningHoursDoc } from './calendar.ts';
import { mongoHolidays, type HolidayDoc } from './holidays.ts';
import { mongoSuggestions, type SuggestionDoc } from './suggestions.ts';

type IndexSpec = IndexDescription & { name: string };

/**
 * Creates the indexes a collection lacks. Asking only for missing ones keeps a restart cheap and avoids a
 * FerretDB v1 panic on createIndexes for a compound index that already exists (seen on every reopen).
 */
async function ensure(collection: Collection<Document>, specs: IndexSpec[]): Promise<void> {
  let existing: Set<string>;
  try {
    existing = new Set((await collection.listIndexes().toArray()).map((index) => String(index.name)));
  } catch (error) {
    if ((error as { code?: number }).code !== 26) throw error; // NamespaceNotFound: a new collection
    existing = new Set();
  }
  const missing = specs.filter((spec) => !existing.has(spec.name));
  if (missing.length > 0) await collection.createIndexes(missing);
}

async function ensureIndexes(db: Db): Promise<void> {
  await ensure(db.collection('books'), [
    { key: { genre: 1, _id: 1 }, name: 'genre_id' },
    // availableOnly counts (quantity > 0); FerretDB has no partial indexes, so not { _id } where quantity > 0.
    { key: { quantity: 1 }, name: 'in_stock' },
    // Hold recovery on every open finds the few books with a copy set aside; without it, a scan of the catalogue.
    { key: { heldFor: 1 }, name: 'held_for', sparse: true },
    // Recovery on open finds the few books with a staff change of items under way (items.ts).
    { key: { itemMoves: 1 }, name: 'item_moves', sparse: true },
  ]);
  await ensure(db.collection('items'), [
    // A book's copies in the order they were added (barcodes are given out in order).
    { key: { bookId: 1, _id: 1 }, name: 'book_items' },
    // A book's first copies are made once each, however often the step runs (insert, migration).
    { key: { birth: 1 }, name: 'birth_unique', unique: true },
    // The copy a loan or a ready hold has; recovery compares them with the loans and holds.
    { key: { loanId: 1 }, name: 'loan_id' },
    { key: { holdId: 1 }, name: 'hold_id' },
    { key: { move: 1 }, name: 'moving', sparse: true },
  ]);
  await ensure(db.collection('categories'), [{ key: { name: 1 }, name: 'name_unique', unique: true }]);
  await ensure(db.collection('borrowedBooks'), [
    { key: { activeKey: 1 }, name: 'active_key_unique', unique: true },
    { key: { userId: 1, borrowDate: -1, _id: -1 }, name: 'user_newest_first' },
    { key: { userId: 1, status: 1 }, name: 'user_status' },
    // Recovery on open looks for the few pending / returning loans among all of them.
    { key: { status: 1 }, name: 'status' },
    // The overdue list: active loans by due date.
    { key: { status: 1, returnDate: 1, _id: 1 }, name: 'status_due' },
    // A search's ranking ties: how many loans of each matching book began recently.
    { key: { bookId: 1, borrowDate: 1 }, name: 'book_borrowed' },
    // A found copy's last loan (decision 059).
    { key: { itemBarcode: 1, borrowDate: -1, _id: -1 }, name: 'item_newest_first' },
    // The reports' periods (stats.ts): loans made, and returned, in a range of time.
    { key: { borrowDate: 1 }, name: 'borrowed_at' },
    { key: { returnedAt: 1 }, name: 'returned_at', sparse: true },
  ]);
  await ensure(db.collection('holds'), [
    { key: { openKey: 1 }, name: 'open_key_unique', unique: true },
    { key: { bookId: 1, status: 1, createdAt: 1, _id: 1 }, name: 'book_queue' },
    { key: { userId: 1, createdAt: -1, _id: -1 }, name: 'user_newest_first' },
    { key: { status: 1, readyAt: 1, _id: 1 }, name: 'status_ready' },
    // The hold shelf's lists (decision 058): ready holds not on it yet; holds whose copy is on it, by end.
    { key: { status: 1, shelvedAt: 1, readyAt: 1, _id: 1 }, name: 'to_pull' },
    { key: { shelf: 1, endedAt: 1, _id: 1 }, name: 'on_shelf', sparse: true },
    // The few paused holds, by when their pause ends (the lazy resume); unset when it ends.
    { key: { pausedUntil: 1 }, name: 'paused', sparse: true },
    { key: { createdAt: 1 }, name: 'placed_at' },
    { key: { endedAt: 1 }, name: 'ended_at', sparse: true },
    { key: { readyAt: 1 }, name: 'ready_at', sparse: true },
  ]);
  await ensure(db.collection('notices'), [
    { key: { key: 1 }, name: 'key_unique', unique: true },
    { key: { userId: 1, createdAt: -1, _id: -1 }, name: 'user_newest_first' },
    { key: { userId: 1, readAt: 1 }, name: 'user_unread' },
    { key: { 'mail.status': 1, 'mail.nextAttemptAt': 1, _id: 1 }, name: 'mail_due' },
    { key: { 'sms.status': 1, 'sms.nextAttemptAt': 1, _id: 1 }, name: 'sms_due' },
  ]);
  await ensure(db.collection('ledger'), [
    { key: { chargeKey: 1 }, name: 'charge_key_unique', unique: true },
    { key: { userId: 1, createdAt: -1, _id: -1 }, name: 'user_newest_first' },
    // Recovery on open looks for the few charges not yet in a balance.
    { key: { counted: 1 }, name: 'counted' },
    // The desk's cash-up: a day's payments and waivers in time order.
    { key: { kind: 1, createdAt: 1, _id: 1 }, name: 'kind_time' },
    // A receipt's reference, which staff search by: credits only (sparse).
    { key: { reference: 1 }, name: 'reference_unique', unique: true, sparse: true },
    { key: { createdAt: 1 }, name: 'recorded_at' },
  ]);
  // Idempotency keys: claimed by _id (actor and key), pruned per actor by age.
  await ensure(db.collection('requests'), [{ key: { actor: 1, createdAt: 1 }, name: 'actor_age' }]);
  await ensure(db.collection('users'), [
    { key: { uid: 1 }, name: 'uid_unique', unique: true },
    // Sparse: a member without a card yet (before prepareMemberCards) has no cardNumber, never a null one.
    { key: { cardNumber: 1 }, name: 'card_unique', unique: true, sparse: true },
    { key: { createdAt: 1 }, name: 'joined_at' },
  ]);
  // Signed-out sessions are pruned by expiry (sessions.ts).
  await ensure(db.collection('endedSessions'), [{ key: { expiresAt: 1 }, name: 'expires_at', sparse: true }]);
  await ensure(db.collection('memberNotes'), [{ key: { uid: 1, at: -1, _id: -1 }, name: 'uid_newest_first' }]);
  // The audit trail, read newest first per book and per member.
  await ensure(db.collection('audit'), [
    { key: { bookId: 1, _id: 1 }, name: 'book_id' },
    { key: { uid: 1, _id: 1 }, name: 'uid_id' },
  ]);
  // Purchase suggestions: a member's (the open ones counted against the limit), and staff's list by status.
  await ensure(db.collection('suggestions'), [
    { key: { userId: 1, status: 1, _id: 1 }, name: 'user_status' },
    { key: { status: 1, _id: -1 }, name: 'status_newest_first' },
    // An open suggestion's place under the member's limit (suggestions.ts).
    { key: { openSlot: 1 }, name: 'open_slot_unique', unique: true, sparse: true },
  ]);
}

export interface MongoStoreOptions {
  /** Sees every command the store sends (tests ask the server to explain them). */
  onCommand?: (event: CommandStartedEvent) => void;
}

export async function openMongoStore(uri: string, dbName?: string, opts: MongoStoreOptions = {}): Promise<Store> {
  // Short timeouts: when the database is down, requests and health checks should fail fast, not hang.
  const client = new MongoClient(uri, {
    appName: 'bookhaven',
    serverSelectionTimeoutMS: 5_000,
    connectTimeoutMS: 5_000,
    socketTimeoutMS: 30_000,
    maxPoolSize: 20,
    monitorCommands: opts.onCommand !== undefined,
  });
  if (opts.onCommand) client.on('commandStarted', opts.onCommand);
  await client.connect();
  try {
    const db = client.db(dbName);
    await ensureIndexes(db);
    const books = db.collection<BookDoc>('books');
    await prepareBookSearch(books);
    await prepareMemberSearch(db.collection<UserDoc>('users'));
    const members = {
      users: db.collection<UserDoc>('users'),
      // One collection of counters, a document each: members' cards here, items' barcodes below.
      counters: db.collection<MemberCounterDoc>('counters'),
      memberNotes: db.collection<MemberNoteDoc>('memberNotes'),
    };
    await prepareMemberCards(members);
    await refoldMemberKeys(members.users);
    const loans = db.collection<LoanDoc>('borrowedBooks');
    const lock = needsWriteQueue(await db.admin().command({ buildInfo: 1 })) ? createKeyLock() : NO_LOCK;
    const collections = {
      loans,
      books,
      accounts: db.collection<AccountDoc>('accounts'),
      ledger: db.collection<LedgerDoc>('ledger'),
      holds: db.collection<HoldDoc>('holds'),
      memberHolds: db.collection<MemberHoldsDoc>('memberHolds'),
      items: db.collection<ItemDoc>('items'),
      counters: db.collection<ItemCounterDoc>('counters'),
      audit: db.collection<AuditDoc>('audit'),
    };
    await recoverLoans(collections, lock);
    await recoverLedger(collections, lock);
    await backfillCredits(collections, lock);
    await recoverHolds(collections, lock);
    await recoverItems(collections, lock);
    await backfillAnonymousTrails({ ...collections, backfills: db.collection<BackfillDoc>('backfills') });
    const fill = (bookOid: ObjectId) => holdSteps(collections, lock).fill(bookOid, new Date());
    const calendar = await mongoCalendar(
      db.collection<OpeningHoursDoc>('openingHours'),
      db.collection<ClosureDoc>('closures'),
      db.collection<HoursChangeDoc>('hoursChanges'),
    );
    const ledger = mongoLedger(collections, lock);
    const notices = db.collection<NoticeDoc>('notices');
    return {
      kind: 'mongodb',
      calendar,
      holidays: mongoHolidays(db.collection<HolidayDoc>('holidays')),
      books: mongoBooks(books, lock, fill, recentLoansOf(loans), itemSteps(collections, lock)),
      categories: mongoCategories(db.collection<CategoryDoc>('categories')),
      loans: mongoLoans(collections, lock),
      ledger,
      requests: mongoRequests(db.collection<RequestDoc>('requests')),
      holds: mongoHolds(collections, lock),
      notices: mongoNotices(notices, db.collection<MailClaimDoc>('noticeMailClaims'), lock),
      users: mongoUsers(members, { balance: ledger.balance, notices }),
      erasure: mongoErasure({
        ...collections,
        notices,
        users: db.collection<UserDoc>('users'),
        memberNotes: members.memberNotes,
        audit: db.collection<AuditDoc>('audit'),
      }),
      readingHistory: mongoReadingHistory({ loans: collections.loans, users: members.users, audit: collections.audit }),
      leases: mongoLeases(db.collection<LeaseDoc>('leases'), lock),
      sessions: mongoSessions(db.collection<EndedSessionDoc>('endedSessions')),
      audit: mongoAudit(db.collection<AuditDoc>('audit')),
      items: mongoItems(collections, lock, fill),
      stats: mongoStats({ ...collections, users: members.users }),
      suggestions: mongoSuggestions(db.collection<SuggestionDoc>('suggestions')),
      async ping() {
        await db.command({ ping: 1 });
      },
      async close() {
        await client.close();
      },
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}
