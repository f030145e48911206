import type { ReactNode } from 'react';
import { AuthContext } from './auth.tsx';
import type { AuthContextValue, AuthUser } from './auth.tsx';

// For component tests: an auth context without Firebase or a network. Override any operation with a spy.
export const TEST_USER: AuthUser = {
  uid: 'user-1',
  email: 'reader@example.com',
  displayName: 'Test Reader',
  photoURL: null,
};

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const signedIn = overrides.signedIn ?? overrides.user !== undefined;
  return {
    user: signedIn ? TEST_USER : null,
    loading: false,
    initializing: false,
    signedIn,
    signIn: () => Promise.resolve(),
    signUp: () => Promise.resolve(),
    signInWithGoogle: () => Promise.resolve(),
    signInWithGitHub: () => Promise.resolve(),
    sendPasswordReset: () => Promise.resolve(),
    logOut: () => Promise.resolve(),
    prepareSignIn: () => undefined,
    signedOutHere: () => false,
    ...overrides,
  };
}

export function FakeAuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
