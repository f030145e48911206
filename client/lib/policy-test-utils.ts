import type { MockLink } from '@apollo/client/testing';
import { POLICY_QUERY, type LibraryPolicy } from './policy.ts';

/**
 * Test-only: a policy unlike the defaults (3 books, 21 days, ৳20 a day...), so a page that still printed a
 * typed-in 5, 14 or 50 would show it.
 */
export const TEST_POLICY: LibraryPolicy = {
  loanLimit: 3,
  loanDays: 21,
  renewalDays: 10,
  maxRenewals: 2,
  lateFeePerDay: 20,
  lostProcessingFee: 120,
  currencySymbol: '৳',
  holdLimit: 4,
  holdPickupDays: 2,
  holdPauseMaxDays: 60,
  dueSoonDays: 4,
  anonymizeAfterDays: 45,
  catalogueEditors: 'MEMBERS',
  inventoryEditors: 'MEMBERS',
  returns: 'SELF',
  borrowing: 'INSTANT',
  timeZone: 'Asia/Dhaka',
};

/** The gateway's answer to the policy query, for a MockedProvider; `delay` keeps it loading that long. */
export function policyMock(overrides: Partial<LibraryPolicy> = {}, delay?: number): MockLink.MockedResponse {
  return {
    request: { query: POLICY_QUERY },
    result: { data: { policy: { __typename: 'Policy', ...TEST_POLICY, ...overrides } } },
    delay,
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}
