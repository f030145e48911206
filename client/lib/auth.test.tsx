import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockedResponse } from '@apollo/client/testing';
import { describe, expect, it, vi } from 'vitest';
import type { AuthBackend, BackendUser } from './auth-backend.ts';
import { AuthProvider, IssueTokenMutation as IssueToken, useAuth } from './auth.tsx';
import { getToken, someoneSignedInHere, removeToken, setToken, TOKEN_KEY } from './token-storage.ts';
import { keepPagesForOffline, OFFLINE_CACHE_KEY } from './offline-cache.ts';

function makeUser(overrides: Partial<BackendUser> = {}): BackendUser {
  return {
    uid: 'u1',
    email: 'ada@example.com',
    displayName: null,
    photoURL: null,
    getIdToken: () => Promise.resolve('id-token'),
    ...overrides,
  };
}

/** An in-memory identity provider with the same listener semantics as Firebase. */
function fakeBackend(initial: BackendUser | null = null) {
  let current = initial;
  const listeners = new Set<(u: BackendUser | null) => void>();
  const emit = (u: BackendUser | null) => {
    current = u;
    listeners.forEach((l) => l(u));
  };
  const backend: AuthBackend = {
    onChange: (listener) => {
      listeners.add(listener);
      queueMicrotask(() => listener(current));
      return () => listeners.delete(listener);
    },
    signIn: vi.fn(async () => {
      const u = makeUser({ displayName: 'Ada' });
      emit(u);
      return u;
    }),
    signUp: vi.fn(async (email: string) => {
      const u = makeUser({ email });
      emit(u);
      return u;
    }),
    updateProfile: vi.fn(async (u: BackendUser, profile: { displayName: string; photoURL: string }) => {
      // Firebase updates the user object in place.
      Object.assign(u, profile);
      current = u;
    }),
    reload: vi.fn(async () => current ?? makeUser()),
    signInWithGoogle: vi.fn(() => Promise.reject(new Error('popup closed'))),
    signInWithGitHub: vi.fn(() => Promise.reject(new Error('popup closed'))),
    sendPasswordReset: vi.fn(async () => {}),
    signOut: vi.fn(async () => emit(null)),
  };
  return backend;
}

const tokenMock = (displayName: string | null, photoURL: string | null, token: string): MockedResponse => ({
  request: { query: IssueToken, variables: { input: { idToken: 'id-token', uid: 'u1', displayName, photoURL } } },
  result: { data: { issueToken: { __typename: 'AuthPayload', token } } },
});

/** A session token as the gateway issues it (the signature is not checked in the browser). */
const sessionFor = (uid: string, secondsLeft: number, name = 'Stored Name') =>
  `h.${btoa(JSON.stringify({ sub: uid, name, exp: Math.floor(Date.now() / 1000) + secondsLeft })).replace(/=+$/, '')}.s`;

/** An identity provider that has not answered yet (Firebase still loading), until `answer` is called. */
function pendingBackend() {
  const backend = fakeBackend();
  let listener: ((u: BackendUser | null) => void) | undefined;
  backend.onChange = (next) => {
    listener = next;
    return () => undefined;
  };
  const answer = async (user: BackendUser | null) => {
    // The provider starts listening once the backend's promise has settled.
    await waitFor(() => expect(listener).toBeDefined());
    act(() => listener!(user));
  };
  return { backend, answer };
}

let auth: ReturnType<typeof useAuth>;
function Probe() {
  auth = useAuth();
  return (
    <p>
      {auth.loading
        ? 'loading'
        : auth.signedIn
          ? `in:${auth.user?.displayName ?? ''}`
          : auth.user
            ? 'user-no-token'
            : 'out'}
    </p>
  );
}

/** `signedInHere`: someone has signed in on this device before (the provider may keep a user). */
function renderAuth(backend: AuthBackend, mocks: MockedResponse[], signedInHere = true) {
  const loadBackend = vi.fn(() => Promise.resolve(backend));
  render(
    <MockedProvider mocks={mocks}>
      <AuthProvider loadBackend={loadBackend} someoneSignedIn={() => signedInHere} registrationDelayMs={10}>
        <Probe />
      </AuthProvider>
    </MockedProvider>,
  );
  return loadBackend;
}

