export const PASSWORD_HINT =
  'Password must contain at least 6 characters, including an uppercase and lowercase letter.';

const RULES: { test: (password: string) => boolean; message: string }[] = [
  { test: (p) => p.length >= 6, message: 'Password must be at least 6 characters long' },
  { test: (p) => /[A-Z]/.test(p), message: 'Password must contain at least one uppercase letter' },
  { test: (p) => /[a-z]/.test(p), message: 'Password must contain at least one lowercase letter' },
];

/** The first broken rule's message, or an empty string when the password is acceptable. */
export function passwordError(password: string): string {
  return RULES.find((rule) => !rule.test(password))?.message ?? '';
}
