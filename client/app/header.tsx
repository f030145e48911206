import { useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../lib/auth.tsx';
import { useI18n, type MessageId } from '../lib/i18n.ts';
import { useEscapeToClose } from '../lib/use-escape-to-close.ts';
import { useAccess } from './use-access.ts';
import { UserMenu } from './user-menu.tsx';
import { LanguageSwitch } from './language-switch.tsx';

/** Who sees a link: everyone, signed-in members, catalogue editors (the policy's), or staff. */
type NavItem = { to: string; label: MessageId; only?: 'member' | 'editor' | 'staff' };

const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'nav.home' },
  { to: '/all-books', label: 'nav.allBooks', only: 'member' },
  { to: '/add-book', label: 'nav.addBook', only: 'editor' },
  { to: '/borrowed-books', label: 'nav.borrowedBooks', only: 'member' },
  { to: '/all-users', label: 'nav.allUsers', only: 'member' },
  { to: '/desk', label: 'nav.desk', only: 'staff' },
  { to: '/about', label: 'nav.about' },
  { to: '/contact', label: 'nav.contact' },
];

// One line each, and closer together below xl: at 1280 pixels staff's links wrapped in two, doubling the header.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition xl:px-3 ${
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-indigo-700'
  }`;

export function Header() {
  const { user, signedIn } = useAuth();
  const { formatMessage: t } = useI18n();
  const [open, setOpen] = useState(false);
  const access = useAccess(signedIn);
  // Loaded with the access query, after the first paint.
  const Bell = access?.Bell;
  const items = NAV_ITEMS.filter(({ only }) => !only || (only === 'member' ? signedIn : access?.[only]));
  const close = () => setOpen(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Login and Register return to the page they were opened from.
  const from = { from: useLocation() };

  useEscapeToClose(open, close, toggle);

  const account = user ? (
    <UserMenu onChoose={close} />
  ) : (
    <div className="flex items-center gap-2">
      <Link to="/login" state={from} onClick={close} className="btn-secondary px-4 py-2">
        {t({ id: 'header.login' })}
      </Link>
      <Link to="/register" state={from} onClick={close} className="btn-primary px-4 py-2">
        {t({ id: 'header.register' })}
      </Link>
    </div>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur">
      <div className="page-container flex h-16 items-center justify-between gap-3 xl:gap-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 text-xl font-bold text-indigo-700" onClick={close}>
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          {t({ id: 'app.name' })}
        </Link>
        <nav aria-label={t({ id: 'header.mainNav' })} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                  {t({ id: item.label })}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {Bell && <Bell />}
        <div className="hidden lg:block">
          <LanguageSwitch accountLocale={access?.locale} />
        </div>
        <div className="hidden lg:block">{account}</div>
        <button
          ref={toggle}
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={t({ id: open ? 'header.closeMenu' : 'header.openMenu' })}
          onClick={() => setOpen((value) => !value)}
        >
          {/* Drawn here, not by components/ui/icons.tsx: the header is in the entry chunk, at its size budget. */}
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
          </svg>
        </button>
      </div>
      {open && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 lg:hidden">
          <nav aria-label={t({ id: 'header.mobileNav' })}>
            <ul className="space-y-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/'} className={linkClass} onClick={close}>
                    {t({ id: item.label })}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
            <LanguageSwitch />
            {account}
          </div>
        </div>
      )}
    </header>
  );
}
