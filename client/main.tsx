import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { storedSession } from './lib/auth.tsx';
import { someoneSignedInHere } from './lib/token-storage.ts';
import { keepConfigForOffline } from './lib/offline-warmup.ts';
import { intl, loadCatalogue } from './lib/i18n.ts';
import { initialLocale } from './lib/locale.ts';
import './styles.css';

// Without a stored session, on a device someone has signed in on, sign-in gates the first screen (Loading...
// until Firebase reports the user), so its chunk and /config.json start downloading now, alongside React's first
// render, instead of after it. With a session the first screen does not wait for Firebase (lib/auth.tsx), which
// loads after it; on a device nobody has signed in on, it loads when a sign-in needs it.
if (!storedSession() && someoneSignedInHere())
  void import('./lib/firebase.ts').then((firebase) => firebase.getFirebaseAuth()).catch(() => undefined);

keepConfigForOffline();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The language's catalogue (a small chunk of its own) loads alongside Firebase, which gates the first screen
// anyway; English stands in if it cannot load (offline before the first visit cached it).
const catalogue = loadCatalogue(initialLocale())
  .catch(() => loadCatalogue('en'))
  .catch(() => intl());
void catalogue.then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders />
    </StrictMode>,
  ),
);
