// The session token issued by the gateway lives in localStorage under the spec's key. Listeners let React
// re-render when another part of the app (the Apollo error link, sign-out) changes it.
export const TOKEN_KEY = 'bookHavenToken';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

// A token asked for (the exchange of lib/auth.tsx) is stored only when nothing removed the stored one since it was
// asked for: not a sign-out here, nor one in another tab, nor a session the gateway refused. While a sign-out is
// under way (until the identity provider has signed out too) nothing asked for may be stored at all.
let removals = 0;
let signingOut = 0;

/** What to store a token asked for now with (setToken); null while a sign-out is under way: then do not ask. */
export function tokenTicket(): number | null {
  return signingOut > 0 ? null : removals;
}

/**
 * Stores the session token. With `ticket` (tokenTicket() when it was asked for), only if the stored token has not
 * been removed since and no sign-out is under way; true when it was stored.
 */
export function setToken(token: string, ticket?: number | null): boolean {
  if (ticket !== undefined && ticket !== tokenTicket()) return false;
  localStorage.setItem(TOKEN_KEY, token);
  notify();
  return true;
}

export function removeToken(): void {
  removals += 1;
  try {
    localStorage.removeItem(TOKEN_KEY);
  } finally {
    notify();
  }
}

/**
 * Signing out: removes the token at once and stores none until the returned function is called (the identity
 * provider has signed out), whatever answers meanwhile.
 */
export function beginSignOut(): () => void {
  signingOut += 1;
  removeToken();
  let ended = false;
  return () => {
    if (!ended) signingOut -= 1;
    ended = true;
  };
}

// Another tab removing the token (its sign-out) counts as a removal here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if ((event.key === TOKEN_KEY && event.newValue === null) || event.key === null) removals += 1;
  });
}

export function subscribeToToken(listener: Listener): () => void {
  listeners.add(listener);
  // Other tabs signing out should be seen here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** What the stored session token says of its member (its claims are readable; only the gateway can check them). */
export interface SessionClaims {
  uid: string;
  email: string | null;
  name: string | null;
  /** When it stops being accepted, in ms since the epoch. */
  expiresAt: number;
}

export function sessionClaims(): SessionClaims | null {
  try {
    const payload = getToken()?.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    if (typeof claims['sub'] !== 'string' || typeof claims['exp'] !== 'number') return null;
    return {
      uid: claims['sub'],
      email: typeof claims['email'] === 'string' ? claims['email'] : null,
      name: typeof claims['name'] === 'string' ? claims['name'] : null,
      expiresAt: claims['exp'] * 1000,
    };
  } catch {
    return null;
  }
}

/**
 * Set while the identity provider (Firebase) keeps a signed-in user on this device, which it stores where only its
 * own code reads. Without it and without a session token, nobody has signed in here: the app is signed out at once
 * and loads the provider only when a sign-in needs it (lib/auth.tsx).
 */
const SIGNED_IN_HERE_KEY = 'bookHavenSignedInHere';

export function rememberSignedInHere(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HERE_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HERE_KEY);
  } catch {
    // Storage refused (private mode): the provider is then loaded at every start, as before.
  }
}

/** Someone may be signed in on this device: a session token is stored, or the provider keeps a user. */
export function someoneSignedInHere(): boolean {
  try {
    return getToken() !== null || localStorage.getItem(SIGNED_IN_HERE_KEY) === '1';
  } catch {
    return true;
  }
}
