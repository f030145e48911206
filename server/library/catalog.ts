// The catalogue: browsing, adding and updating books. Every write is validated here, once.
import type { BookFields, BookFilter, BookPage, BookRecord, CategoryRecord, Store } from '../store/port.ts';
import { InvalidCursorError } from '../store/port.ts';
import { normaliseSearch, trigramSearchable } from '../store/ids.ts';
import type { Session } from './identity.ts';
import { LibraryError, MESSAGES, badInput } from './errors.ts';
import * as check from './validate.ts';
import { siteRelative } from './site-urls.ts';

export const MAX_PAGE_SIZE = 100;

export interface BookInput {
  title?: unknown;
  author?: unknown;
  genre?: unknown;
  description?: unknown;
  image?: unknown;
  rating?: unknown;
  quantity?: unknown;
}

export interface Catalog {
  list(
    filter: BookFilter | null | undefined,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<BookPage>;
  all(): AsyncIterable<BookRecord>;
  count(): Promise<number>;
  get(id: string): Promise<BookRecord | null>;
  byGenre(genre: string): Promise<BookRecord[]>;
  genres(): Promise<string[]>;
  categories(): Promise<CategoryRecord[]>;
  add(session: Session, input: BookInput): Promise<BookRecord>;
  update(session: Session, id: string, input: BookInput): Promise<{ book: BookRecord; modified: boolean }>;
}

function bookFields(
  input: BookInput,
  mode: 'add' | 'update',
  sitePath: (url: string) => string,
  current?: BookRecord,
): BookFields {
  const description = check.text(input.description, 'description', { max: 5000, required: mode === 'add' });
  return {
    title: check.text(input.title, 'title', { max: 300 }),
    author: check.text(input.author, 'author', { max: 200 }),
    genre: check.text(input.genre, 'genre', { max: 60 }),
    // An update that leaves the optional description out keeps the one the book has.
    description: mode === 'update' && input.description == null ? (current?.description ?? '') : description,
    // A client sends back the absolute URL it was given for a cover of ours: keep the path, not the address.
    image: sitePath(check.imageUrl(input.image, 'image')),
    rating: check.number(input.rating, 'rating', { min: 1, max: 5 }),
    quantity: check.number(input.quantity, 'quantity', { min: mode === 'add' ? 1 : 0, max: 1_000_000, integer: true }),
  };
}

/**
 * What a page of the catalogue may make the store read, in the units of the GraphQL cost limit (5000 a
 * request), so one request cannot ask for many expensive searches. A term the trigram indexes cannot answer
 * (1-2 characters) is found by reading every book (at 50,000 books, 10 to 45 ms of a core); a longer one costs
 * more the more trigrams it checks (200 characters of the most common ones: 40 ms, priced like one scan).
 * Invalid input costs nothing here: list() refuses it.
 */
const SEARCH_COST = { scan: 2000, trigram: 100, perCharacter: 10 } as const;

export function searchCost(filter: unknown): number {
  let search: string | null | undefined;
  try {
    search = filterOf(filter as BookFilter).search;
  } catch {
    return 0;
  }
  if (!search) return 0;
  const term = normaliseSearch(search);
  return trigramSearchable(term) ? SEARCH_COST.trigram + SEARCH_COST.perCharacter * [...term].length : SEARCH_COST.scan;
}

function filterOf(filter: BookFilter | null | undefined): BookFilter {
  return {
    search: filter?.search == null ? null : check.text(filter.search, 'search', { max: 200, required: false }) || null,
    genre: filter?.genre == null ? null : check.text(filter.genre, 'genre', { max: 60, required: false }) || null,
    availableOnly: filter?.availableOnly === true,
  };
}

export function createCatalog(store: Store, opts: { siteOrigin: () => string }): Catalog {
  const sitePath = siteRelative(opts.siteOrigin);
  return {
    async list(filter, first, after) {
      const size = first ?? 20;
      if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
        throw badInput('first', `first must be a whole number between 1 and ${MAX_PAGE_SIZE}`);
      }
      if (after != null && (typeof after !== 'string' || after.length > 100))
        throw badInput('after', 'after is not a valid cursor');
      try {
        return await store.books.list(filterOf(filter), { first: size, after: after ?? null });
      } catch (error) {
        if (error instanceof InvalidCursorError) throw badInput('after', 'after is not a valid cursor');
        throw error;
      }
    },
    all: () => store.books.all(),
    count: () => store.books.count(),
    get: (id) => store.books.get(check.id(id, 'id')),
    byGenre: (genre) => store.books.byGenre(check.text(genre, 'category', { max: 60 })),
    genres: () => store.books.genres(),
    categories: () => store.categories.list(),
    add: (_session, input) => store.books.insert(bookFields(input, 'add', sitePath)),
    async update(_session, rawId, input) {
      const id = check.id(rawId, 'id');
      const current = await store.books.get(id);
      if (!current) throw new LibraryError('NOT_FOUND', MESSAGES.bookNotFound);
      const result = await store.books.update(id, bookFields(input, 'update', sitePath, current));
      if (!result) throw new LibraryError('NOT_FOUND', MESSAGES.bookNotFound);
      return result;
    },
  };
}
