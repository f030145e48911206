import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { confirmAction, showSuccess } from '../../components/ui/dialogs.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DELETE_FAILED, DELETE_MY_ACCOUNT_MUTATION, downloadMyData, EXPORT_FAILED, refusalOf } from './my-data.ts';

/** The member's own account: download everything the library holds about them, or delete the account. */
export default function MyAccountPage() {
  useDocumentTitle('My account');
  const { user, logOut } = useAuth();
  const navigate = useNavigate();
  const [deleteMyAccount, { loading: deleting }] = useMutation(DELETE_MY_ACCOUNT_MUTATION);
  const [downloading, setDownloading] = useState(false);
  const [exportError, setExportError] = useState('');
  const [deleteError, setDeleteError] = useState('');

  const onDownload = async () => {
    setExportError('');
    setDownloading(true);
    try {
      await downloadMyData();
    } catch {
      setExportError(EXPORT_FAILED);
    } finally {
      setDownloading(false);
    }
  };

  const onDelete = async () => {
    setDeleteError('');
    const confirmed = await confirmAction({
      title: 'Delete your account?',
      text: 'Your profile, notices and sign-in are deleted for good. Your past loans stay in the library’s statistics without your name or e-mail.',
      confirmText: 'Yes, delete my account',
      cancelText: 'Cancel',
      icon: 'warning',
    });
    if (!confirmed) return;
    try {
      await deleteMyAccount();
    } catch (error) {
      setDeleteError(refusalOf(error) ?? DELETE_FAILED);
      return;
    }
    // Leave the guarded page before the session goes, or the guard would send the visitor to /login.
    await navigate('/', { flushSync: true });
    await logOut();
    void showSuccess('Account Deleted', 'Your BookHaven account has been deleted.', { timer: 2000 });
  };

  return (
    <div className="page-container max-w-3xl py-10">
      <h1 className="mb-2 text-3xl font-bold text-slate-900">My account</h1>
      {user && (
        <p className="mb-8 text-slate-600">
          Signed in as {user.displayName?.trim() || 'User'} ({user.email})
        </p>
      )}

      <section aria-labelledby="my-data-heading" className="mb-8 rounded-xl bg-white p-6 shadow ring-1 ring-slate-200">
        <h2 id="my-data-heading" className="mb-2 text-xl font-semibold text-slate-900">
          Your data
        </h2>
        <p className="mb-4 text-slate-600">
          Download everything the library holds about you: your profile, loans, holds, fees and payments, and notices,
          as one JSON file.
        </p>
        <button type="button" className="btn-primary" disabled={downloading} onClick={() => void onDownload()}>
          {downloading ? 'Preparing...' : 'Download my data'}
        </button>
        {exportError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {exportError}
          </p>
        )}
      </section>

      <section aria-labelledby="delete-heading" className="rounded-xl bg-white p-6 shadow ring-1 ring-red-200">
        <h2 id="delete-heading" className="mb-2 text-xl font-semibold text-slate-900">
          Delete my account
        </h2>
        <p className="mb-4 text-slate-600">
          Return your books, cancel your holds and settle any balance first. Your past loans are kept for the library’s
          statistics, with your name and e-mail removed; everything else is deleted.
        </p>
        <button type="button" className="btn-danger" disabled={deleting} onClick={() => void onDelete()}>
          {deleting ? 'Deleting...' : 'Delete my account'}
        </button>
        {deleteError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {deleteError}
          </p>
        )}
      </section>
    </div>
  );
}