/**
 * A gateway whose answers the test releases: each token exchange waits in `exchanges` (answered with `token`)
 * and each sign-out is recorded with the token it was sent with. The cache is kept for offline as the app's is.
 */
function heldGateway(token: string) {
  const exchanges: (() => void)[] = [];
  const signOuts: (string | undefined)[] = [];
  const cache = new InMemoryCache();
  const gateway = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const answer = (data: Record<string, unknown>) => {
          observer.next({ data });
          observer.complete();
        };
        if (operation.operationName === 'SignOut') {
          signOuts.push((operation.getContext()['headers'] as Record<string, string> | undefined)?.['authorization']);
          answer({ signOut: true });
        } else exchanges.push(() => answer({ issueToken: { __typename: 'AuthPayload', token } }));
      }),
  );
  const client = new ApolloClient({ cache, link: ApolloLink.from([keepPagesForOffline(cache), gateway]) });
  const answerExchanges = () => exchanges.splice(0).forEach((answer) => answer());
  return { client, exchanges, signOuts, answerExchanges };
}

/** An identity provider that reports when the test says so, and signs out only when the test lets it. */
function heldProvider() {
  let listener: ((u: BackendUser | null) => void) | undefined;
  let finishSignOut = () => {};
  const backend = fakeBackend();
  backend.onChange = (next) => {
    listener = next;
    return () => undefined;
  };
  backend.signOut = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finishSignOut = () => {
          listener?.(null);
          resolve();
        };
      }),
  );
  return {
    backend,
    report: async (user: BackendUser | null) => {
      await waitFor(() => expect(listener).toBeDefined());
      act(() => listener!(user));
    },
    finishSignOut: () => finishSignOut(),
  };
}

