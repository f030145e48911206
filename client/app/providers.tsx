import { useState } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { RouterProvider } from 'react-router-dom';
import { createApolloClient } from '../lib/apollo.ts';
import { AuthProvider } from '../lib/auth.tsx';
import { LanguageProvider } from '../lib/language.tsx';
import { router } from './router.tsx';

export function AppProviders() {
  const [client] = useState(() => createApolloClient());
  return (
    <ApolloProvider client={client}>
      <LanguageProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </LanguageProvider>
    </ApolloProvider>
  );
}
