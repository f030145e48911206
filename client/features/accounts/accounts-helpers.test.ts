import { describe, expect, it } from 'vitest';
import { loginErrorMessage, registerErrorMessage, resetErrorMessage } from './auth-messages.ts';
import { passwordError } from './password-rules.ts';

describe('passwordError', () => {
  it('reports the first broken rule in spec order', () => {
    expect(passwordError('Ab1')).toBe('Password must be at least 6 characters long');
    expect(passwordError('abcdef')).toBe('Password must contain at least one uppercase letter');
    expect(passwordError('ABCDEF')).toBe('Password must contain at least one lowercase letter');
    expect(passwordError('Abcdef')).toBe('');
  });
});

describe('loginErrorMessage', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });
  it('maps Firebase codes to the spec texts', () => {
    expect(loginErrorMessage(withCode('auth/invalid-credential'))).toBe('Invalid email or password. Please try again.');
    expect(loginErrorMessage(withCode('auth/user-not-found'))).toBe(
      'No user found with this email. Please register first.',
    );
    expect(loginErrorMessage(withCode('auth/wrong-password'))).toBe('Wrong password. Please try again.');
    expect(loginErrorMessage(withCode('auth/too-many-requests'))).toBe(
      'Too many failed login attempts. Please try again later.',
    );
    expect(loginErrorMessage(withCode('auth/network-request-failed'))).toBe(
      "We couldn't reach the sign-in service. Check your internet connection and try again.",
    );
    expect(loginErrorMessage('boom')).toBe('Login failed. Please check your credentials.');
  });
  it('never passes a raw Firebase message through: each failure has a sentence, others a fallback', () => {
    const cases: [string, string][] = [
      ['auth/email-already-in-use', 'An account with this e-mail already exists.'],
      [
        'auth/weak-password',
        'That password is too weak. Use at least 6 characters, including an uppercase and a lowercase letter.',
      ],
      [
        'auth/network-request-failed',
        "We couldn't reach the sign-in service. Check your internet connection and try again.",
      ],
      ['auth/popup-closed-by-user', 'The sign-in window was closed before you finished. Please try again.'],
      ['auth/popup-blocked', 'Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.'],
    ];
    for (const [code, sentence] of cases) expect(registerErrorMessage(withCode(code)), code).toBe(sentence);
    expect(registerErrorMessage(new Error('Firebase: Error (auth/internal-error).'))).toBe(
      'Registration failed. Please try again.',
    );
  });
  it('treats a reset for an unknown address as sent, so the form does not tell who is a member', () => {
    expect(resetErrorMessage(withCode('auth/user-not-found'))).toBeNull();
    expect(resetErrorMessage(withCode('auth/invalid-email'))).toBe(
      "That doesn't look like an e-mail address. Please check it and try again.",
    );
    expect(resetErrorMessage(new Error('x'))).toBe("We couldn't send a reset link just now. Please try again.");
  });
});
