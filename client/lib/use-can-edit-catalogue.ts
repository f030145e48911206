import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';

// Who may add and update books is the library's policy: every member, or staff only. The policy is public and
// the same for everyone, so it is asked for once and kept in the cache; the caller's role is asked for only
// when it matters (a staff-only catalogue).
export const CATALOGUE_EDITORS_QUERY = graphql(`
  query CatalogueEditors {
    policy {
      catalogueEditors
    }
  }
`);

export const MY_ROLE_QUERY = graphql(`
  query MyRole {
    me {
      id
      role
    }
  }
`);

/** Staff are the members whose role is admin. */
export const STAFF_ROLE = 'admin';

export type CatalogueAccess = 'checking' | 'allowed' | 'denied';

/**
 * Whether this member may add and update books: checking until known; allowed when the policy cannot be read,
 * since the gateway refuses an edit it does not allow anyway and a failed lookup should not lock everyone out.
 */
export function useCatalogueAccess(): CatalogueAccess {
  const policy = useQuery(CATALOGUE_EDITORS_QUERY);
  const staffOnly = policy.data?.policy.catalogueEditors === 'STAFF';
  const me = useQuery(MY_ROLE_QUERY, { skip: !staffOnly });
  if (policy.error) return 'allowed';
  if (!policy.data) return 'checking';
  if (!staffOnly || me.error) return 'allowed';
  if (!me.data) return 'checking';
  return me.data.me?.role === STAFF_ROLE ? 'allowed' : 'denied';
}

/** Whether to offer Add Book and Update: not until known, so a staff-only library never flashes them at members. */
export function useCanEditCatalogue(): boolean {
  return useCatalogueAccess() === 'allowed';
}
