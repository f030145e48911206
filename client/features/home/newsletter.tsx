import { useI18n } from '../../lib/i18n.ts';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isValidNewsletterEmail, saveSubscription } from './newsletter-email.ts';

export const THANK_YOU_MS = 5000;

export function Newsletter() {
  const { formatMessage: t } = useI18n();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [subscribed, setSubscribed] = useState(false);

  useEffect(() => {
    if (!subscribed) return;
    const timer = setTimeout(() => setSubscribed(false), THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [subscribed]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidNewsletterEmail(email)) {
      setError(t({ id: 'newsletter.invalid' }));
      return;
    }
    saveSubscription(email);
    setError('');
    setEmail('');
    setSubscribed(true);
  };

  return (
    <section
      aria-labelledby="newsletter-heading"
      className="bg-gradient-to-r from-indigo-600 to-violet-600 py-16 text-white"
    >
      <div className="page-container max-w-2xl text-center">
        <h2 id="newsletter-heading" className="mb-3 text-3xl font-bold">
          {t({ id: 'newsletter.title' })}
        </h2>
        <p className="mb-8 text-indigo-100">{t({ id: 'newsletter.text' })}</p>
        <div aria-live="polite">
          {subscribed ? (
            <p className="rounded-lg bg-white/15 px-4 py-6 text-xl font-semibold">{t({ id: 'newsletter.thanks' })}</p>
          ) : (
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row">
              <label htmlFor="newsletter-email" className="sr-only">
                {t({ id: 'footer.emailLabel' })}
              </label>
              <input
                id="newsletter-email"
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                placeholder={t({ id: 'newsletter.placeholder' })}
                aria-invalid={error !== ''}
                aria-describedby={error ? 'newsletter-error' : undefined}
                className="form-input flex-1 text-slate-900"
              />
              <button
                type="submit"
                className="rounded-lg bg-white px-6 py-2.5 font-semibold text-indigo-700 transition hover:bg-indigo-50"
              >
                {t({ id: 'newsletter.subscribe' })}
              </button>
            </form>
          )}
        </div>
        {error && !subscribed && (
          <p id="newsletter-error" role="alert" className="mt-3 font-medium text-amber-200">
            {error}
          </p>
        )}
        <p className="mt-4 text-sm text-indigo-100">
          {t(
            { id: 'newsletter.privacy' },
            {
              link: (words) => (
                <Link to="/legal/privacy-policy" className="underline hover:text-white">
                  {words}
                </Link>
              ),
            },
          )}
        </p>
      </div>
    </section>
  );
}
