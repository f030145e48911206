import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { showError } from '../../components/ui/dialogs.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { emailInUseMessage, registerErrorMessage } from './auth-messages.ts';
import { useI18n } from '../../lib/i18n.ts';
import { originOf } from './origin.ts';
import { passwordError, passwordHint } from './password-rules.ts';
import { AuthCard, AuthField } from './auth-card.tsx';
import { runAuth } from './run-auth.ts';
import { bangladeshMobile } from '../../../shared/phone.ts';
import { useSetMyPhone } from './set-my-phone.ts';

export default function RegisterPage() {
  const { formatMessage: t } = useI18n();
  useDocumentTitle(t({ id: 'register.title' }));
  const { signUp, signInWithGoogle, signInWithGitHub, prepareSignIn } = useAuth();
  useEffect(prepareSignIn, [prepareSignIn]);
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState({ name: '', email: '', photoURL: '', password: '', phone: '' });
  const [pwError, setPwError] = useState('');
  const [phoneError, setPhoneError] = useState('');
  const [setMyPhone] = useSetMyPhone();
  const [error, setError] = useState('');
  const [creating, setCreating] = useState(false);

  const update = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm((current) => ({ ...current, [field]: value }));
    if (field === 'password') setPwError(passwordError(value));
    if (field === 'phone') setPhoneError('');
  };

  const finish = (operation: () => Promise<void>) =>
    runAuth(operation, {
      failureTitle: t({ id: 'register.failed' }),
      success: { title: t({ id: 'register.success' }), text: t({ id: 'register.welcome' }) },
      messageOf: registerErrorMessage,
      setError,
      setBusy: setCreating,
      done: () => void navigate(originOf(location.state), { replace: true }),
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordError(form.password);
    if (problem) {
      setPwError(problem);
      void showError(t({ id: 'register.passwordError' }), problem);
      return;
    }
    // Checked before the account exists, as the gateway will check it (shared/phone.ts).
    const phone = form.phone.trim() === '' ? null : bangladeshMobile(form.phone);
    if (form.phone.trim() !== '' && phone === null) {
      setPhoneError(t({ id: 'account.phoneInvalid' }));
      return;
    }
    void finish(async () => {
      await signUp(form.name.trim(), form.email.trim(), form.password, form.photoURL.trim());
      if (phone === null) return;
      // The account exists by now: a number the gateway did not take is said, and added later on My Account.
      await setMyPhone({ variables: { phone } }).catch(() =>
        showError(t({ id: 'register.failed' }), t({ id: 'register.phoneNotSaved' })),
      );
    });
  };

  return (
    <AuthCard
      title={t({ id: 'register.title' })}
      intro={t({ id: 'register.intro' })}
      error={error}
      errorAction={
        error === emailInUseMessage() && (
          <Link to="/login" state={location.state} className="font-semibold underline">
            {t({ id: 'register.loginInstead' })}
          </Link>
        )
      }
      social={{
        disabled: creating,
        onGoogle: () => void finish(signInWithGoogle),
        onGitHub: () => void finish(signInWithGitHub),
      }}
      other={{
        question: t({ id: 'register.haveAccount' }),
        to: '/login',
        label: t({ id: 'header.login' }),
        state: location.state,
      }}
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <AuthField
          id="register-name"
          label={t({ id: 'auth.name' })}
          type="text"
          autoComplete="name"
          required
          value={form.name}
          onChange={update('name')}
        />
        <AuthField
          id="register-email"
          label={t({ id: 'auth.email' })}
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={update('email')}
          placeholder={t({ id: 'auth.emailPlaceholder' })}
        />
        <AuthField
          id="register-photo"
          label={t({ id: 'auth.photoUrl' })}
          type="url"
          value={form.photoURL}
          onChange={update('photoURL')}
          placeholder={t({ id: 'auth.photoPlaceholder' })}
        />
        <AuthField
          id="register-phone"
          label={t({ id: 'register.phone' })}
          type="tel"
          autoComplete="tel"
          value={form.phone}
          onChange={update('phone')}
          placeholder={t({ id: 'account.phoneHint' })}
          aria-invalid={phoneError !== ''}
          aria-describedby="register-phone-error"
          after={
            <p id="register-phone-error" aria-live="polite" className="mt-1 text-sm font-medium text-red-600">
              {phoneError}
            </p>
          }
        />
        <AuthField
          id="register-password"
          label={t({ id: 'auth.password' })}
          type="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={update('password')}
          aria-invalid={pwError !== ''}
          aria-describedby="register-password-hint register-password-error"
          after={
            <>
              <p id="register-password-error" aria-live="polite" className="mt-1 text-sm font-medium text-red-600">
                {pwError}
              </p>
              <p id="register-password-hint" className="mt-1 text-xs text-slate-500">
                {passwordHint()}
              </p>
            </>
          }
        />
        <button type="submit" disabled={creating || pwError !== ''} className="btn-primary w-full">
          {t({ id: creating ? 'register.busy' : 'register.title' })}
        </button>
      </form>
    </AuthCard>
  );
}
