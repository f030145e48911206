import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { GITHUB_LOGIN_FAILED, GOOGLE_LOGIN_FAILED, loginErrorMessage } from './auth-messages.ts';
import { AuthCard, AuthField } from './auth-card.tsx';
import { runAuth } from './run-auth.ts';

function originOf(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export default function LoginPage() {
  useDocumentTitle('Login');
  const { signedIn, signIn, signInWithGoogle, signInWithGitHub } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
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
    void attempt(() => signIn(email.trim(), password), loginErrorMessage);
  };

  return (
    <AuthCard
      title="Login"
      intro="Welcome back! Sign in to borrow and manage books."
      error={error}
      social={{
        disabled: busy,
        onGoogle: () => void attempt(signInWithGoogle, () => GOOGLE_LOGIN_FAILED),
        onGitHub: () => void attempt(signInWithGitHub, () => GITHUB_LOGIN_FAILED),
      }}
      other={{ question: "Don't have an account?", to: '/register', label: 'Register' }}
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
          {/* The spec shows this button without any behaviour. */}
          <button type="button" className="text-sm font-medium text-indigo-600 hover:text-indigo-800">
            Forgot password?
          </button>
        </div>
        <button type="submit" disabled={busy} className="btn-primary w-full">
          {busy ? 'Signing in...' : 'Login'}
        </button>
      </form>
    </AuthCard>
  );
}
