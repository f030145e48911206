// The library's services, built once per process over one store.
import type { Store } from '../store/port.ts';
import type { IdTokenVerifier, SessionTokens } from './identity.ts';
import { createCatalog, type Catalog } from './catalog.ts';
import { createCirculation, type Circulation, type WaitingFor } from './circulation.ts';
import { DEFAULT_POLICY, type Policy } from './policy.ts';
import { createAccounts, type Accounts } from './accounts.ts';

export interface Library {
  catalog: Catalog;
  circulation: Circulation;
  accounts: Accounts;
}

export interface LibraryOptions {
  verifier: IdTokenVerifier;
  tokens: SessionTokens;
  adminEmails: string[];
  timeZone: string;
  /** The circulation policy; the printed defaults when left out. */
  policy?: Policy;
  /** Whether someone is waiting for a book (holds); renewals wait for them. */
  waitingFor?: WaitingFor;
  now?: () => Date;
  /** false: the circulation policy's checks off (the benchmark's baseline for what they cost). */
  enforcePolicy?: boolean;
  /** This site's public origin: image URLs on it are stored as paths (see library/site-urls.ts). */
  siteOrigin?: () => string;
}

export function createLibrary(store: Store, opts: LibraryOptions): Library {
  const policy = opts.policy ?? DEFAULT_POLICY;
  return {
    catalog: createCatalog(store, { siteOrigin: opts.siteOrigin ?? (() => ''), policy }),
    circulation: createCirculation(store, {
      timeZone: opts.timeZone,
      policy,
      now: opts.now,
      waitingFor: opts.waitingFor,
      enforce: opts.enforcePolicy,
    }),
    accounts: createAccounts(store, { verifier: opts.verifier, tokens: opts.tokens, adminEmails: opts.adminEmails }),
  };
}
