import type { ApolloClient } from '@apollo/client';
import { graphql } from '../gql/index.ts';
import type { Locale } from '../lib/locale.ts';

const SET_LOCALE = graphql(`
  mutation SetLocale($locale: Locale!) {
    setLocale(locale: $locale) {
      id
      locale
    }
  }
`);

/** Records the member's language on their account (their e-mails follow it); a failure only costs that. */
export async function saveLocaleOnAccount(client: ApolloClient, locale: Locale): Promise<void> {
  await client.mutate({ mutation: SET_LOCALE, variables: { locale } });
}
