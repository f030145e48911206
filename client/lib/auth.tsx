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
import {
  beginSignOut,
  getToken,
  someoneSignedInHere,
  rememberSignedInHere,
  sessionClaims,
  setToken,
  subscribeToToken,
  tokenTicket,
} from './token-storage.ts';

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
  /**
   * The member signed out here (logOut) and no one has signed in since: the page they signed out on is being left
   * for Home, so its guard lets it go instead of sending them to /login.
   */
  signedOutHere(): boolean;
  /** A sign-in or registration form is on screen: load the identity provider now, not on its first click. */
  prepareSignIn(): void;
};

export const IssueTokenMutation = graphql(`
  mutation IssueToken($input: IssueTokenInput!) {
    issueToken(input: $input) {
      token
    }
  }
`);

/** Ends the session on the gateway too, so its token is refused wherever a copy of it went. */
export const SignOutMutation = graphql(`
  mutation SignOut {
    signOut
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
 * The member the stored session token was issued to, when it is good for another minute. The gateway needs
 * nothing else to answer their queries, so a reload shows their page without waiting for Firebase (a large
 * chunk, and a round trip of its own) and Firebase is asked after it: if it then reports no user, or another
 * one, the session follows it (decision 050).
 */
export function storedSession(): AuthUser | null {
  const claims = sessionClaims();
  if (!claims || claims.expiresAt <= Date.now() + 60_000) return null;
  return { uid: claims.uid, email: claims.email, displayName: claims.name, photoURL: null };
}

/** The stored session token is this user's and good for another minute (a new one is still asked for). */
const holdsSession = (uid: string) => storedSession()?.uid === uid;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type AuthProviderProps = {
  children: ReactNode;
  loadBackend?: () => Promise<AuthBackend>;
  /** False when nobody has signed in on this device: then signed out at once, the backend loaded on demand. */
  someoneSignedIn?: () => boolean;
  /** Registration waits this long before reloading the user (spec: 1500 ms). */
  registrationDelayMs?: number;
};

/** Resolves once the page has loaded and the browser has a moment to spare. */
function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback.
    const idle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 0);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

// Firebase is a large dependency: loading it in its own chunk lets the shell render in parallel. With a stored
// session nothing waits for it, so it loads after the first screen instead of competing with it for the network
// and the CPU.
const loadFirebase = async (): Promise<AuthBackend> => {
  if (storedSession()) await afterFirstScreen();
  return (await import('./firebase.ts')).createFirebaseBackend();
};

export function AuthProvider({
  children,
  loadBackend = loadFirebase,
  someoneSignedIn = someoneSignedInHere,
  registrationDelayMs = 1500,
}: AuthProviderProps) {
  const client = useApolloClient();
  // A stored session counts as signed in at once. A device nobody has signed in on counts as signed out at once,
  // and Firebase (the largest chunk) loads only when a sign-in form or action needs it. Otherwise the first
  // screen waits for Firebase.
  const [session] = useState(storedSession);
  const [wanted, setWanted] = useState(() => session !== null || someoneSignedIn());
  const [user, setUser] = useState<AuthUser | null>(session);
  // Unknown at the start only without a session where someone has signed in: then Firebase is asked first.
  const [loading, setLoading] = useState(session === null && wanted);
  const [initializing, setInitializing] = useState(session === null && wanted);
  const backendRef = useRef<Promise<AuthBackend> | null>(null);
  if (wanted) backendRef.current ??= loadBackend();
  const hasToken = useSyncExternalStore(subscribeToToken, () => getToken() !== null);

  // Exchanges the Firebase ID token for the gateway's session token. A failure is only logged (spec 8). An exchange
  // still in flight when the session goes (signed out here or in another tab) stores nothing, and none is sent while
  // a sign-out is under way (token-storage's tickets).
  // Sign-outs so far: a user reported or signed in before the latest one is not shown after it.
  const signOuts = useRef(0);
  // Read by the guards as they render (require-auth.tsx): set before the token goes, so no render sees one without
  // the other.
  const signedOut = useRef(false);
  // The exchange in flight: a sign-in's own and the provider's report of the same user (same name and photo) share
  // one request instead of sending two.
  const exchanging = useRef<{ key: string; done: Promise<void> } | null>(null);
  const storeToken = useCallback(
    (signedInUser: BackendUser): Promise<void> => {
      const ticket = tokenTicket();
      if (ticket === null) return Promise.resolve();
      const key = JSON.stringify([signedInUser.uid, signedInUser.displayName, signedInUser.photoURL, ticket]);
      if (exchanging.current?.key === key) return exchanging.current.done;
      const exchange = async () => {
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
          if (data?.issueToken.token) setToken(data.issueToken.token, ticket);
        } catch (error) {
          console.error('Could not store the session token', error);
        }
      };
      const done = exchange().finally(() => {
        if (exchanging.current?.done === done) exchanging.current = null;
      });
      exchanging.current = { key, done };
      return done;
    },
    [client],
  );

  useEffect(() => {
    if (!wanted) return;
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
          // The provider may still report the member while a sign-out is under way: that is not a sign-in.
          if (next && tokenTicket() === null) return;
          const reportedAt = signOuts.current;
          rememberSignedInHere(next !== null);
          // Wait for the session token so guarded pages do not bounce to /login on a reload. Offline, a session
          // that holds is kept as it is: the exchange could only fail.
          const held = next !== null && holdsSession(next.uid);
          const exchanged = next && !(held && !navigator.onLine) ? storeToken(next) : Promise.resolve();
          void (held ? Promise.resolve() : exchanged).then(() => {
            if (!active) return;
            // Signed out since the provider reported this member: they stay signed out.
            if (!next || signOuts.current === reportedAt) {
              if (next) signedOut.current = false;
              setUser(next ? toAuthUser(next) : null);
            }
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
  }, [storeToken, wanted]);

  const backend = useCallback(() => {
    backendRef.current ??= loadBackend();
    setWanted(true);
    return backendRef.current;
  }, [loadBackend]);

  // Runs a sign-in style operation: failures clear loading and go to the caller.
  const run = useCallback(
    async (operation: () => Promise<BackendUser>, showLoading: boolean) => {
      if (showLoading) setLoading(true);
      const startedAt = signOuts.current;
      try {
        const signedInUser = await operation();
        await storeToken(signedInUser);
        if (signOuts.current !== startedAt) return;
        signedOut.current = false;
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
        signedOut.current = true;
        signOuts.current += 1;
        const token = getToken();
        // The token goes at once (and the offline pages with it: offline-cache.ts); until the provider has signed
        // out too, nothing answering meanwhile stores another.
        const signedOutHere = beginSignOut();
        try {
          await Promise.all([
            // Best effort: offline, or with the gateway unreachable, the token is gone from this device anyway.
            token &&
              client
                .mutate({ mutation: SignOutMutation, context: { headers: { authorization: `Bearer ${token}` } } })
                .catch(() => undefined),
            (async () => (await backend()).signOut())(),
          ]);
        } finally {
          signedOutHere();
        }
        setUser(null);
        // The next user must not see the previous user's loans from the cache.
        await client.clearStore();
      },
      prepareSignIn: () => void backend().catch(() => undefined),
      signedOutHere: () => signedOut.current,
    }),
    [user, loading, initializing, hasToken, run, backend, storeToken, registrationDelayMs, client],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
