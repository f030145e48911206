// The member's language: chosen in the SPA, kept on their account, followed by their e-mails and, with the
// request's Accept-Language as the fallback, by every sentence the gateway answers them with.
import type { Locale, Store, UserRecord } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import { isStaff } from './circulation.ts';
import { isLocale, localeFromHeader } from './i18n/index.ts';

export interface Language {
  /** The caller chooses their language; refuses one the library does not speak. */
  set(session: Session, locale: unknown): Promise<UserRecord>;
  /** A member's chosen language, to the member and staff; null until chosen. */
  of(session: Session, user: UserRecord): Locale | null;
  /**
   * The language to answer a request in: the signed-in member's choice, else the request's Accept-Language.
   * `account` reads the member's record, when the request reads it for something else too.
   */
  forRequest(
    session: Session | null,
    acceptLanguage: string | undefined,
    account?: () => Promise<UserRecord | null>,
  ): Promise<Locale>;
}

export function createLanguage(store: Store): Language {
  return {
    async set(session, locale) {
      if (!isLocale(locale)) throw badInput('locale', 'localeUnknown');
      const user = await store.users.setLocale(session.uid, locale);
      if (!user) throw new LibraryError('NOT_FOUND', 'noAccountForSession');
      return user;
    },
    of(session, user) {
      if (user.uid !== session.uid && !isStaff(session)) throw new LibraryError('FORBIDDEN', 'localeOwn');
      return user.locale;
    },
    async forRequest(session, acceptLanguage, account) {
      const user = session ? await (account ? account() : store.users.getByUid(session.uid)) : null;
      const chosen = user?.locale ?? null;
      return chosen ?? localeFromHeader(acceptLanguage);
    },
  };
}
