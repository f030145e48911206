import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { friendlyMessage } from '../lib/network-errors.ts';

// The root errorElement: shown without the layout, since the layout itself may be what failed.
export function ErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : friendlyMessage(error, 'An unexpected error occurred.');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p role="alert" className="max-w-lg text-slate-600">
        {detail}
      </p>
      <div className="flex gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Try Again
        </button>
        <Link to="/" className="btn-secondary">
          Go Home
        </Link>
      </div>
    </main>
  );
}
