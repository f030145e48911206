import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { Access } from './access-query.ts';

/** The signed-in viewer's access, or null while unknown or signed out. */
export function useAccess(signedIn: boolean): Access | null {
  const client = useApolloClient();
  const [access, setAccess] = useState<Access | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const watching = import('./access-query.ts').then((m) => m.watchAccess(client, setAccess));
    return () => void watching.then((stop) => stop());
  }, [client, signedIn]);
  return signedIn ? access : null;
}
