import { useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../lib/auth.tsx';
import { useEscapeToClose } from '../lib/use-escape-to-close.ts';
import { useAccess } from './use-access.ts';
import { UserMenu } from './user-menu.tsx';

/** Who sees a link: everyone, signed-in members, catalogue editors (the policy's), or staff. */
type NavItem = { to: string; label: string; only?: 'member' | 'editor' | 'staff' };

const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/all-books', label: 'All Books', only: 'member' },
  { to: '/add-book', label: 'Add Book', only: 'editor' },
  { to: '/borrowed-books', label: 'Borrowed Books', only: 'member' },
  { to: '/all-users', label: 'All Users', only: 'member' },
  { to: '/desk', label: 'Desk', only: 'staff' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium transition ${
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-indigo-700'
  }`;

export function Header() {
  const { user, signedIn } = useAuth();
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
    <UserMenu />
  ) : (
    <div className="flex items-center gap-2">
      <Link to="/login" state={from} onClick={close} className="btn-secondary px-4 py-2">
        Login
      </Link>
      <Link to="/register" state={from} onClick={close} className="btn-primary px-4 py-2">
        Register
      </Link>
    </div>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur">
      <div className="page-container flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-indigo-700" onClick={close}>
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          BookHaven
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {Bell && <Bell />}
        <div className="hidden lg:block">{account}</div>
        <button
          ref={toggle}
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
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
          <nav aria-label="Mobile">
            <ul className="space-y-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/'} className={linkClass} onClick={close}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 border-t border-slate-100 pt-3">{account}</div>
        </div>
      )}
    </header>
  );
}
