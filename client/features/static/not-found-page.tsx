import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const LINKS = [
  { to: '/', label: 'Go Home' },
  { to: '/all-books', label: 'Browse Books' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/login', label: 'Login' },
];

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="page-container flex flex-col items-center py-24 text-center">
      <p aria-hidden="true" className="text-8xl font-extrabold text-indigo-500">
        404
      </p>
      <h1 className="mt-4 mb-3 text-3xl font-bold text-slate-900">Oops! Page Not Found</h1>
      <p className="mb-8 max-w-lg text-slate-600">
        The page you are looking for might have been moved, renamed or never existed. Try one of these instead:
      </p>
      <nav aria-label="Helpful links">
        <ul className="flex flex-wrap justify-center gap-3">
          {LINKS.map((link, i) => (
            <li key={link.to}>
              <Link to={link.to} className={i === 0 ? 'btn-primary' : 'btn-secondary'}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
