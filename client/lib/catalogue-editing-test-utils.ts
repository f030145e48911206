import type { MockLink } from '@apollo/client/testing';
import { policyMock } from './policy-test-utils.ts';
import { MY_ROLE_QUERY } from './use-can-edit-catalogue.ts';

/**
 * Test-only: the gateway's answers to "who may edit the catalogue" for a MockedProvider: the policy (who may
 * edit books, who may change copies and costs), and, when either is staff-only, the caller's role (the hooks
 * ask for it only then).
 */
export function catalogueEditorsMocks(
  editors: 'MEMBERS' | 'STAFF' = 'MEMBERS',
  role = 'user',
  inventory: 'MEMBERS' | 'STAFF' = 'MEMBERS',
): MockLink.MockedResponse[] {
  const policy = policyMock({ catalogueEditors: editors, inventoryEditors: inventory });
  if (editors === 'MEMBERS' && inventory === 'MEMBERS') return [policy];
  return [
    policy,
    { request: { query: MY_ROLE_QUERY }, result: { data: { me: { __typename: 'User', id: 'u1', role } } } },
  ];
}