describe('AuthProvider', () => {
  it('is signed out at once on a device nobody has signed in on, and loads the provider only to sign in', async () => {
    const loadBackend = renderAuth(
      fakeBackend(),
      [tokenMock('Ada', null, 'session-1'), tokenMock('Ada', null, 'session-1')],
      false,
    );
    expect(screen.getByText('out')).toBeInTheDocument();
    expect(loadBackend).not.toHaveBeenCalled();
    await act(() => auth.signIn('ada@example.com', 'secret'));
    expect(loadBackend).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('in:Ada')).toBeInTheDocument();
    // The provider now keeps a user here: the next start waits for it.
    expect(someoneSignedInHere()).toBe(true);
    expect(localStorage.getItem('bookHavenSignedInHere')).toBe('1');
  });

  it('loads the provider when a sign-in form asks for it, and forgets the device at sign-out', async () => {
    const loadBackend = renderAuth(
      fakeBackend(),
      [tokenMock('Ada', null, 'session-1'), tokenMock('Ada', null, 'session-1')],
      false,
    );
    act(() => auth.prepareSignIn());
    await waitFor(() => expect(loadBackend).toHaveBeenCalledTimes(1));
    expect(screen.getByText('out')).toBeInTheDocument();
    await act(() => auth.signIn('ada@example.com', 'secret'));
    expect(await screen.findByText('in:Ada')).toBeInTheDocument();
    await act(() => auth.logOut());
    expect(await screen.findByText('out')).toBeInTheDocument();
    expect(someoneSignedInHere()).toBe(false);
    expect(loadBackend).toHaveBeenCalledTimes(1);
  });

  it('starts loading, then is signed out without a user', async () => {
    renderAuth(fakeBackend(), []);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('out')).toBeInTheDocument();
  });

  it('exchanges the ID token when the listener reports a user, and counts as signed in only with the token', async () => {
    renderAuth(fakeBackend(makeUser({ displayName: 'Ada' })), [tokenMock('Ada', null, 'session-1')]);
    expect(await screen.findByText('in:Ada')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('session-1');
    act(() => removeToken());
    expect(screen.getByText('user-no-token')).toBeInTheDocument();
    act(() => {
      setToken('x');
    });
    expect(screen.getByText('in:Ada')).toBeInTheDocument();
  });

  it('sends one token exchange for a sign-in, shared with the provider reporting the same user', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // One answer only: a second exchange would find none and be logged.
    const session = sessionFor('u1', 3600, 'Ada');
    const loadBackend = renderAuth(fakeBackend(), [tokenMock('Ada', null, session)], false);
    // The provider's listener is in place before the sign-in, so it reports the user while the sign-in exchanges.
    act(() => auth.prepareSignIn());
    await waitFor(() => expect(loadBackend).toHaveBeenCalledTimes(1));
    // eslint-disable-next-line testing-library/no-unnecessary-act -- lets the backend's pending promise settle first
    await act(async () => {});
    await act(() => auth.signIn('ada@example.com', 'secret'));
    expect(await screen.findByText('in:Ada')).toBeInTheDocument();
    expect(getToken()).toBe(session);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('only logs when the token cannot be stored', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAuth(fakeBackend(makeUser()), [
      { request: tokenMock(null, null, '').request, error: new Error('gateway down') },
    ]);
    expect(await screen.findByText('user-no-token')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Could not store the session token', expect.any(Error));
    expect(getToken()).toBeNull();
  });

  it('registers: creates the user, sets the profile, reloads and stores the token of the reloaded user', async () => {
    const backend = fakeBackend();
    renderAuth(backend, [
      tokenMock(null, null, 'from-listener'),
      tokenMock('Ada', 'https://x.io/a.png', 'after-profile'),
      tokenMock('Ada', 'https://x.io/a.png', 'after-reload'),
    ]);
    await screen.findByText('out');
    await act(() => auth.signUp('Ada', 'ada@example.com', 'Secret1', 'https://x.io/a.png'));
    expect(backend.updateProfile).toHaveBeenCalledWith(expect.objectContaining({ uid: 'u1' }), {
      displayName: 'Ada',
      photoURL: 'https://x.io/a.png',
    });
    expect(backend.reload).toHaveBeenCalled();
    expect(await screen.findByText('in:Ada')).toBeInTheDocument();
    expect(getToken()).toBe('after-reload');
  });

  it('passes social sign-in failures to the caller with loading cleared', async () => {
    renderAuth(fakeBackend(), []);
    await screen.findByText('out');
    await act(async () => {
      await expect(auth.signInWithGoogle()).rejects.toThrow('popup closed');
    });
    expect(auth.loading).toBe(false);
  });

  it('logs out by removing the token first, then signing out', async () => {
    const backend = fakeBackend(makeUser({ displayName: 'Ada' }));
    let tokenAtSignOut: string | null = 'unset';
    backend.signOut = vi.fn(async () => {
      tokenAtSignOut = getToken();
    });
    renderAuth(backend, [tokenMock('Ada', null, 'session-1')]);
    await screen.findByText('in:Ada');
    await act(() => auth.logOut());
    expect(tokenAtSignOut).toBeNull();
    expect(screen.getByText('out')).toBeInTheDocument();
  });

  it("shows a reload signed in at once while the stored session is this user's and good, and still renews it", async () => {
    setToken(sessionFor('u1', 3600));
    renderAuth(fakeBackend(makeUser({ displayName: 'Ada' })), [{ ...tokenMock('Ada', null, 'session-2'), delay: 300 }]);
    expect(await screen.findByText('in:Ada')).toBeInTheDocument();
    expect(getToken()).not.toBe('session-2');
    await waitFor(() => expect(getToken()).toBe('session-2'));
  });

  it('waits for a new session on a reload when the stored one is about to expire', async () => {
    setToken(sessionFor('u1', 30));
    renderAuth(fakeBackend(makeUser({ displayName: 'Ada' })), [{ ...tokenMock('Ada', null, 'fresh'), delay: 100 }]);
    expect(await screen.findByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('in:Ada')).toBeInTheDocument();
    expect(getToken()).toBe('fresh');
  });

  it('shows the stored session signed in before the identity provider has answered (decision 050)', async () => {
    setToken(sessionFor('u1', 3600, 'Ada Stored'));
    const { backend, answer } = pendingBackend();
    renderAuth(backend, [tokenMock('Ada', null, 'session-2')]);
    expect(screen.getByText('in:Ada Stored')).toBeInTheDocument();
    expect(auth.initializing).toBe(false);
    await answer(makeUser({ displayName: 'Ada' }));
    expect(await screen.findByText('in:Ada')).toBeInTheDocument();
    await waitFor(() => expect(getToken()).toBe('session-2'));
  });

  it('follows the identity provider when it then reports no user, or another one', async () => {
    setToken(sessionFor('u1', 3600, 'Ada Stored'));
    const signedOut = pendingBackend();
    renderAuth(signedOut.backend, []);
    expect(screen.getByText('in:Ada Stored')).toBeInTheDocument();
    await signedOut.answer(null);
    expect(await screen.findByText('out')).toBeInTheDocument();
    cleanup();

    setToken(sessionFor('u2', 3600, 'Someone Else'));
    const other = pendingBackend();
    renderAuth(other.backend, [{ ...tokenMock('Ada', null, 'fresh'), delay: 50 }]);
    expect(screen.getByText('in:Someone Else')).toBeInTheDocument();
    await other.answer(makeUser({ displayName: 'Ada' }));
    expect(await screen.findByText('in:Ada')).toBeInTheDocument();
    expect(getToken()).toBe('fresh');
  });

  describe('logging out leaves no session behind, whatever is in flight', () => {
    function renderHeld(backend: AuthBackend, client: ApolloClient) {
      render(
        <ApolloProvider client={client}>
          <AuthProvider loadBackend={() => Promise.resolve(backend)} someoneSignedIn={() => true}>
            <Probe />
          </AuthProvider>
        </ApolloProvider>,
      );
    }

    it('stores nothing when the provider reports the member while the sign-out is under way', async () => {
      // A reload with a stored session: the provider (loaded after the first screen) has not reported yet.
      const stored = sessionFor('u1', 3600, 'Ada');
      setToken(stored);
      localStorage.setItem(OFFLINE_CACHE_KEY, JSON.stringify({ uid: 'u1', data: { ROOT_QUERY: {} } }));
      const gateway = heldGateway(sessionFor('u1', 3600, 'Ada Again'));
      const provider = heldProvider();
      renderHeld(provider.backend, gateway.client);
      expect(screen.getByText('in:Ada')).toBeInTheDocument();

      let loggedOut: Promise<void> = Promise.resolve();
      act(() => {
        loggedOut = auth.logOut();
      });
      expect(getToken()).toBeNull();
      expect(localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
      // Firebase, loading late, still has the member and says so before its sign-out is through.
      await provider.report(makeUser({ displayName: 'Ada' }));
      await act(async () => gateway.answerExchanges());
      await act(async () => {
        provider.finishSignOut();
        await loggedOut;
      });
      await act(async () => gateway.answerExchanges());

      expect(getToken()).toBeNull();
      expect(localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
      expect(screen.getByText('out')).toBeInTheDocument();
      // The gateway was told to end the session, with the token that was stored.
      expect(gateway.signOuts).toEqual([`Bearer ${stored}`]);
    });

    it('stores nothing from an exchange that answers after another tab signed out', async () => {
      const gateway = heldGateway('from-the-exchange');
      const provider = heldProvider();
      renderHeld(provider.backend, gateway.client);
      await provider.report(makeUser({ displayName: 'Ada' }));
      await waitFor(() => expect(gateway.exchanges).toHaveLength(1));
      // The other tab removes the token it shares with this one.
      act(() => {
        localStorage.removeItem(TOKEN_KEY);
        window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, oldValue: 'theirs', newValue: null }));
      });
      await act(async () => gateway.answerExchanges());
      expect(getToken()).toBeNull();
    });
  });
});
