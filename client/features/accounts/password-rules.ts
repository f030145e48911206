import { intl, type MessageId } from '../../lib/i18n.ts';

/** "Password must contain at least 6 characters, ..." in the member's language. */
export const passwordHint = (): string => intl().formatMessage({ id: 'password.hint' });

const RULES: { test: (password: string) => boolean; message: MessageId }[] = [
  { test: (p) => p.length >= 6, message: 'password.tooShort' },
  { test: (p) => /[A-Z]/.test(p), message: 'password.needsUpper' },
  { test: (p) => /[a-z]/.test(p), message: 'password.needsLower' },
];

/** The first broken rule's message, or an empty string when the password is acceptable. */
export function passwordError(password: string): string {
  const broken = RULES.find((rule) => !rule.test(password));
  return broken ? intl().formatMessage({ id: broken.message }) : '';
}
