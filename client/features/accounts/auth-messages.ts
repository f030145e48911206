// Spec 8: what a person sees for each Firebase sign-in failure.
const LOGIN_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Invalid email or password. Please try again.',
  'auth/invalid-login-credentials': 'Invalid email or password. Please try again.',
  'auth/user-not-found': 'No user found with this email. Please register first.',
  'auth/wrong-password': 'Wrong password. Please try again.',
  'auth/too-many-requests': 'Too many failed login attempts. Please try again later.',
};

export const LOGIN_FALLBACK_MESSAGE = 'Login failed. Please check your credentials.';
export const GOOGLE_LOGIN_FAILED = 'Google login failed. Please try again.';
export const GITHUB_LOGIN_FAILED = 'GitHub login failed. Please try again.';

export function errorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return null;
}

export function loginErrorMessage(error: unknown): string {
  const code = errorCode(error);
  return (code && LOGIN_MESSAGES[code]) || LOGIN_FALLBACK_MESSAGE;
}

/** The provider's own message, as the registration screens show it. */
export function providerMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
