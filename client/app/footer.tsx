import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LIBRARY_CONTACT } from '../components/ui/library-info.ts';
import { localDigits } from '../lib/format-count.ts';
import { FooterHours } from './footer-hours.tsx';
import { SocialLinks } from '../components/ui/social-links.tsx';
import { useI18n, type MessageId } from '../lib/i18n.ts';

type FooterLink = { to: string; label: MessageId };

const QUICK_LINKS: FooterLink[] = [
  { to: '/', label: 'nav.home' },
  { to: '/all-books', label: 'nav.allBooks' },
  { to: '/add-book', label: 'nav.addBook' },
  { to: '/borrowed-books', label: 'nav.borrowedBooks' },
];

const USEFUL_LINKS: FooterLink[] = [
  { to: '/about', label: 'footer.aboutUs' },
  { to: '/contact', label: 'footer.contactUs' },
  { to: '/legal/privacy-policy', label: 'footer.privacy' },
  { to: '/legal/terms-conditions', label: 'footer.terms' },
];

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  const { formatMessage: t } = useI18n();
  return (
    <div>
      <h2 className="mb-4 text-lg font-semibold text-white">{title}</h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="transition hover:text-white">
              {t({ id: link.label })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  // The footer newsletter box is decorative in the spec: nothing happens on submit.
  const ignore = (event: FormEvent) => event.preventDefault();
  const { formatMessage: t } = useI18n();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="page-container grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <p className="mb-3 text-2xl font-bold text-white">{t({ id: 'app.name' })}</p>
          <p className="mb-4 text-sm">{t({ id: 'footer.tagline' })}</p>
          <SocialLinks />
        </div>
        <LinkColumn title={t({ id: 'footer.quickLinks' })} links={QUICK_LINKS} />
        <LinkColumn title={t({ id: 'footer.usefulLinks' })} links={USEFUL_LINKS} />
        <div>
          <h2 className="mb-4 text-lg font-semibold text-white">{t({ id: 'footer.contactUs' })}</h2>
          <address className="space-y-2 text-sm not-italic">
            <p>{t({ id: LIBRARY_CONTACT.address })}</p>
            <p>
              <a href={`mailto:${LIBRARY_CONTACT.email}`} className="hover:text-white">
                {LIBRARY_CONTACT.email}
              </a>
            </p>
            <p>
              <a href={`tel:${LIBRARY_CONTACT.phone.replace(/[^+\d]/g, '')}`} className="hover:text-white">
                {localDigits(LIBRARY_CONTACT.phone)}
              </a>
            </p>
          </address>
          <h3 className="mt-4 mb-1 text-sm font-semibold text-white">{t({ id: 'footer.openingHours' })}</h3>
          <FooterHours />
        </div>
        <div>
          <h2 className="mb-4 text-lg font-semibold text-white">{t({ id: 'footer.newsletter' })}</h2>
          <p className="mb-3 text-sm">{t({ id: 'footer.newsletterText' })}</p>
          <form onSubmit={ignore} className="flex flex-col gap-2">
            <label htmlFor="footer-newsletter-email" className="sr-only">
              {t({ id: 'footer.emailLabel' })}
            </label>
            <input
              id="footer-newsletter-email"
              type="email"
              placeholder={t({ id: 'footer.emailPlaceholder' })}
              className="form-input"
            />
            <button type="submit" className="btn-primary">
              {t({ id: 'footer.subscribe' })}
            </button>
          </form>
        </div>
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-sm">
        {t({ id: 'footer.rights' }, { year: localDigits(String(new Date().getFullYear())) })}
      </div>
    </footer>
  );
}
