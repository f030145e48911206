// Per-request GraphQL context: the library's services and who is asking.
import type { Library } from '../library/index.ts';
import type { Viewer } from '../auth/viewer.ts';
import type { SignInInput } from '../library/accounts.ts';
import type { Locale, UserRecord } from '../store/port.ts';

export interface GraphQLContext {
  library: Library;
  viewer: Viewer;
  /** Counts one mutation against the caller's rate limit; rejects with RATE_LIMITED when over it. */
  countMutation: () => Promise<void>;
  /** Signs in within the sign-in budgets shared with POST /api/jwt. */
  signIn: (input: SignInInput) => Promise<{ token: string; user: UserRecord }>;
  /** The language to answer in (the member's choice, else Accept-Language); read once, when first needed. */
  locale: () => Promise<Locale>;
}
