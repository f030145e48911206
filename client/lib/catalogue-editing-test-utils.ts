import type { MockLink } from '@apollo/client/testing';
import { policyMock } from './policy-test-utils.ts';
import { MY_ROLE_QUERY } from './use-can-edit-catalogue.ts';

/**
 * Test-only: the gateway's answers to "who may edit the catalogue" for a MockedProvider: the policy, and, in a
 * staff-only library, the caller's role (the hook asks for it only then).
 */
export function catalogueEditorsMocks(
  editors: 'MEMBERS' | 'STAFF' = 'MEMBERS',
  role = 'user',
): MockLink.MockedResponse[] {
  const policy = policyMock({ catalogueEditors: editors });
  if (editors === 'MEMBERS') return [policy];
  return [
    policy,
    { request: { query: MY_ROLE_QUERY }, result: { data: { me: { __typename: 'User', id: 'u1', role } } } },
  ];
}
