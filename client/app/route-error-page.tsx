import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { isChunkLoadFailure } from '../lib/network-errors.ts';
import { useI18n } from '../lib/i18n.ts';
import { ErrorActions, errorDetail } from './error-page.tsx';
import { page, reloadOnceForNewVersion } from './new-version.ts';

/**
 * A page that failed, shown inside the layout (header and footer still work): its code did not load
 * (offline, or replaced by a deploy: then the page reloads once for the new version), or it failed to render.
 * The member reads what they can do, never the browser's message.
 */
export function RouteErrorPage(props: { error?: unknown }) {
  const routeError = useRouteError();
  const error = props.error ?? routeError;
  const codeMissing = isChunkLoadFailure(error);
  const { formatMessage: t } = useI18n();
  useDocumentTitle(t({ id: codeMissing ? 'error.pageNotLoadedTitle' : 'error.title' }));
  useEffect(() => {
    if (codeMissing) reloadOnceForNewVersion();
  }, [codeMissing]);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">
        {t({ id: codeMissing ? 'error.pageNotLoaded' : 'error.title' })}
      </h1>
      <p role="alert" className="mb-6 text-slate-700">
        {errorDetail(error)}
      </p>
      <ErrorActions className="flex justify-center gap-3" reload={() => page.reload()} />
    </section>
  );
}
