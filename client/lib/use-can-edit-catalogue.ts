import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import { catalogueAccess, type CatalogueAccess } from './catalogue-access.ts';
import { usePolicy } from './policy.ts';

// Who may add and update books is the library's policy (asked for once, with the rest of it): every member, or
// staff only. The caller's role is asked for only when it matters (a staff-only catalogue).
export const MY_ROLE_QUERY = graphql(`
  query MyRole {
    me {
      id
      role
    }
  }
`);

/** Whether this member may add and update books (lib/catalogue-access.ts decides): checking until known. */
export function useCatalogueAccess(): CatalogueAccess {
  const { policy, error } = usePolicy();
  const editors = policy?.catalogueEditors;
  const me = useQuery(MY_ROLE_QUERY, { skip: editors !== 'STAFF' });
  return catalogueAccess({
    editors,
    policyFailed: error,
    role: me.data ? (me.data.me?.role ?? null) : undefined,
    roleFailed: Boolean(me.error),
  });
}

/** Whether to offer Add Book and Update: not until known, so a staff-only library never flashes them at members. */
export function useCanEditCatalogue(): boolean {
  return useCatalogueAccess() === 'allowed';
}
