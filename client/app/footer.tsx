import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LIBRARY_CONTACT } from '../components/ui/library-info.ts';
import { FooterHours } from './footer-hours.tsx';
import { SocialLinks } from '../components/ui/social-links.tsx';

const QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/all-books', label: 'All Books' },
  { to: '/add-book', label: 'Add Book' },
  { to: '/borrowed-books', label: 'Borrowed Books' },
];

const USEFUL_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/legal/privacy-policy', label: 'Privacy Policy' },
  { to: '/legal/terms-conditions', label: 'Terms & Conditions' },
];

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="mb-4 text-lg font-semibold text-white">{title}</h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="transition hover:text-white">
              {link.label}
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
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="page-container grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <p className="mb-3 text-2xl font-bold text-white">BookHaven</p>
          <p className="mb-4 text-sm">Your community library: discover, borrow and share books since 2010.</p>
          <SocialLinks />
        </div>
        <LinkColumn title="Quick Links" links={QUICK_LINKS} />
        <LinkColumn title="Useful Links" links={USEFUL_LINKS} />
        <div>
          <h2 className="mb-4 text-lg font-semibold text-white">Contact Us</h2>
          <address className="space-y-2 text-sm not-italic">
            <p>{LIBRARY_CONTACT.address}</p>
            <p>
              <a href={`mailto:${LIBRARY_CONTACT.email}`} className="hover:text-white">
                {LIBRARY_CONTACT.email}
              </a>
            </p>
            <p>
              <a href={`tel:${LIBRARY_CONTACT.phone.replace(/[^+\d]/g, '')}`} className="hover:text-white">
                {LIBRARY_CONTACT.phone}
              </a>
            </p>
          </address>
          <h3 className="mt-4 mb-1 text-sm font-semibold text-white">Opening Hours</h3>
          <FooterHours />
        </div>
        <div>
          <h2 className="mb-4 text-lg font-semibold text-white">Newsletter</h2>
          <p className="mb-3 text-sm">Get new arrivals and library news in your inbox.</p>
          <form onSubmit={ignore} className="flex flex-col gap-2">
            <label htmlFor="footer-newsletter-email" className="sr-only">
              Email address
            </label>
            <input id="footer-newsletter-email" type="email" placeholder="Your email" className="form-input" />
            <button type="submit" className="btn-primary">
              Subscribe
            </button>
          </form>
        </div>
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-sm">
        © {new Date().getFullYear()} BookHaven. All rights reserved.
      </div>
    </footer>
  );
}
