// Books: the catalogue's titles, their copies owned and available, search and facets.
import type { BookFieldValues, NewBookFieldValues } from '../book-fields.ts';
import type { PageRequest } from './paging.ts';

// The field table is part of the port: adapters and services take it from here.
export { BOOK_FIELDS, BOOK_FIELD_NAMES, bookFieldEntries, editedFields, storedFields } from '../book-fields.ts';
export type { BookFieldKind, BookFieldName, BookFieldSpec, BookFieldValues } from '../book-fields.ts';

/** A new book: its descriptive fields (book-fields.ts) and its copies. */
export interface BookFields extends NewBookFieldValues {
  /** On insert: the copies the library owns, all on the shelf. */
  quantity: number;
}

/**
 * An edit of a book: each descriptive field it gives (one left out keeps its value), and copies given either
 * as copies owned (`copies`) or, as the original API does, as copies available now (`quantity`: copies owned
 * become that plus the copies on loan).
 */
export interface BookEdit extends Partial<BookFieldValues> {
  copies?: number;
  quantity?: number;
}

export interface BookRecord extends BookFieldValues {
  id: string;
  /** Copies available: copies owned minus copies on loan. Kept by the store, never written directly. */
  quantity: number;
  /** Copies the library owns: on the shelf or on loan. */
  copies: number;
  /** Moves with every change of the book: edits, copies owned, borrows and returns (REST's __v and ETag). */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export type BookUpdateResult =
  | { book: BookRecord; modified: boolean; refused?: undefined }
  /** version: the book changed since expectedVersion; copies-on-loan: fewer copies owned than are on loan. */
  | { refused: 'version' | 'copies-on-loan'; book: BookRecord; modified: false };

export interface BookFilter {
  /**
   * Words, each a substring of the title or the author, folded (case, Latin accents) and in any order; a page
   * is then ranked best match first (search-words.ts, docs/search.md).
   */
  search?: string | null;
  /** Exact genre name. */
  genre?: string | null;
  /** Only books with quantity > 0. */
  availableOnly?: boolean | null;
}

export interface BookPage {
  nodes: BookRecord[];
  /** Number of books matching the filter, across all pages. */
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

/** How the books of a search spread: per genre (ignoring the genre filter) and available (ignoring availableOnly). */
export interface BookFacets {
  /** Books per genre for the search and availableOnly, genres sorted; genres with none left out. */
  genreCounts: { genre: string; count: number }[];
  /** Books with a copy available for the search and genre. */
  availableCount: number;
}

export interface BookStore {
  /**
   * Keyset paging in insertion order (ascending id), or with a search best match first (search-words.ts). A
   * malformed cursor throws InvalidCursorError.
   */
  list(filter: BookFilter, page: PageRequest): Promise<BookPage>;
  /** The counts a filter's facets show, from one read of the matching books. */
  facets(filter: BookFilter): Promise<BookFacets>;
  /** Every book in insertion order, streamed (REST GET /api/books). */
  all(): AsyncIterable<BookRecord>;
  count(): Promise<number>;
  get(id: string): Promise<BookRecord | null>;
  /** Every book of exactly one genre in insertion order, streamed like all() (the category pages, REST). */
  byGenre(genre: string): AsyncIterable<BookRecord>;
  /** How many books byGenre(genre) would stream, without reading them (what a whole-genre list costs). */
  countByGenre(genre: string): Promise<number>;
  /**
   * How many books hold the rarest of these words of 1-2 characters (folded, as searchWords gives them): the
   * most a search driven by them reads, known without reading it (what a search costs, library/catalog.ts).
   * Counted no further than `upTo`, which it answers for any more.
   */
  shortWordDocs(words: string[], upTo: number): Promise<number>;
  /** Distinct genres, sorted ascending. */
  genres(): Promise<string[]>;
  insert(fields: BookFields): Promise<BookRecord>;
  insertMany(fields: BookFields[]): Promise<number>;
  /**
   * Writes the edit atomically with respect to borrows and returns: copies owned never go below the copies on
   * loan, and copies available follow. With expectedVersion, refuses when the book was edited since. Null when
   * no book has that id.
   */
  update(id: string, edit: BookEdit, expectedVersion?: number | null): Promise<BookUpdateResult | null>;
  /**
   * Adds delta copies to the collection (owned and available together; negative: copies leave the shelf),
   * only if the copies available stay >= 0. Returns the new quantity, or null when the book is missing or the
   * condition failed.
   */
  changeStock(id: string, delta: number): Promise<number | null>;
}
