// Per-request GraphQL context: the library's services, who is asking, and what a request reads about them once.
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
  /** The signed-in member's own record (null signed out); read once, when first needed. */
  account: () => Promise<UserRecord | null>;
  /** The language to answer in (the member's choice, else Accept-Language); read once, when first needed. */
  locale: () => Promise<Locale>;
}

/**
 * A value worked out once per request and key, which the fields of one answer share (a loan's standing, a member's
 * summary): kept as long as the request's context is.
 */
export function perRequest<K, V>(): (ctx: GraphQLContext, key: K, make: () => V) => V {
  const kept = new WeakMap<GraphQLContext, Map<K, V>>();
  return (ctx, key, make) => {
    let values = kept.get(ctx);
    if (!values) {
      values = new Map();
      kept.set(ctx, values);
    }
    let value = values.get(key);
    if (value === undefined) {
      value = make();
      values.set(key, value);
    }
    return value;
  };
}

/**
 * A request's context. `me` and the language of its sentences share one read of the member's record: a member's
 * page asks for both, and only a query (which changes nothing) can ask for `me`.
 */
export function requestContext(
  library: Library,
  viewer: Viewer,
  acceptLanguage: string | undefined,
  gate: Pick<GraphQLContext, 'countMutation' | 'signIn'>,
): GraphQLContext {
  let account: Promise<UserRecord | null> | undefined;
  let locale: Promise<Locale> | undefined;
  const own = () => (account ??= viewer.session ? library.accounts.me(viewer.session) : Promise.resolve(null));
  return {
    library,
    viewer,
    countMutation: gate.countMutation,
    signIn: gate.signIn,
    account: own,
    locale: () => (locale ??= library.language.forRequest(viewer.session, acceptLanguage, own)),
  };
}
