import type { ComponentType } from 'react';
import type { ApolloClient } from '@apollo/client';
import { graphql } from '../gql/index.ts';
import NoticeBell from '../features/notices/notice-bell.tsx';
import { STAFF_ROLE, catalogueAccess } from '../lib/catalogue-access.ts';
import type { Locale } from '../lib/locale.ts';

/**
 * What the header may offer the signed-in viewer, and the notices bell, which travels in this chunk so that it
 * too costs the entry nothing.
 */
export type Access = { staff: boolean; editor: boolean; Bell: ComponentType; locale: Locale | null };

export const HEADER_ACCESS_QUERY = graphql(`
  query HeaderAccess {
    me {
      id
      role
      locale
    }
    policy {
      catalogueEditors
    }
  }
`);

/**
 * Loaded after the first paint (the entry chunk is at its size budget): watches the viewer's role and who may
 * edit the catalogue, and reports them whenever the cache changes. Who may edit is lib/catalogue-access.ts's
 * word, as on the pages; a failed load shows no staff-only link.
 */
export function watchAccess(client: ApolloClient, onAccess: (access: Access) => void): () => void {
  const subscription = client
    .watchQuery({ query: HEADER_ACCESS_QUERY, fetchPolicy: 'cache-and-network' })
    .subscribe(({ data, error }) => {
      const failed = Boolean(error) && !data?.policy;
      const role = data?.policy ? (data.me?.role ?? null) : undefined;
      const editing = catalogueAccess({
        editors: data?.policy?.catalogueEditors,
        policyFailed: failed,
        role,
        roleFailed: failed,
      });
      if (editing === 'checking') return;
      const locale = data?.me?.locale ?? null;
      onAccess({ staff: role === STAFF_ROLE, editor: editing === 'allowed', Bell: NoticeBell, locale });
    });
  return () => subscription.unsubscribe();
}
