import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../lib/auth.tsx';
import { useI18n } from '../lib/i18n.ts';

export const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** `onChoose` runs when an entry is taken (My account, a confirmed Logout): the phone menu closes with it. */
export function UserMenu({ onChoose }: { onChoose?: () => void }) {
  const { user, logOut } = useAuth();
  const navigate = useNavigate();
  const { formatMessage: t } = useI18n();
  if (!user) return null;
  const name = user.displayName?.trim() || t({ id: 'userMenu.fallbackName' });

  const onLogout = async () => {
    // Loaded on first use, out of the initial bundle.
    const { confirmAction, showError, showSuccess } = await import('../components/ui/dialogs.ts');
    const confirmed = await confirmAction({
      title: t({ id: 'userMenu.confirmTitle' }),
      text: t({ id: 'userMenu.confirmText' }),
      confirmText: t({ id: 'userMenu.confirmButton' }),
      cancelText: t({ id: 'common.cancel' }),
      icon: 'warning',
    });
    if (!confirmed) return;
    onChoose?.();
    // Leave the page first: on a guarded page the guard would otherwise send the user to /login the moment
    // the token is gone.
    await navigate('/', { flushSync: true });
    try {
      await logOut();
      void showSuccess(t({ id: 'userMenu.loggedOut' }), t({ id: 'userMenu.loggedOutText' }), { timer: 1500 });
    } catch {
      await showError(t({ id: 'common.error' }), t({ id: 'userMenu.logoutFailed' }));
    }
  };

  return (
    <div className="flex items-center gap-3">
      {/* Focusable so keyboard users can reveal the name shown on hover; the avatar's alt text names them too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="group relative" tabIndex={0} aria-label={t({ id: 'userMenu.signedInAs' }, { name })}>
        <img
          src={user.photoURL || DEFAULT_AVATAR}
          alt={name}
          title={name}
          referrerPolicy="no-referrer"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
          }}
          className="h-10 w-10 rounded-full border-2 border-indigo-200 object-cover"
        />
        <span
          role="tooltip"
          className="pointer-events-none absolute top-12 right-0 z-20 whitespace-nowrap rounded-md bg-slate-900 px-3 py-1 text-sm text-white opacity-0 shadow transition group-hover:opacity-100 group-focus:opacity-100"
        >
          {name}
        </span>
      </div>
      <Link
        to="/my-account"
        onClick={onChoose}
        className="whitespace-nowrap text-sm font-medium text-slate-700 hover:text-indigo-700"
      >
        {t({ id: 'userMenu.myAccount' })}
      </Link>
      <button type="button" onClick={() => void onLogout()} className="btn-secondary px-4 py-2">
        {t({ id: 'userMenu.logout' })}
      </button>
    </div>
  );
}
