// What a person sees for each Firebase failure: the one place a Firebase error code becomes a sentence. No raw
// Firebase message ("Firebase: Error (auth/...)") ever reaches the page.

// Spec 8: the sign-in form's own texts.
const LOGIN_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Invalid email or password. Please try again.',
  'auth/invalid-login-credentials': 'Invalid email or password. Please try again.',
  'auth/user-not-found': 'No user found with this email. Please register first.',
  'auth/wrong-password': 'Wrong password. Please try again.',
  'auth/too-many-requests': 'Too many failed login attempts. Please try again later.',
};

export const EMAIL_IN_USE_MESSAGE = 'An account with this e-mail already exists.';
export const POPUP_CLOSED_MESSAGE = 'The sign-in window was closed before you finished. Please try again.';

/** Failures any of the account screens can meet (registration, providers, network). */
const ACCOUNT_MESSAGES: Record<string, string> = {
  'auth/email-already-in-use': EMAIL_IN_USE_MESSAGE,
  'auth/weak-password':
    'That password is too weak. Use at least 6 characters, including an uppercase and a lowercase letter.',
  'auth/invalid-email': "That doesn't look like an e-mail address. Please check it and try again.",
  'auth/missing-email': 'Please enter your e-mail address.',
  'auth/network-request-failed': "We couldn't reach the sign-in service. Check your internet connection and try again.",
  'auth/popup-closed-by-user': POPUP_CLOSED_MESSAGE,
  'auth/cancelled-popup-request': POPUP_CLOSED_MESSAGE,
  'auth/user-cancelled': POPUP_CLOSED_MESSAGE,
  'auth/popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.',
  'auth/account-exists-with-different-credential':
    'This e-mail is already registered with another sign-in method. Please log in that way.',
  'auth/user-disabled': 'This account has been disabled. Please contact the library.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
};

export const LOGIN_FALLBACK_MESSAGE = 'Login failed. Please check your credentials.';
export const GOOGLE_LOGIN_FAILED = 'Google login failed. Please try again.';
export const GITHUB_LOGIN_FAILED = 'GitHub login failed. Please try again.';
export const REGISTER_FALLBACK_MESSAGE = 'Registration failed. Please try again.';
export const RESET_SENT_MESSAGE = 'If an account exists for this e-mail, a reset link is on its way.';
export const RESET_FALLBACK_MESSAGE = "We couldn't send a reset link just now. Please try again.";
export const RESET_NEEDS_EMAIL = 'Enter your e-mail address above, then choose “Forgot password?” again.';

export function errorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return null;
}

/** The sentence for a Firebase failure, or `fallback` for one this app has no sentence for. */
export function authErrorMessage(error: unknown, fallback: string): string {
  const code = errorCode(error);
  return (code && ACCOUNT_MESSAGES[code]) || fallback;
}

export function loginErrorMessage(error: unknown): string {
  const code = errorCode(error);
  return (code && LOGIN_MESSAGES[code]) || authErrorMessage(error, LOGIN_FALLBACK_MESSAGE);
}

export const registerErrorMessage = (error: unknown): string => authErrorMessage(error, REGISTER_FALLBACK_MESSAGE);

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
  return authErrorMessage(error, RESET_FALLBACK_MESSAGE);
}
