import { useEffect } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useAuth } from '../lib/auth.tsx';
import { useI18n } from '../lib/i18n.ts';
import { useLanguage } from '../lib/language.tsx';
import { LOCALE_NAMES, savedLocale, type Locale } from '../lib/locale.ts';

/** Keeps a signed-in member's language on their account, so that their e-mails follow it (loaded on use). */
const saveOnAccount = (client: ApolloClient, locale: Locale): Promise<void> =>
  import('./save-locale.ts').then((module) => module.saveLocaleOnAccount(client, locale)).catch(() => undefined);

/**
 * The language switch: one button naming the other language in itself ("বাংলা" / "English"). The choice is kept
 * in this browser and, signed in, on the account. `accountLocale` (the header's, once known): a browser with no
 * choice of its own takes the account's; an account with none takes this browser's.
 */
export function LanguageSwitch({ accountLocale }: { accountLocale?: Locale | null }) {
  const { locale, choose } = useLanguage();
  const { signedIn } = useAuth();
  const { formatMessage: t } = useI18n();
  const client = useApolloClient();
  const other: Locale = locale === 'bn' ? 'en' : 'bn';

  useEffect(() => {
    if (!signedIn || accountLocale === undefined) return;
    if (accountLocale === null) void saveOnAccount(client, locale);
    else if (accountLocale !== locale && savedLocale() === null) void choose(accountLocale);
  }, [signedIn, accountLocale, locale, choose, client]);

  // The account first: the gateway answers a member in their account's language, so what the app asks again
  // in the new language (notices) must find it there.
  const onSwitch = async () => {
    if (signedIn) await saveOnAccount(client, other);
    await choose(other);
  };
  return (
    <button
      type="button"
      lang={other}
      title={t({ id: 'header.languageSwitch' })}
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
      onClick={() => void onSwitch()}
    >
      {LOCALE_NAMES[other]}
    </button>
  );
}
