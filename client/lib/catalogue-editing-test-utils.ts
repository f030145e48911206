import type { MockLink } from '@apollo/client/testing';
import { CATALOGUE_EDITORS_QUERY, MY_ROLE_QUERY } from './use-can-edit-catalogue.ts';
import { INVENTORY_EDITORS_QUERY } from './use-inventory-access.ts';

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
  const policy: MockLink.MockedResponse = {
    request: { query: CATALOGUE_EDITORS_QUERY },
    result: { data: { policy: { __typename: 'Policy', catalogueEditors: editors } } },
  };
  const stock: MockLink.MockedResponse = {
    request: { query: INVENTORY_EDITORS_QUERY },
    result: { data: { policy: { __typename: 'Policy', inventoryEditors: inventory } } },
  };
  if (editors === 'MEMBERS' && inventory === 'MEMBERS') return [policy, stock];
  return [
    policy,
    stock,
    { request: { query: MY_ROLE_QUERY }, result: { data: { me: { __typename: 'User', id: 'u1', role } } } },
  ];
}
