// The catalogue: browsing, adding and updating books. Every write is validated here, once.
import {
  BOOK_FIELDS,
  BOOK_FIELD_NAMES,
  type AuditRecord,
  type BookFieldName,
  type BookEdit,
  type BookFacets,
  type BookFields,
  type BookFilter,
  type BookPage,
  type BookRecord,
  type CategoryRecord,
  type Store,
} from '../store/port.ts';
import { resolveEdit } from './rules/book-edits.ts';
import { searchIndexFor } from '../store/ids.ts';
import { points, searchWords } from '../store/search-words.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import * as check from './validate.ts';
import { bookEdit, newBook, type BookInput } from './book-input.ts';
import { siteRelative } from './site-urls.ts';
import type { Policy } from './policy.ts';
import { cursor, pageSize, paged } from './paging.ts';
import { auditText, type AuditChange, type AuditTrail } from './audit.ts';

export type { BookInput } from './book-input.ts';

export interface Catalog {
  list(
    filter: BookFilter | null | undefined,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<BookPage>;
  /** How a list's matches spread over genres and stock (the filter checked as list() checks it). */
  facets(filter: BookFilter | null | undefined): Promise<BookFacets>;
  all(): AsyncIterable<BookRecord>;
  count(): Promise<number>;
  get(id: string): Promise<BookRecord | null>;
  /** Every book of one genre, streamed; the genre is checked before this returns, not while it is read. */
  byGenre(genre: string): AsyncIterable<BookRecord>;
  /** How many books byGenre would stream (0 for a genre it would refuse: it answers its error itself). */
  genreSize(genre: unknown): Promise<number>;
  /**
   * What a page's search, and its facets when asked, costs in the cost limit's units (SEARCH_COST); 0 for no
   * search without facets, or a filter list() refuses.
   */
  searchCost(filter: unknown, facets: boolean): Promise<number>;
  genres(): Promise<string[]>;
  categories(): Promise<CategoryRecord[]>;
  add(session: Session, input: BookInput): Promise<BookRecord>;
  /**
   * Applies an edit. `input.version` (GraphQL) or `expectedVersion` (REST If-Match, __v) refuses a stale edit
   * with CONFLICT; copies owned never go below the copies on loan.
   */
  update(
    session: Session,
    id: string,
    input: BookInput,
    expectedVersion?: number | null,
  ): Promise<{ book: BookRecord; modified: boolean }>;
  /**
   * Staff: writes back the value a book edit (an audit entry) replaced, as a new edit of the book at its current
   * version. Refused with CONFLICT when the field changed since that edit (decision 071's keyed sentence).
   */
  revertEdit(session: Session, auditId: unknown): Promise<BookRecord>;
}

/**
 * What a page of the catalogue may make the store read, in the units of the GraphQL cost limit (5000 a
 * request), so one request cannot ask for many expensive searches (docs/decisions/070). A search ranks and counts
 * the books its words match (docs/search.md). Words of 3+ characters are found in the trigram index, and cost
 * more the more trigrams they check (200 characters of the most common ones: 40 ms at 50,000 books). Words of
 * 1-2 characters are found through the books of the rarest of them, which the store counts without reading them
 * (shortWordDocs): a unit per `matchesPerUnit` of those books (ranking a match reads its doc at random, about
 * 2 µs, and a unit is about 4 µs: list-pricing.ts), up to `scan`, the price of reading every match of a word
 * however many there are (a letter is in nearly every book). Facets read the matches once more, counting
 * them by genre and stock (without a search: the catalogue's kept counts). So one search of one letter, its
 * facets and a page of 100 books fit in one request; fifteen searches of common short words do not. Invalid
 * input costs nothing here: list() refuses it.
 */
export const SEARCH_COST = {
  trigram: 100,
  perCharacter: 10,
  short: 100,
  matchesPerUnit: 2,
  scan: 1000,
  facets: 500,
} as const;

function searchOf(filter: unknown): string | null {
  try {
    return filterOf(filter as BookFilter).search ?? null;
  } catch {
    return null;
  }
}

/** What a search (and, when asked, its facets) costs, from its words and the books its short words hold. */
async function searchCost(store: Store, filter: unknown, facets: boolean): Promise<number> {
  const words = searchWords(searchOf(filter));
  let search = 0;
  const short: string[] = [];
  for (const word of words)
    if (searchIndexFor(word) === 'trigrams') search += SEARCH_COST.trigram + SEARCH_COST.perCharacter * points(word);
    else short.push(word);
  if (short.length > 0) {
    const docs = await store.books.shortWordDocs(short, SEARCH_COST.scan * SEARCH_COST.matchesPerUnit);
    search += SEARCH_COST.short + Math.ceil(docs / SEARCH_COST.matchesPerUnit);
  }
  return facets ? search + SEARCH_COST.facets + search : search;
}

function filterOf(filter: BookFilter | null | undefined): BookFilter {
  return {
    // A search term is matched, never stored or shown: it may hold what pasted text does (a tab).
    search:
      filter?.search == null
        ? null
        : check.text(filter.search, 'search', { max: 200, required: false, lines: true }) || null,
    genre: filter?.genre == null ? null : check.text(filter.genre, 'genre', { max: 60, required: false }) || null,
    availableOnly: filter?.availableOnly === true,
  };
}

/**
 * Inventory and money are staff fields once the library has staff (policy.inventoryEditors): copies owned
 * decide how many members can borrow at once, and the replacement cost is what a member pays for a lost copy.
 * A member's edit may send them unchanged (the original Update form always sends quantity); a change is
 * refused. A member's new book starts with one copy at the library's default cost (docs/decisions/035).
 * Without staff, nobody could ever set them, so the original app's rule stands: every editor may.
 */
function inventoryRule(policy: Policy) {
  const effectiveCost = (cost: number | null | undefined) => cost ?? policy.defaultReplacementCost;
  const refuse = (what: 'copies' | 'cost') =>
    new LibraryError('FORBIDDEN', what === 'copies' ? 'copiesStaffOnly' : 'costStaffOnly');
  const applies = (session: Session) => policy.inventoryEditors === 'staff' && session.role !== 'admin';
  return {
    checkNew(session: Session, book: BookFields): void {
      if (!applies(session)) return;
      if (book.quantity !== 1) throw refuse('copies');
      if (effectiveCost(book.replacementCost) !== policy.defaultReplacementCost) throw refuse('cost');
    },
    /** The edit to write: a member's unchanged copies and cost are left out, so the store keeps them as they are. */
    checkEdit(session: Session, current: BookRecord, edit: BookEdit): BookEdit {
      if (!applies(session)) return edit;
      const { copies: _copies, quantity: _quantity, replacementCost, ...descriptive } = edit;
      if (resolveEdit(current, edit).copies !== current.copies) throw refuse('copies');
      if (replacementCost !== undefined && effectiveCost(replacementCost) !== effectiveCost(current.replacementCost))
        throw refuse('cost');
      return descriptive;
    },
  };
}

/** The fields of a book the audit trail follows: what an edit can change (copies owned, not copies available). */
const AUDITED = [...BOOK_FIELD_NAMES, 'copies'] as const;

/** One audit change per field that differs between two states of a book (a new book: every field set). */
function bookChanges(before: BookRecord | null, after: BookRecord): AuditChange[] {
  return AUDITED.filter((field) => (before ? before[field] !== after[field] : after[field] !== null)).map((field) => ({
    action: before ? 'book-edited' : 'book-added',
    field,
    oldValue: before ? before[field] : null,
    newValue: after[field],
    bookId: after.id,
  }));
}

/** The fields a member may edit and staff may revert: what describes the book (not its stock or its cost). */
const REVERTIBLE = new Set<string>(BOOK_FIELD_NAMES.filter((field) => field !== 'replacementCost'));

/**
 * The edit a revert writes: the book as it is with the entry's old value in its field, if the book still holds
 * the value that entry wrote.
 */
function revertInput(entry: AuditRecord, current: BookRecord): BookInput {
  const field = entry.field as BookFieldName | null;
  if (entry.action !== 'book-edited' || !field || !REVERTIBLE.has(field) || entry.oldValue === null)
    throw badInput('auditId', 'notRevertible');
  if (auditText(current[field]) !== entry.newValue) throw new LibraryError('CONFLICT', 'revertFieldChanged', { field });
  const value = BOOK_FIELDS[field].kind === 'rating' ? Number(entry.oldValue) : entry.oldValue;
  const fields = Object.fromEntries(BOOK_FIELD_NAMES.map((name) => [name, current[name]]));
  return { ...fields, [field]: value };
}

export function createCatalog(
  store: Store,
  opts: { siteOrigin: () => string; policy: Policy; audit: AuditTrail },
): Catalog {
  const sitePath = siteRelative(opts.siteOrigin);
  const inventory = inventoryRule(opts.policy);
  const mayEdit = (session: Session) => {
    if (opts.policy.catalogueEditors === 'staff' && session.role !== 'admin')
      throw new LibraryError('FORBIDDEN', 'editorsOnly');
  };
  return {
    async list(filter, first, after) {
      const size = pageSize(first);
      return paged(() => store.books.list(filterOf(filter), { first: size, after: cursor(after) }));
    },
    facets: (filter) => store.books.facets(filterOf(filter)),
    all: () => store.books.all(),
    count: () => store.books.count(),
    get: (id) => store.books.get(check.id(id, 'id')),
    byGenre: (genre) => store.books.byGenre(check.text(genre, 'category', { max: 60 })),
    async genreSize(genre) {
      let checked: string;
      try {
        checked = check.text(genre, 'category', { max: 60 });
      } catch {
        return 0;
      }
      return store.books.countByGenre(checked);
    },
    searchCost: (filter, facets) => searchCost(store, filter, facets),
    genres: () => store.books.genres(),
    categories: () => store.categories.list(),
    async add(session, input) {
      mayEdit(session);
      const book = newBook(input, sitePath);
      inventory.checkNew(session, book);
      const added = await store.books.insert(book);
      await opts.audit.record(session, bookChanges(null, added));
      return added;
    },
    async update(session, rawId, input, expectedVersion) {
      mayEdit(session);
      const id = check.id(rawId, 'id');
      const version =
        input.version == null
          ? (expectedVersion ?? null)
          : check.number(input.version, 'version', { min: 0, max: Number.MAX_SAFE_INTEGER, integer: true });
      const current = await store.books.get(id);
      if (!current) throw new LibraryError('NOT_FOUND', 'bookNotFound');
      return applyEdit(session, current, input, version, 'book-edited');
    },
    async revertEdit(session, rawAuditId) {
      if (session.role !== 'admin') throw new LibraryError('FORBIDDEN', 'staffOnly');
      const entry = await store.audit.get(check.id(rawAuditId, 'auditId'));
      if (!entry?.bookId) throw new LibraryError('NOT_FOUND', 'auditEntryNotFound');
      const current = await store.books.get(entry.bookId);
      if (!current) throw new LibraryError('NOT_FOUND', 'bookNotFound');
      const input = revertInput(entry, current);
      return (await applyEdit(session, current, input, current.version, 'book-reverted')).book;
    },
  };

  /**
   * The one path of a book's edit: the version check, the inventory rule, the store's conditional write and the
   * audit entries (a revert is recorded as `book-reverted`).
   */
  async function applyEdit(
    session: Session,
    current: BookRecord,
    input: BookInput,
    version: number | null,
    action: 'book-edited' | 'book-reverted',
  ): Promise<{ book: BookRecord; modified: boolean }> {
    // A stale edit is told it is stale, before its copies are judged against a book it has not seen.
    if (version !== null && version !== current.version) throw new LibraryError('CONFLICT', 'bookChanged');
    const edit = inventory.checkEdit(session, current, bookEdit(input, sitePath));
    const result = await store.books.update(current.id, edit, version);
    if (!result) throw new LibraryError('NOT_FOUND', 'bookNotFound');
    if (result.refused === 'version') throw new LibraryError('CONFLICT', 'bookChanged');
    if (result.refused === 'copies-on-loan') {
      const onLoan = result.book.copies - result.book.quantity;
      const field = edit.copies === undefined ? 'quantity' : 'copies';
      throw badInput(field, 'copiesOnLoan', { onLoan, fewest: onLoan });
    }
    if (result.modified)
      await opts.audit.record(
        session,
        bookChanges(current, result.book).map((change) => ({ ...change, action })),
      );
    return result;
  }
}
