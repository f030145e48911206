import { initializeApp, type FirebaseOptions } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  GithubAuthProvider,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import type { AuthBackend } from './auth-backend.ts';

export type RuntimeConfig = {
  firebase: FirebaseOptions & { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
};

let authPromise: Promise<Auth> | null = null;

async function loadConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load /config.json (status ${response.status})`);
  return (await response.json()) as RuntimeConfig;
}

// The gateway decides the Firebase project (and the emulator in tests) at runtime, so the app is
// initialised once, lazily, from /config.json instead of build-time variables.
export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= loadConfig().then((config) => {
    const app = initializeApp(config.firebase);
    const auth = getAuth(app);
    if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    return auth;
  });
  return authPromise;
}

export async function createFirebaseBackend(): Promise<AuthBackend<User>> {
  const auth = await getFirebaseAuth();
  return {
    onChange: (listener) => onAuthStateChanged(auth, listener),
    signIn: async (email, password) => (await signInWithEmailAndPassword(auth, email, password)).user,
    signUp: async (email, password) => (await createUserWithEmailAndPassword(auth, email, password)).user,
    updateProfile: (user, profile) => updateProfile(user, profile),
    reload: async (user) => {
      await user.reload();
      return auth.currentUser ?? user;
    },
    signInWithGoogle: async () => (await signInWithPopup(auth, new GoogleAuthProvider())).user,
    signInWithGitHub: async () => (await signInWithPopup(auth, new GithubAuthProvider())).user,
    // The reset page's "Continue" leads back to this site's Login page.
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/login` }),
    signOut: () => signOut(auth),
  };
}
