// The storage port: what the domain services need from a database, in domain terms.
// Every adapter (sqlite/, mongo/) implements Store and passes tests/store/contract.test.ts.
// Ids are 24-hex ObjectId strings in every adapter; dates are Date objects.

export type LoanStatus = 'borrowed' | 'returned';
export type Role = 'admin' | 'member';

export interface BookFields {
  title: string;
  author: string;
  genre: string;
  description: string;
  image: string;
  rating: number;
  quantity: number;
}

const BOOK_FIELD_NAMES = ['title', 'author', 'genre', 'description', 'image', 'rating', 'quantity'] as const;

/** True when a stored book already holds these fields: an update that would change nothing. */
export function sameBookFields(stored: BookFields, fields: BookFields): boolean {
  return BOOK_FIELD_NAMES.every((key) => stored[key] === fields[key]);
}

export interface BookRecord extends BookFields {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface BookFilter {
  /** Case-insensitive substring of title or author. */
  search?: string | null;
  /** Exact genre name. */
  genre?: string | null;
  /** Only books with quantity > 0. */
  availableOnly?: boolean | null;
}

export interface PageRequest {
  /** 1..100 (the service enforces the bound). */
  first: number;
  /** Opaque cursor from a previous page's endCursor. */
  after?: string | null;
}

export interface BookPage {
  nodes: BookRecord[];
  /** Number of books matching the filter, across all pages. */
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface BookStore {
  /** Keyset paging in insertion order (ascending id). A malformed cursor throws InvalidCursorError. */
  list(filter: BookFilter, page: PageRequest): Promise<BookPage>;
  /** Every book in insertion order, streamed (REST GET /api/books). */
  all(): AsyncIterable<BookRecord>;
  count(): Promise<number>;
  get(id: string): Promise<BookRecord | null>;
  byGenre(genre: string): Promise<BookRecord[]>;
  /** Distinct genres, sorted ascending. */
  genres(): Promise<string[]>;
  insert(fields: BookFields): Promise<BookRecord>;
  insertMany(fields: BookFields[]): Promise<number>;
  /** Writes exactly these fields; null when no book has that id. */
  update(id: string, fields: BookFields): Promise<{ book: BookRecord; modified: boolean } | null>;
  /**
   * Conditional stock change: adds delta to quantity only if the result stays >= 0.
   * Returns the new quantity, or null when the book is missing or the condition failed.
   */
  changeStock(id: string, delta: number): Promise<number | null>;
}

export interface CategoryRecord {
  id: string;
  name: string;
  image: string;
  description: string;
}

export interface CategoryStore {
  list(): Promise<CategoryRecord[]>;
  /** Inserts the given categories only when there are none yet; returns how many were inserted. */
  seed(categories: Omit<CategoryRecord, 'id'>[]): Promise<number>;
}

export interface LoanRecord {
  id: string;
  bookId: string;
  userId: string;
  userName: string;
  userEmail: string;
  borrowDate: Date;
  returnDate: Date;
  returnedAt: Date | null;
  status: LoanStatus;
  bookTitle: string;
  bookAuthor: string;
  bookImage: string;
  bookCategory: string;
}

export type NewLoan = Omit<LoanRecord, 'id' | 'status' | 'returnedAt'>;

export type CheckoutResult =
  | { ok: true; loan: LoanRecord; quantity: number }
  | { ok: false; reason: 'book-not-found' | 'out-of-stock' | 'already-borrowed' };

export type CheckinResult =
  { ok: true; loan: LoanRecord; quantity: number | null } | { ok: false; reason: 'loan-not-found' | 'not-active' };

export interface LoanStore {
  /**
   * Atomically (as far as the engine allows): takes one copy of loan.bookId if quantity > 0 and records
   * the loan; at most one active loan per (userId, bookId). Never leaves a copy taken without a loan.
   */
  checkout(loan: NewLoan): Promise<CheckoutResult>;
  /** Marks an active loan returned and puts its copy back on the loan's own book. */
  checkin(loanId: string, at: Date): Promise<CheckinResult>;
  get(id: string): Promise<LoanRecord | null>;
  /** Newest first (borrowDate descending, then id descending). */
  listByUser(userId: string): Promise<LoanRecord[]>;
  findActive(userId: string, bookId: string): Promise<LoanRecord | null>;
  countActiveByUser(userId: string): Promise<number>;
}

export interface UserProfile {
  uid: string;
  email: string;
  name: string;
  photoURL: string | null;
  role: Role;
}

export interface UserRecord extends UserProfile {
  id: string;
  status: string;
  phone: string | null;
  createdAt: Date;
  lastLoginAt: Date;
}

export interface UserStore {
  /** Creates the user on first sign-in (status "active", createdAt now); later sign-ins refresh profile and role. */
  upsert(profile: UserProfile): Promise<UserRecord>;
  getByUid(uid: string): Promise<UserRecord | null>;
  /** Oldest first. */
  list(): Promise<UserRecord[]>;
}

export interface Store {
  readonly kind: 'sqlite' | 'mongodb';
  readonly books: BookStore;
  readonly categories: CategoryStore;
  readonly loans: LoanStore;
  readonly users: UserStore;
  /** Resolves when the database answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  /**
   * A number that changes when another connection (another process) has committed a write since the last
   * call; absent when the engine cannot tell (MongoDB: other gateways' writes are not announced).
   */
  writesElsewhere?(): number;
  close(): Promise<void>;
}

export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor');
    this.name = 'InvalidCursorError';
  }
}
