// Per-request GraphQL context: the library's services and who is asking.
import type { Library } from '../library/index.ts';
import type { Viewer } from '../auth/viewer.ts';

export interface GraphQLContext {
  library: Library;
  viewer: Viewer;
  /** Counts one mutation against the caller's rate limit; rejects with RATE_LIMITED when over it. */
  countMutation: () => Promise<void>;
}
