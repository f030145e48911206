import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import type { LibraryPolicyQuery } from '../gql/graphql.ts';

// The library's rules come from the gateway's `policy`, never typed into the SPA: a library started with
// LOAN_LIMIT=3 promises 3 books on every page. The policy is public and the same for everyone, so it is asked
// for once and kept (cache-first); Policy is a singleton in the cache, so every query selecting some of its
// fields (the header's access, this one) shares the one entry.
export const POLICY_QUERY = graphql(`
  query LibraryPolicy {
    policy {
      loanLimit
      loanDays
      renewalDays
      maxRenewals
      lateFeePerDay
      lostProcessingFee
      currencySymbol
      holdLimit
      holdPickupDays
      holdPauseMaxDays
      dueSoonDays
      anonymizeAfterDays
      catalogueEditors
      inventoryEditors
      returns
      borrowing
      timeZone
    }
  }
`);

export type LibraryPolicy = LibraryPolicyQuery['policy'];

/** The policy, or null while it loads (or if it cannot be read): callers show no number rather than a guess. */
export function usePolicy(): { policy: LibraryPolicy | null; error: boolean } {
  const { data, error } = useQuery(POLICY_QUERY, { fetchPolicy: 'cache-first' });
  return { policy: data?.policy ?? null, error: Boolean(error) };
}

const COUNTS = ['never', 'once', 'twice'];

/** "once", "twice", "3 times": how often a loan may be renewed, as the rules say it. */
export function times(count: number): string {
  return COUNTS[count] ?? `${count} times`;
}

/** "1 day", "14 days"; "1 book", "3 books". */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "one 7-day renewal", "up to 2 10-day renewals", or "no renewals". */
export function renewals(policy: Pick<LibraryPolicy, 'maxRenewals' | 'renewalDays'>): string {
  const { maxRenewals, renewalDays } = policy;
  if (maxRenewals === 0) return 'no renewals';
  return maxRenewals === 1 ? `one ${renewalDays}-day renewal` : `up to ${maxRenewals} ${renewalDays}-day renewals`;
}
