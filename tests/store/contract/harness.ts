// Shared pieces of the store contract suite: how a suite gets a fresh store, and record factories.
import { afterEach, beforeEach } from 'vitest';
import type {
  BookFields,
  LoanRecord,
  NewHold,
  NewLoan,
  NewNotice,
  Store,
  UserProfile,
} from '../../../server/store/port.ts';

export interface OpenedStore {
  store: Store;
  /** Closes the store and removes whatever it created (temp dir, database). */
  dispose(): Promise<void>;
}

export type StoreFactory = () => Promise<OpenedStore>;

/** A fresh store per test, so every test builds exactly the records it needs. */
export function useStore(factory: StoreFactory): () => Store {
  let opened: OpenedStore | null = null;
  beforeEach(async () => {
    opened = await factory();
  });
  afterEach(async () => {
    await opened?.dispose();
    opened = null;
  });
  return () => {
    if (!opened) throw new Error('No store: useStore() must be called inside describe()');
    return opened.store;
  };
}

export function bookFields(overrides: Partial<BookFields> = {}): BookFields {
  return {
    title: 'Dracula',
    author: 'Bram Stoker',
    genre: 'Thriller',
    description: 'A count moves from Transylvania to England.',
    image: '/assets/library/covers/dracula.svg',
    rating: 4.5,
    quantity: 3,
    ...overrides,
  };
}

export function newLoan(bookId: string, overrides: Partial<NewLoan> = {}): NewLoan {
  const borrowDate = new Date('2026-03-01T10:00:00.000Z');
  return {
    bookId,
    userId: 'user-1',
    userName: 'Ada Reader',
    userEmail: 'ada@example.com',
    borrowDate,
    returnDate: new Date(borrowDate.getTime() + 14 * 86_400_000),
    bookTitle: 'Dracula',
    bookAuthor: 'Bram Stoker',
    bookImage: '/assets/library/covers/dracula.svg',
    bookCategory: 'Thriller',
    ...overrides,
  };
}

/** A member's hold request for a book, placed at `at` (a Date or epoch milliseconds). */
export function newHold(
  bookId: string,
  userId: string,
  at: Date | number = new Date(),
  overrides: Partial<NewHold> = {},
): NewHold {
  return {
    bookId,
    userId,
    userName: `Name ${userId}`,
    userEmail: `${userId}@example.com`,
    bookTitle: 'Dracula',
    createdAt: new Date(at),
    ...overrides,
  };
}

/** A "due soon" notice to a member (other kinds through overrides), recorded at `at` (epoch milliseconds). */
export const newNotice = (key: string, userId: string, at: number, overrides: Partial<NewNotice> = {}): NewNotice => ({
  userId,
  kind: 'due-soon',
  key,
  bookId: '0123456789abcdef01234567',
  bookTitle: 'Dracula',
  loanId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  holdId: null,
  day: '2026-12-01',
  createdAt: new Date(at),
  ...overrides,
});

export function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return { uid: 'uid-ada', email: 'ada@example.com', name: 'Ada Reader', photoURL: null, role: 'member', ...overrides };
}

export const HEX24 = /^[0-9a-f]{24}$/;

/** Inserts books one by one so their ids (and so their order) are known. */
export async function insertBooks(store: Store, list: Partial<BookFields>[]): Promise<string[]> {
  const ids: string[] = [];
  for (const overrides of list) ids.push((await store.books.insert(bookFields(overrides))).id);
  return ids;
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** A renewal's new due date as the library's default policy sets it: seven days after the loan's. */
export const sevenDaysLater = (loan: LoanRecord): Date => new Date(loan.returnDate.getTime() + 7 * 86_400_000);
