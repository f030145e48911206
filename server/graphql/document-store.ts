// Apollo's parsed documents, by query text. Apollo's default store keeps 30 MB of them as their JSON measures,
// several times that in the heap (a document's tokens and locations, and the compiled function jit-executor.ts
// keeps beside it): a client sending a document of its own with each request (an idempotency key written into
// the query text rather than passed as a variable) left 37 MB more in a gateway's heap after 2,000 writes, and
// took its RSS from 149 to 208 MB, past the bench's 200 MB (bench/keyed-writes.ts). An application sends a few
// dozen documents over and over; this store keeps the few hundred most recently used.
import type { DocumentStore } from '@apollo/server';
import type { DocumentNode } from 'graphql';

/** Documents kept: several times the SPA's operations and the REST layer's, which are sent again and again. */
export const DOCUMENTS_KEPT = 500;

export function documentStore(max = DOCUMENTS_KEPT): DocumentStore {
  const kept = new Map<string, DocumentNode>();
  return {
    async get(key) {
      const document = kept.get(key);
      if (document) {
        // The most recently used is last in the map's order, so the least recently used is the first evicted.
        kept.delete(key);
        kept.set(key, document);
      }
      return document;
    },
    async set(key, document) {
      kept.delete(key);
      kept.set(key, document);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
    },
    async delete(key) {
      return kept.delete(key);
    },
  };
}
