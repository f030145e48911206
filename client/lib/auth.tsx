import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import type { AuthBackend, BackendUser } from './auth-backend.ts';
import { getToken, removeToken, setToken, subscribeToToken } from './token-storage.ts';

export type AuthUser = { uid: string; email: string | null; displayName: string | null; photoURL: string | null };

export type AuthContextValue = {
  user: AuthUser | null;
  /** Spec semantics: true at start-up and while an e-mail sign-in or a registration is running. */
  loading: boolean;
  /** True only until the first auth state is known; the layout's full-screen indicator uses this. */
  initializing?: boolean;
  signedIn: boolean;
  signIn(email: string, password: string): Promise<void>;
  signUp(name: string, email: string, password: string, photoURL: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  signInWithGitHub(): Promise<void>;
  /** E-mails a password-reset link (rejects with the provider's error, e.g. auth/user-not-found). */
  sendPasswordReset(email: string): Promise<void>;
  logOut(): Promise<void>;
};

export const IssueTokenMutation = graphql(`
  mutation IssueToken($input: IssueTokenInput!) {
    issueToken(input: $input) {
      token
    }
  }
`);

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

function toAuthUser(user: BackendUser): AuthUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

/**
 * The stored session token is this user's and good for another minute, so a reload need not wait for a new
 * one before showing the page (a new one is still asked for).
 */
function holdsSession(uid: string): boolean {
  try {
    const claims = JSON.parse(atob(getToken()!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: string;
      exp?: number;
    };
    return claims.sub === uid && (claims.exp ?? 0) * 1000 > Date.now() + 60_000;
  } catch {
    return false;
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type AuthProviderProps = {
  children: ReactNode;
  loadBackend?: () => Promise<AuthBackend>;
  /** Registration waits this long before reloading the user (spec: 1500 ms). */
  registrationDelayMs?: number;
};

// Firebase is a large dependency: loading it in its own chunk lets the shell render in parallel.
const loadFirebase = async (): Promise<AuthBackend> => (await import('./firebase.ts')).createFirebaseBackend();

export function AuthProvider({ children, loadBackend = loadFirebase, registrationDelayMs = 1500 }: AuthProviderProps) {
  const client = useApolloClient();
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [initializing, setInitializing] = useState(true);
  const backendRef = useRef<Promise<AuthBackend> | null>(null);
  backendRef.current ??= loadBackend();
  const hasToken = useSyncExternalStore(subscribeToToken, () => getToken() !== null);

  // Exchanges the Firebase ID token for the gateway's session token. A failure is only logged (spec 8).
  const storeToken = useCallback(
    async (signedInUser: BackendUser) => {
      try {
        const idToken = await signedInUser.getIdToken();
        const { data } = await client.mutate({
          mutation: IssueTokenMutation,
          variables: {
            input: {
              idToken,
              uid: signedInUser.uid,
              displayName: signedInUser.displayName,
              photoURL: signedInUser.photoURL,
            },
          },
        });
        if (data?.issueToken.token) setToken(data.issueToken.token);
      } catch (error) {
        console.error('Could not store the session token', error);
      }
    },
    [client],
  );

  useEffect(() => {
    let unsubscribe = () => {};
    let active = true;
    const finish = () => {
      setLoading(false);
      setInitializing(false);
    };
    backendRef.current
      ?.then((backend) => {
        if (!active) return;
        unsubscribe = backend.onChange((next) => {
          // Wait for the session token so guarded pages do not bounce to /login on a reload.
          const exchanged = next ? storeToken(next) : Promise.resolve();
          void (next && holdsSession(next.uid) ? Promise.resolve() : exchanged).then(() => {
            if (!active) return;
            setUser(next ? toAuthUser(next) : null);
            finish();
          });
        });
      })
      .catch((error: unknown) => {
        console.error('Authentication could not start', error);
        if (active) finish();
      });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [storeToken]);

  const backend = useCallback(async () => {
    if (!backendRef.current) throw new Error('Authentication is not ready');
    return backendRef.current;
  }, []);

  // Runs a sign-in style operation: failures clear loading and go to the caller.
  const run = useCallback(
    async (operation: () => Promise<BackendUser>, showLoading: boolean) => {
      if (showLoading) setLoading(true);
      try {
        const signedInUser = await operation();
        await storeToken(signedInUser);
        setUser(toAuthUser(signedInUser));
      } finally {
        setLoading(false);
      }
    },
    [storeToken],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      initializing,
      signedIn: user !== null && hasToken,
      signIn: (email, password) => run(async () => (await backend()).signIn(email, password), true),
      signUp: (name, email, password, photoURL) =>
        run(async () => {
          const b = await backend();
          const created = await b.signUp(email, password);
          await b.updateProfile(created, { displayName: name || '', photoURL: photoURL || '' });
          await storeToken(created);
          await wait(registrationDelayMs);
          return b.reload(created);
        }, true),
      signInWithGoogle: () => run(async () => (await backend()).signInWithGoogle(), false),
      signInWithGitHub: () => run(async () => (await backend()).signInWithGitHub(), false),
      sendPasswordReset: async (email) => (await backend()).sendPasswordReset(email),
      logOut: async () => {
        removeToken();
        await (await backend()).signOut();
        setUser(null);
        // The next user must not see the previous user's loans from the cache.
        await client.clearStore();
      },
    }),
    [user, loading, initializing, hasToken, run, backend, storeToken, registrationDelayMs, client],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
