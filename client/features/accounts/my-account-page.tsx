import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router-dom';
import { confirmAction, showSuccess } from '../../components/ui/dialogs.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import {
  ACCOUNT_DELETION_CHECK,
  deleteFailed,
  DELETE_MY_ACCOUNT_MUTATION,
  downloadMyData,
  exportFailed,
  refusalOf,
} from './my-data.ts';
import { DeletionBlockers, type Blockers } from './deletion-blockers.tsx';
import { useI18n } from '../../lib/i18n.ts';
import { LibraryCard } from './library-card.tsx';
import { PhoneAndSms } from './phone-and-sms.tsx';

/**
 * The member's own account: their library card (to show or print), their mobile number and SMS notices, download
 * everything the library holds about them, or delete the account.
 */
export default function MyAccountPage() {
  const { formatMessage: t } = useI18n();
  useDocumentTitle(t({ id: 'userMenu.myAccount' }));
  const { user, logOut } = useAuth();
  const navigate = useNavigate();
  const [deleteMyAccount, { loading: deleting }] = useMutation(DELETE_MY_ACCOUNT_MUTATION);
  const [downloading, setDownloading] = useState(false);
  const [exportError, setExportError] = useState('');
  const [deleteError, setDeleteError] = useState('');
  const [blockers, setBlockers] = useState<Blockers | null>(null);
  const [checking, setChecking] = useState(false);
  const client = useApolloClient();

  const onDownload = async () => {
    setExportError('');
    setDownloading(true);
    try {
      await downloadMyData();
    } catch {
      setExportError(exportFailed());
    } finally {
      setDownloading(false);
    }
  };

  const onDelete = async () => {
    setDeleteError('');
    setBlockers(null);
    // What stands in the way is said first, each by name: the confirmation only when the account can go.
    setChecking(true);
    try {
      const { data } = await client.query({ query: ACCOUNT_DELETION_CHECK, fetchPolicy: 'network-only' });
      if (!data) throw new Error('No answer');
      if (!data.accountDeletionCheck.allowed) {
        setBlockers(data.accountDeletionCheck);
        return;
      }
    } catch {
      setDeleteError(deleteFailed());
      return;
    } finally {
      setChecking(false);
    }
    const confirmed = await confirmAction({
      title: t({ id: 'account.deleteConfirmTitle' }),
      text: t({ id: 'account.deleteConfirmText' }),
      confirmText: t({ id: 'account.deleteConfirmButton' }),
      cancelText: t({ id: 'common.cancel' }),
      icon: 'warning',
    });
    if (!confirmed) return;
    try {
      await deleteMyAccount();
    } catch (error) {
      setDeleteError(refusalOf(error) ?? deleteFailed());
      return;
    }
    // Leave the guarded page before the session goes, or the guard would send the visitor to /login.
    await navigate('/', { flushSync: true });
    await logOut();
    void showSuccess(t({ id: 'account.deleted' }), t({ id: 'account.deletedText' }), { timer: 2000 });
  };

  return (
    <div className="page-container max-w-3xl py-10">
      <h1 className="mb-2 text-3xl font-bold text-slate-900">{t({ id: 'userMenu.myAccount' })}</h1>
      {user && (
        <p className="mb-8 text-slate-600">
          {t(
            { id: 'account.signedInAs' },
            { name: user.displayName?.trim() || t({ id: 'userMenu.fallbackName' }), email: user.email ?? '' },
          )}
        </p>
      )}

      <LibraryCard />

      <p className="mb-8">
        <Link to="/suggest" className="font-medium text-indigo-700 underline">
          {t({ id: 'suggest.link' })}
        </Link>
      </p>

      <PhoneAndSms />

      <section aria-labelledby="history-heading" className="mb-8 rounded-xl bg-white p-6 shadow ring-1 ring-slate-200">
        <h2 id="history-heading" className="mb-2 text-xl font-semibold text-slate-900">
          {t({ id: 'account.history' })}
        </h2>
        <p className="mb-4 text-slate-600">{t({ id: 'account.historyText' })}</p>
        <Link to="/my-account/reading-history" className="btn-primary">
          {t({ id: 'history.title' })}
        </Link>
      </section>

      <section aria-labelledby="my-data-heading" className="mb-8 rounded-xl bg-white p-6 shadow ring-1 ring-slate-200">
        <h2 id="my-data-heading" className="mb-2 text-xl font-semibold text-slate-900">
          {t({ id: 'account.yourData' })}
        </h2>
        <p className="mb-4 text-slate-600">{t({ id: 'account.yourDataText' })}</p>
        <button type="button" className="btn-primary" disabled={downloading} onClick={() => void onDownload()}>
          {t({ id: downloading ? 'account.preparing' : 'account.download' })}
        </button>
        {exportError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {exportError}
          </p>
        )}
      </section>

      <section aria-labelledby="delete-heading" className="rounded-xl bg-white p-6 shadow ring-1 ring-red-200">
        <h2 id="delete-heading" className="mb-2 text-xl font-semibold text-slate-900">
          {t({ id: 'account.delete' })}
        </h2>
        <p className="mb-4 text-slate-600">{t({ id: 'account.deleteText' })}</p>
        <button type="button" className="btn-danger" disabled={deleting || checking} onClick={() => void onDelete()}>
          {t({ id: deleting ? 'account.deleting' : checking ? 'account.checking' : 'account.delete' })}
        </button>
        {blockers && <DeletionBlockers blockers={blockers} />}
        {deleteError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {deleteError}
          </p>
        )}
      </section>
    </div>
  );
}
