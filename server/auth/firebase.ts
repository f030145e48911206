// Verifies Firebase ID tokens, and creates, changes and deletes members' Firebase accounts, with firebase-admin. In emulator mode (no real project configured) the
// Admin SDK sends verification to the Auth emulator named by FIREBASE_AUTH_EMULATOR_HOST.
import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
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
  // firebase-admin is loaded at the first sign-in, not at start: most requests carry the gateway's own session,
  // and its modules are 6 MB of heap every major collection would mark again (docs/performance.md, the floor).
  let started: Promise<{ app: App; auth: Auth }> | null = null;
  const firebase = () =>
    (started ??= (async () => {
      const { initializeApp, applicationDefault } = await import('firebase-admin/app');
      const { getAuth } = await import('firebase-admin/auth');
      const credential = opts.emulatorHost ? undefined : applicationDefault();
      const app = initializeApp(
        { projectId: opts.projectId, ...(credential ? { credential } : {}) },
        `bookhaven-${++appCount}`,
      );
      return { app, auth: getAuth(app) };
    })());
  return {
    async verify(idToken) {
      const { auth } = await firebase();
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
      const { auth } = await firebase();
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        // Deleted already (an earlier attempt that failed after this step): the outcome the caller wants.
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    async createUser(account) {
      const { auth } = await firebase();
      try {
        return (await auth.createUser({ email: account.email, displayName: account.name })).uid;
      } catch (error) {
        throw takenOr(error, account.email);
      }
    },
    async updateUser(uid, account) {
      const { auth } = await firebase();
      try {
        await auth.updateUser(uid, {
          ...(account.email === undefined ? {} : { email: account.email }),
          ...(account.name === undefined ? {} : { displayName: account.name }),
        });
      } catch (error) {
        throw takenOr(error, account.email ?? '');
      }
    },
    async close() {
      if (!started) return;
      const { app } = await started;
      const { deleteApp } = await import('firebase-admin/app');
      await deleteApp(app);
    },
  };
}
