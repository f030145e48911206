import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import {
  GITHUB_LOGIN_FAILED,
  GOOGLE_LOGIN_FAILED,
  loginErrorMessage,
  providerLoginMessage,
  RESET_NEEDS_EMAIL,
  RESET_SENT_MESSAGE,
  resetErrorMessage,
} from './auth-messages.ts';
import { AuthCard, AuthField } from './auth-card.tsx';
import { originOf } from './origin.ts';
import { runAuth } from './run-auth.ts';

export default function LoginPage() {
  useDocumentTitle('Login');
  const { signedIn, signIn, signInWithGoogle, signInWithGitHub, sendPasswordReset } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [resetNotice, setResetNotice] = useState('');
  // Set once this page starts a sign-in, so the "already signed in" redirect does not cut the success alert short.
  const [attempted, setAttempted] = useState(false);

  if (signedIn && !attempted) return <Navigate to="/" replace />;

  const attempt = (operation: () => Promise<void>, messageOf: (error: unknown) => string) => {
    setAttempted(true);
    return runAuth(operation, {
      failureTitle: 'Login Failed',
      success: { title: 'Login Successful', text: 'Welcome back to BookHaven!' },
      messageOf,
      setError,
      setBusy,
      done: () => void navigate(originOf(location.state), { replace: true }),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResetNotice('');
    void attempt(() => signIn(email.trim(), password), loginErrorMessage);
  };

  // The same words whether or not the address has an account: the form does not tell who is a member.
  const onForgotPassword = async () => {
    setError('');
    setResetNotice('');
    const address = email.trim();
    if (!address) {
      setError(RESET_NEEDS_EMAIL);
      return;
    }
    setBusy(true);
    try {
      await sendPasswordReset(address);
      setResetNotice(RESET_SENT_MESSAGE);
    } catch (failure) {
      const message = resetErrorMessage(failure);
      if (message === null) setResetNotice(RESET_SENT_MESSAGE);
      else setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Login"
      intro="Welcome back! Sign in to borrow and manage books."
      error={error}
      social={{
        disabled: busy,
        onGoogle: () => void attempt(signInWithGoogle, providerLoginMessage(GOOGLE_LOGIN_FAILED)),
        onGitHub: () => void attempt(signInWithGitHub, providerLoginMessage(GITHUB_LOGIN_FAILED)),
      }}
      // Register, too, returns to the page the visitor came from.
      other={{ question: "Don't have an account?", to: '/register', label: 'Register', state: location.state }}
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <AuthField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
        <AuthField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="text-right">
          <button
            type="button"
            onClick={() => void onForgotPassword()}
            disabled={busy}
            className="text-sm font-medium text-indigo-600 hover:text-indigo-800"
          >
            Forgot password?
          </button>
        </div>
        {resetNotice && (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
            {resetNotice}
          </p>
        )}
        <button type="submit" disabled={busy} className="btn-primary w-full">
          {busy ? 'Signing in...' : 'Login'}
        </button>
      </form>
    </AuthCard>
  );
}
