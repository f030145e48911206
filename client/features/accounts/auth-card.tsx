import type { InputHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SocialButtons } from './social-buttons.tsx';

type AuthCardProps = {
  title: string;
  intro: string;
  error: string;
  /** Shown after the failure's sentence, inside its alert (a link to what to do instead). */
  errorAction?: ReactNode;
  /** The e-mail form; the Google and GitHub buttons follow it. */
  children: ReactNode;
  social: { disabled: boolean; onGoogle: () => void; onGitHub: () => void };
  /** The way to the other page: "Don't have an account?" and a link. */
  other: { question: string; to: string; label: string; state?: unknown };
};

/** The Login and Register pages' card: heading, the failure in an alert, the form, the providers, the other page. */
export function AuthCard({ title, intro, error, errorAction, children, social, other }: AuthCardProps) {
  return (
    <div className="page-container flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <h1 className="mb-2 text-center text-3xl font-bold text-slate-900">{title}</h1>
        <p className="mb-6 text-center text-slate-600">{intro}</p>
        {error && (
          <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
            {error}
            {errorAction && <> {errorAction}</>}
          </p>
        )}
        {children}
        <div className="mt-6">
          <SocialButtons {...social} />
        </div>
        <p className="mt-6 text-center text-slate-600">
          <span className="mr-1">{other.question}</span>
          <Link to={other.to} state={other.state} className="font-semibold text-indigo-600 hover:text-indigo-800">
            {other.label}
          </Link>
        </p>
      </div>
    </div>
  );
}

type AuthFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  /** Shown under the input (the password's error and hint). */
  after?: ReactNode;
};

/** A labelled input of the Login and Register forms. */
export function AuthField({ id, label, after, ...input }: AuthFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input id={id} className="form-input" {...input} />
      {after}
    </div>
  );
}
