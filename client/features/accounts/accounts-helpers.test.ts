import { describe, expect, it } from 'vitest';
import { loginErrorMessage, providerMessage } from './auth-messages.ts';
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
      'Login failed. Please check your credentials.',
    );
    expect(loginErrorMessage('boom')).toBe('Login failed. Please check your credentials.');
  });
  it('passes the provider message through for registration', () => {
    expect(providerMessage(new Error('Firebase: Error (auth/email-already-in-use).'))).toBe(
      'Firebase: Error (auth/email-already-in-use).',
    );
  });
});
