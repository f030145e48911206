// The language the SPA speaks, and the way to change it: loads the chosen catalogue, remembers the choice in
// this browser, then re-renders everything under the IntlProvider in the new language.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { RawIntlProvider, type IntlShape } from 'react-intl';
import { useApolloClient } from '@apollo/client/react';
import { intl, language, loadCatalogue, onCatalogue } from './i18n.ts';
import { saveLocale, type Locale } from './locale.ts';

export interface LanguageValue {
  locale: Locale;
  /** Switches to a language (after its catalogue loads) and remembers it here. */
  choose: (locale: Locale) => Promise<void>;
}

export const LanguageContext = createContext<LanguageValue>({ locale: 'en', choose: () => Promise.resolve() });

export const useLanguage = (): LanguageValue => useContext(LanguageContext);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ intl: IntlShape; locale: Locale }>(() => ({
    intl: intl(),
    locale: language(),
  }));
  // Words added to the catalogue in use (the desk's, as its pages load) show at once.
  useEffect(() => {
    const stop = onCatalogue((next) => setState((s) => ({ ...s, intl: next })));
    // One made the one in use between the first render and this subscription.
    setState((s) => (s.intl === intl() ? s : { ...s, intl: intl() }));
    return stop;
  }, []);
  const client = useApolloClient();
  const choose = useCallback(
    async (locale: Locale) => {
      saveLocale(locale);
      const next = await loadCatalogue(locale);
      setState({ intl: next, locale });
      // What the gateway wrote in words (notices) was written in the old language: ask again in the new one.
      void client.resetStore().catch(() => undefined);
    },
    [client],
  );
  const value = useMemo(() => ({ locale: state.locale, choose }), [state.locale, choose]);
  return (
    <RawIntlProvider value={state.intl}>
      <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>
    </RawIntlProvider>
  );
}
