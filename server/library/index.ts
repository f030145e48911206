// The library's services, built once per process over one store.
import type { Store } from '../store/port.ts';
import type { IdTokenVerifier, SessionTokens } from './identity.ts';
import { createCatalog, type Catalog } from './catalog.ts';
import { createCirculation, type Circulation } from './circulation.ts';
import { DEFAULT_POLICY, type Policy } from './policy.ts';
import { createHolds, type Holds } from './holds.ts';
import { createNotices, type Notices } from './notices.ts';
import { createAccounts, type Accounts } from './accounts.ts';

export interface Library {
  catalog: Catalog;
  circulation: Circulation;
  holds: Holds;
  notices: Notices;
  accounts: Accounts;
}

export interface LibraryOptions {
  verifier: IdTokenVerifier;
  tokens: SessionTokens;
  adminEmails: string[];
  timeZone: string;
  /** The circulation policy; the printed defaults when left out. */
  policy?: Policy;
  now?: () => Date;
  /** false: the circulation policy's checks off (the benchmark's baseline for what they cost). */
  enforcePolicy?: boolean;
  /** This site's public origin: image URLs on it are stored as paths (see library/site-urls.ts). */
  siteOrigin?: () => string;
}

export function createLibrary(store: Store, opts: LibraryOptions): Library {
  const policy = opts.policy ?? DEFAULT_POLICY;
  const notices = createNotices(store, { timeZone: opts.timeZone, policy, now: opts.now });
  const holds = createHolds(store, {
    timeZone: opts.timeZone,
    policy,
    now: opts.now,
    async onChange(expired, bookIds) {
      await notices.expired(expired);
      for (const bookId of bookIds) await notices.readyFor(bookId);
    },
  });
  return {
    holds,
    notices,
    catalog: createCatalog(store, { siteOrigin: opts.siteOrigin ?? (() => ''), policy }),
    circulation: createCirculation(store, {
      timeZone: opts.timeZone,
      policy,
      now: opts.now,
      waitingFor: holds.waitingFor,
      afterReturn: notices.readyFor,
      enforce: opts.enforcePolicy,
    }),
    accounts: createAccounts(store, { verifier: opts.verifier, tokens: opts.tokens, adminEmails: opts.adminEmails }),
  };
}
