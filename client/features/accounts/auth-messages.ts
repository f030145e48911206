// What a person sees for each Firebase failure: the one place a Firebase error code becomes a sentence, in the
// member's language (client/messages). No raw Firebase message ("Firebase: Error (auth/...)") reaches the page.
import { intl, type MessageId } from '../../lib/i18n.ts';

const say = (id: MessageId) => intl().formatMessage({ id });

// Spec 8: the sign-in form's own texts.
const LOGIN_MESSAGES: Record<string, MessageId> = {
  'auth/invalid-credential': 'auth.invalidCredential',
  'auth/invalid-login-credentials': 'auth.invalidCredential',
  'auth/user-not-found': 'auth.userNotFound',
  'auth/wrong-password': 'auth.wrongPassword',
  'auth/too-many-requests': 'auth.tooManyLogins',
};

/** Failures any of the account screens can meet (registration, providers, network). */
const ACCOUNT_MESSAGES: Record<string, MessageId> = {
  'auth/email-already-in-use': 'auth.emailInUse',
  'auth/weak-password': 'auth.weakPassword',
  'auth/invalid-email': 'auth.invalidEmail',
  'auth/missing-email': 'auth.missingEmail',
  'auth/network-request-failed': 'auth.networkFailed',
  'auth/popup-closed-by-user': 'auth.popupClosed',
  'auth/cancelled-popup-request': 'auth.popupClosed',
  'auth/user-cancelled': 'auth.popupClosed',
  'auth/popup-blocked': 'auth.popupBlocked',
  'auth/account-exists-with-different-credential': 'auth.otherMethod',
  'auth/user-disabled': 'auth.disabled',
  'auth/too-many-requests': 'auth.tooManyAttempts',
};

export const emailInUseMessage = () => say('auth.emailInUse');
export const googleLoginFailed = () => say('auth.googleFailed');
export const githubLoginFailed = () => say('auth.githubFailed');
export const resetSentMessage = () => say('auth.resetSent');
export const resetNeedsEmail = () => say('auth.resetNeedsEmail');

export function errorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return null;
}

/** The sentence for a Firebase failure, or `fallback` for one this app has no sentence for. */
export function authErrorMessage(error: unknown, fallback: string): string {
  const code = errorCode(error);
  const id = code ? ACCOUNT_MESSAGES[code] : undefined;
  return id ? say(id) : fallback;
}

export function loginErrorMessage(error: unknown): string {
  const code = errorCode(error);
  const id = code ? LOGIN_MESSAGES[code] : undefined;
  return id ? say(id) : authErrorMessage(error, say('auth.loginFallback'));
}

export const registerErrorMessage = (error: unknown): string => authErrorMessage(error, say('auth.registerFallback'));

/** Google or GitHub: the provider's own failure sentence unless the failure has a sentence of its own. */
export const providerLoginMessage =
  (fallback: string) =>
  (error: unknown): string =>
    authErrorMessage(error, fallback);

/**
 * A reset request's outcome: the same words whether or not the e-mail has an account, so the form cannot be
 * used to find out who is a member. Null: it was sent (or would have been).
 */
export function resetErrorMessage(error: unknown): string | null {
  if (errorCode(error) === 'auth/user-not-found') return null;
  return authErrorMessage(error, say('auth.resetFallback'));
}
