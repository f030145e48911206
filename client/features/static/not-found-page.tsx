import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useI18n, type MessageId } from '../../lib/i18n.ts';

const LINKS: { to: string; label: MessageId }[] = [
  { to: '/', label: 'error.goHome' },
  { to: '/all-books', label: 'hero.discoverCta' },
  { to: '/contact', label: 'footer.contactUs' },
  { to: '/login', label: 'header.login' },
];

export default function NotFoundPage() {
  const { formatMessage: t } = useI18n();
  useDocumentTitle(t({ id: 'notFound.title' }));
  return (
    <div className="page-container flex flex-col items-center py-24 text-center">
      <p aria-hidden="true" className="text-8xl font-extrabold text-indigo-500">
        {t({ id: 'notFound.code' })}
      </p>
      <h1 className="mt-4 mb-3 text-3xl font-bold text-slate-900">{t({ id: 'notFound.heading' })}</h1>
      <p className="mb-8 max-w-lg text-slate-600">{t({ id: 'notFound.text' })}</p>
      <nav aria-label={t({ id: 'notFound.links' })}>
        <ul className="flex flex-wrap justify-center gap-3">
          {LINKS.map((link, i) => (
            <li key={link.to}>
              <Link to={link.to} className={i === 0 ? 'btn-primary' : 'btn-secondary'}>
                {t({ id: link.label })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
