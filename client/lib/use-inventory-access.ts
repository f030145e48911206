import { useQuery } from '@apollo/client/react';
import { usePolicy } from './policy.ts';
import { STAFF_ROLE } from './catalogue-access.ts';
import { MY_ROLE_QUERY } from './use-can-edit-catalogue.ts';

// Copies owned and replacement costs are staff fields once the library has staff (the gateway's
// policy.inventoryEditors); the forms show them read-only to anyone else, with the gateway's reason (in the
// message catalogues: book.reason.*).

/**
 * Whether this viewer may change copies owned and replacement costs: 'checking' until known (the forms keep
 * the fields read-only meanwhile, so a member never starts an edit the gateway would refuse), then 'open' or
 * 'locked'. A failed lookup opens them: the gateway still refuses what it does not allow.
 */
export function useInventoryAccess(): 'checking' | 'open' | 'locked' {
  const { policy, error } = usePolicy();
  const staffOnly = policy?.inventoryEditors === 'STAFF';
  const me = useQuery(MY_ROLE_QUERY, { skip: !staffOnly });
  if (error) return 'open';
  if (!policy) return 'checking';
  if (!staffOnly || me.error) return 'open';
  if (!me.data) return 'checking';
  return me.data.me?.role === STAFF_ROLE ? 'open' : 'locked';
}
