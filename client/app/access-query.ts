import type { ComponentType } from 'react';
import type { ApolloClient } from '@apollo/client';
import { graphql } from '../gql/index.ts';
import NoticeBell from '../features/notices/notice-bell.tsx';

/**
 * What the header may offer the signed-in viewer, and the notices bell, which travels in this chunk so that it
 * too costs the entry nothing.
 */
export type Access = { staff: boolean; editor: boolean; Bell: ComponentType };

export const HEADER_ACCESS_QUERY = graphql(`
  query HeaderAccess {
    me {
      id
      role
    }
    policy {
      catalogueEditors
    }
  }
`);

/**
 * Loaded after the first paint (the entry chunk is at its size budget): watches the viewer's role and who may
 * edit the catalogue, and reports them whenever the cache changes. A failed load reports nothing, so the
 * staff-only links stay hidden.
 */
export function watchAccess(client: ApolloClient, onAccess: (access: Access) => void): () => void {
  const subscription = client
    .watchQuery({ query: HEADER_ACCESS_QUERY, fetchPolicy: 'cache-and-network' })
    .subscribe(({ data }) => {
      if (!data?.policy) return;
      const staff = data.me?.role === 'admin';
      onAccess({ staff, editor: staff || data.policy.catalogueEditors === 'MEMBERS', Bell: NoticeBell });
    });
  return () => subscription.unsubscribe();
}
