// The identity-provider operations the app needs, so the auth state can run against Firebase in the
// browser and against an in-memory fake in component tests.
export type BackendUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  getIdToken(): Promise<string>;
};

export type AuthBackend<U extends BackendUser = BackendUser> = {
  onChange(listener: (user: U | null) => void): () => void;
  signIn(email: string, password: string): Promise<U>;
  signUp(email: string, password: string): Promise<U>;
  updateProfile(user: U, profile: { displayName: string; photoURL: string }): Promise<void>;
  /** Fetches the user again so the profile set at registration is visible. */
  reload(user: U): Promise<U>;
  signInWithGoogle(): Promise<U>;
  signInWithGitHub(): Promise<U>;
  /** Asks the provider to e-mail a password-reset link to this address. */
  sendPasswordReset(email: string): Promise<void>;
  signOut(): Promise<void>;
};
