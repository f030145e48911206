// The library's services, built once per process over one store.
import type { Store } from '../store/port.ts';
import type { IdTokenVerifier, SessionTokens } from './identity.ts';
import { createCatalog, type Catalog } from './catalog.ts';
import { createCirculation, type BorrowRule, type Circulation } from './circulation.ts';
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
  borrowRules?: BorrowRule[];
  now?: () => Date;
  /** This site's public origin: image URLs on it are stored as paths (see library/site-urls.ts). */
  siteOrigin?: () => string;
}

export function createLibrary(store: Store, opts: LibraryOptions): Library {
  return {
    catalog: createCatalog(store, { siteOrigin: opts.siteOrigin ?? (() => '') }),
    circulation: createCirculation(store, { timeZone: opts.timeZone, rules: opts.borrowRules, now: opts.now }),
    accounts: createAccounts(store, { verifier: opts.verifier, tokens: opts.tokens, adminEmails: opts.adminEmails }),
  };
}
