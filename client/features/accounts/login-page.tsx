import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useI18n } from '../../lib/i18n.ts';
import {
  githubLoginFailed,
  googleLoginFailed,
  loginErrorMessage,
  providerLoginMessage,
  resetErrorMessage,
  resetNeedsEmail,
  resetSentMessage,
} from './auth-messages.ts';
import { AuthCard, AuthField } from './auth-card.tsx';
import { originOf } from './origin.ts';
import { runAuth } from './run-auth.ts';

export default function LoginPage() {
  const { formatMessage: t } = useI18n();
  useDocumentTitle(t({ id: 'login.title' }));
  const { signedIn, signIn, signInWithGoogle, signInWithGitHub, sendPasswordReset, prepareSignIn } = useAuth();
  useEffect(prepareSignIn, [prepareSignIn]);
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
      failureTitle: t({ id: 'login.failed' }),
      success: { title: t({ id: 'login.success' }), text: t({ id: 'login.welcomeBack' }) },
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
      setError(resetNeedsEmail());
      return;
    }
    setBusy(true);
    try {
      await sendPasswordReset(address);
      setResetNotice(resetSentMessage());
    } catch (failure) {
      const message = resetErrorMessage(failure);
      if (message === null) setResetNotice(resetSentMessage());
      else setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t({ id: 'login.title' })}
      intro={t({ id: 'login.intro' })}
      error={error}
      social={{
        disabled: busy,
        onGoogle: () => void attempt(signInWithGoogle, providerLoginMessage(googleLoginFailed())),
        onGitHub: () => void attempt(signInWithGitHub, providerLoginMessage(githubLoginFailed())),
      }}
      // Register, too, returns to the page the visitor came from.
      other={{
        question: t({ id: 'login.noAccount' }),
        to: '/register',
        label: t({ id: 'header.register' }),
        state: location.state,
      }}
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <AuthField
          id="login-email"
          label={t({ id: 'auth.email' })}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t({ id: 'auth.emailPlaceholder' })}
        />
        <AuthField
          id="login-password"
          label={t({ id: 'auth.password' })}
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
            {t({ id: 'login.forgot' })}
          </button>
        </div>
        {resetNotice && (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
            {resetNotice}
          </p>
        )}
        <button type="submit" disabled={busy} className="btn-primary w-full">
          {t({ id: busy ? 'login.busy' : 'login.title' })}
        </button>
      </form>
    </AuthCard>
  );
}
