import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { GITHUB_LOGIN_FAILED, GOOGLE_LOGIN_FAILED, loginErrorMessage } from './auth-messages.ts';
import { SocialButtons } from './social-buttons.tsx';
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
    <div className="page-container flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <h1 className="mb-2 text-center text-3xl font-bold text-slate-900">Login</h1>
        <p className="mb-6 text-center text-slate-600">Welcome back! Sign in to borrow and manage books.</p>
        {error && (
          <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
            {error}
          </p>
        )}
        <form onSubmit={onSubmit} className="space-y-4">
          <div>
            <label htmlFor="login-email" className="form-label">
              Email
            </label>
            <input
              id="login-email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="form-input"
              placeholder="you@example.com"
            />
          </div>
          <div>
            <label htmlFor="login-password" className="form-label">
              Password
            </label>
            <input
              id="login-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="form-input"
            />
          </div>
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
        <div className="mt-6">
          <SocialButtons
            disabled={busy}
            onGoogle={() => void attempt(signInWithGoogle, () => GOOGLE_LOGIN_FAILED)}
            onGitHub={() => void attempt(signInWithGitHub, () => GITHUB_LOGIN_FAILED)}
          />
        </div>
        <p className="mt-6 text-center text-slate-600">
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-semibold text-indigo-600 hover:text-indigo-800">
            Register
          </Link>
        </p>
      </div>
    </div>
  );
}
