// Search terms for the search scenarios: words from the catalogue itself, in alternating case.
import type autocannon from 'autocannon';
import { gql } from './load.ts';
import type { Store } from '../server/store/port.ts';
import type { BenchStore } from './store.ts';

export const SEARCH_QUERY =
  'query Search($q: String!) { books(filter: { search: $q }, first: 20) { totalCount nodes { id title author } } }';

/** Words from the catalogue, so each request searches for something else and most counts start cold. */
export async function searchTerms(store: BenchStore): Promise<string[]> {
  const db = await store.open();
  try {
    return await catalogueWords(db);
  } finally {
    await db.close();
  }
}

/** searchTerms, from a store already open. */
export async function catalogueWords(db: Store): Promise<string[]> {
  const words = new Set<string>();
  for await (const book of db.books.all()) {
    for (const word of `${book.title} ${book.author}`.split(/\W+/)) if (word.length >= 4) words.add(word);
    if (words.size >= 5000) break;
  }
  return [...words].map((w, i) => (i % 2 ? w.toUpperCase() : w.toLowerCase()));
}

export const searchRequest = (term: string) => gql(SEARCH_QUERY, { q: term });

/** Search bodies, each for the next term in turn. */
export function searchBodies(terms: string[]): () => string {
  let next = 0;
  return () => searchRequest(terms[next++ % terms.length]!);
}

export function distinctSearches(terms: string[]): autocannon.Request[] {
  const body = searchBodies(terms);
  return [{ method: 'POST', setupRequest: (request) => ({ ...request, body: body() }) }];
}
