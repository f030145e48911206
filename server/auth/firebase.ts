// Verifies Firebase ID tokens, and creates, changes and deletes members' Firebase accounts, with firebase-admin. In emulator mode (no real project configured) the
// Admin SDK sends verification to the Auth emulator named by FIREBASE_AUTH_EMULATOR_HOST.
import { initializeApp, applicationDefault, deleteApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { ConfigError } from '../config.ts';
import { EmailTakenError, InvalidIdTokenError, type IdTokenVerifier } from '../library/identity.ts';

let appCount = 0;

/** Firebase's "e-mail already in use" as the library's EmailTakenError; anything else as it came. */
function takenOr(error: unknown, email: string): unknown {
  return (error as { code?: string }).code === 'auth/email-already-exists' ? new EmailTakenError(email) : error;
}

export function createFirebaseVerifier(opts: { projectId: string; emulatorHost: string | null }): IdTokenVerifier {
  if (opts.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = opts.emulatorHost;
  // firebase-admin decides on emulator mode from the environment, not from its options, and in emulator mode
  // it accepts unsigned tokens. A real project must never be verified that way, whatever the config said.
  else if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST',
      'is set in the environment, so firebase-admin would accept unsigned ID tokens for the real project: unset it',
    );
  }
  const credential = opts.emulatorHost ? undefined : applicationDefault();
  const app: App = initializeApp(
    { projectId: opts.projectId, ...(credential ? { credential } : {}) },
    `bookhaven-${++appCount}`,
  );
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken, true);
        return {
          uid: decoded.uid,
          email: typeof decoded.email === 'string' ? decoded.email : null,
          name: typeof decoded.name === 'string' ? decoded.name : null,
          picture: typeof decoded.picture === 'string' ? decoded.picture : null,
        };
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'auth/invalid-id-token';
        // Only token problems are the caller's fault; anything else (emulator down) is ours.
        if (code.startsWith('auth/')) throw new InvalidIdTokenError(code);
        throw error;
      }
    },
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        // Deleted already (an earlier attempt that failed after this step): the outcome the caller wants.
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    async createUser(account) {
      try {
        return (await auth.createUser({ email: account.email, displayName: account.name })).uid;
      } catch (error) {
        throw takenOr(error, account.email);
      }
    },
    async updateUser(uid, account) {
      try {
        await auth.updateUser(uid, {
          ...(account.email === undefined ? {} : { email: account.email }),
          ...(account.name === undefined ? {} : { displayName: account.name }),
        });
      } catch (error) {
        throw takenOr(error, account.email ?? '');
      }
    },
    close: () => deleteApp(app),
  };
}
