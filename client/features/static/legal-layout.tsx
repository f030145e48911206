import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatInstantDay } from '../../lib/dates.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useI18n } from '../../lib/i18n.ts';

export function formatToday(now = new Date()): string {
  return formatInstantDay(now);
}

type Props = { title: string; other: { to: string; label: string }; children: ReactNode };

/** Shared frame of the two legal pages: title, today's "Last Updated" date and a link to the other page. */
export function LegalLayout({ title, other, children }: Props) {
  const { formatMessage: t } = useI18n();
  useDocumentTitle(title);
  return (
    <article className="page-container max-w-4xl py-16">
      <h1 className="mb-2 text-4xl font-bold text-slate-900">{title}</h1>
      <p className="mb-10 text-slate-500">{t({ id: 'legal.updated' }, { day: formatToday() })}</p>
      <div className="space-y-8 leading-relaxed text-slate-700 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-6 [&_ul]:list-disc [&_ul]:space-y-1">
        {children}
      </div>
      <p className="mt-12 border-t border-slate-200 pt-6 text-slate-600">
        {t(
          { id: 'legal.seeAlso' },
          {
            other: (words) => (
              <Link to={other.to} className="font-semibold text-indigo-600 hover:text-indigo-800">
                {words}
              </Link>
            ),
            label: other.label,
            contact: (words) => (
              <Link to="/contact" className="font-semibold text-indigo-600 hover:text-indigo-800">
                {words}
              </Link>
            ),
          },
        )}
      </p>
    </article>
  );
}
