import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { showError } from '../../components/ui/dialogs.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { providerMessage } from './auth-messages.ts';
import { PASSWORD_HINT, passwordError } from './password-rules.ts';
import { SocialButtons } from './social-buttons.tsx';
import { runAuth } from './run-auth.ts';

export default function RegisterPage() {
  useDocumentTitle('Register');
  const { signUp, signInWithGoogle, signInWithGitHub } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', photoURL: '', password: '' });
  const [pwError, setPwError] = useState('');
  const [error, setError] = useState('');
  const [creating, setCreating] = useState(false);

  const update = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm((current) => ({ ...current, [field]: value }));
    if (field === 'password') setPwError(passwordError(value));
  };

  const finish = (operation: () => Promise<void>) =>
    runAuth(operation, {
      failureTitle: 'Registration Failed',
      success: { title: 'Registration Successful', text: 'Welcome to BookHaven!' },
      messageOf: providerMessage,
      setError,
      setBusy: setCreating,
      done: () => void navigate('/', { replace: true }),
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordError(form.password);
    if (problem) {
      setPwError(problem);
      void showError('Password Error', problem);
      return;
    }
    void finish(() => signUp(form.name.trim(), form.email.trim(), form.password, form.photoURL.trim()));
  };

  return (
    <div className="page-container flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <h1 className="mb-2 text-center text-3xl font-bold text-slate-900">Register</h1>
        <p className="mb-6 text-center text-slate-600">Create your account to start borrowing books.</p>
        {error && (
          <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
            {error}
          </p>
        )}
        <form onSubmit={onSubmit} className="space-y-4">
          <div>
            <label htmlFor="register-name" className="form-label">
              Name
            </label>
            <input
              id="register-name"
              type="text"
              autoComplete="name"
              required
              value={form.name}
              onChange={update('name')}
              className="form-input"
            />
          </div>
          <div>
            <label htmlFor="register-email" className="form-label">
              Email
            </label>
            <input
              id="register-email"
              type="email"
              autoComplete="email"
              required
              value={form.email}
              onChange={update('email')}
              className="form-input"
              placeholder="you@example.com"
            />
          </div>
          <div>
            <label htmlFor="register-photo" className="form-label">
              Photo URL
            </label>
            <input
              id="register-photo"
              type="url"
              value={form.photoURL}
              onChange={update('photoURL')}
              className="form-input"
              placeholder="https://example.com/me.jpg"
            />
          </div>
          <div>
            <label htmlFor="register-password" className="form-label">
              Password
            </label>
            <input
              id="register-password"
              type="password"
              autoComplete="new-password"
              required
              value={form.password}
              onChange={update('password')}
              aria-invalid={pwError !== ''}
              aria-describedby="register-password-hint register-password-error"
              className="form-input"
            />
            <p id="register-password-error" aria-live="polite" className="mt-1 text-sm font-medium text-red-600">
              {pwError}
            </p>
            <p id="register-password-hint" className="mt-1 text-xs text-slate-500">
              {PASSWORD_HINT}
            </p>
          </div>
          <button type="submit" disabled={creating || pwError !== ''} className="btn-primary w-full">
            {creating ? 'Creating Account...' : 'Register'}
          </button>
        </form>
        <div className="mt-6">
          <SocialButtons
            disabled={creating}
            onGoogle={() => void finish(signInWithGoogle)}
            onGitHub={() => void finish(signInWithGitHub)}
          />
        </div>
        <p className="mt-6 text-center text-slate-600">
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-indigo-600 hover:text-indigo-800">
            Login
          </Link>
        </p>
      </div>
    </div>
  );
}
