import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { friendlyMessage } from '../lib/network-errors.ts';
import { intl, useI18n } from '../lib/i18n.ts';

/** What an error page says about the failure: the route's status, or a sentence, never the browser's message. */
export function errorDetail(error: unknown): string {
  return isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : friendlyMessage(error, intl().formatMessage({ id: 'error.unexpected' }));
}

/** The way forward on every error page: try again (reloading), or go home. */
export function ErrorActions(props: { reload: () => void; className: string }) {
  const { formatMessage: t } = useI18n();
  return (
    <div className={props.className}>
      <button type="button" className="btn-primary" onClick={props.reload}>
        {t({ id: 'error.tryAgain' })}
      </button>
      <Link to="/" className="btn-secondary">
        {t({ id: 'error.goHome' })}
      </Link>
    </div>
  );
}

// The root errorElement: shown without the layout, since the layout itself may be what failed.
export function ErrorPage() {
  const error = useRouteError();
  const { formatMessage: t } = useI18n();
  useDocumentTitle(t({ id: 'error.title' }));
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t({ id: 'error.title' })}</h1>
      <p role="alert" className="max-w-lg text-slate-600">
        {errorDetail(error)}
      </p>
      <ErrorActions className="flex gap-3" reload={() => window.location.reload()} />
    </main>
  );
}
