import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CombinedGraphQLErrors, gql } from '@apollo/client';
import { createApolloClient, createCache } from './apollo.ts';
import { getToken, removeToken, setToken } from './token-storage.ts';
import { NetworkFailure, offlineWrites } from './network-errors.ts';

const Me = gql`
  query Me {
    me {
      id
    }
  }
`;

function respond(status: number, body: unknown) {
  return vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('createApolloClient', () => {
  const realFetch = globalThis.fetch;
  beforeEach(() => setToken('session-1'));
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('sends the stored token as a bearer header', async () => {
    const fetchMock = respond(200, { data: { me: null } });
    globalThis.fetch = fetchMock;
    await createApolloClient({ uri: 'http://gateway.test/graphql' }).query({ query: Me });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer session-1');
  });

  it.each([
    ['HTTP 401', 401, { errors: [{ message: 'no' }] }],
    ['HTTP 403', 403, { errors: [{ message: 'no' }] }],
    [
      'UNAUTHENTICATED',
      200,
      { data: null, errors: [{ message: 'Sign in first', extensions: { code: 'UNAUTHENTICATED' } }] },
    ],
  ])('removes the token and goes to /login on %s', async (_name, status, body) => {
    globalThis.fetch = respond(status, body);
    const onSessionExpired = vi.fn();
    await expect(
      createApolloClient({ uri: 'http://gateway.test/graphql', onSessionExpired }).query({ query: Me }),
    ).rejects.toThrow();
    expect(getToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['NOT_FOUND', 'Book not found'],
    ['FORBIDDEN', 'Only library staff can do this'],
  ])('leaves the session alone for %s and passes the error on', async (code, message) => {
    globalThis.fetch = respond(200, { data: null, errors: [{ message, extensions: { code } }] });
    const onSessionExpired = vi.fn();
    await expect(
      createApolloClient({ uri: 'http://gateway.test/graphql', onSessionExpired }).query({ query: Me }),
    ).rejects.toThrow(message);
    expect(getToken()).toBe('session-1');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('sends queries without a session as GET with the CSRF header, and signed-in queries and mutations as POST', async () => {
    const fetchMock = respond(200, { data: { me: null, returnBook: null } });
    globalThis.fetch = fetchMock;
    const client = createApolloClient({ uri: 'http://gateway.test/graphql' });
    await client.query({ query: Me });
    removeToken();
    await client.query({ query: Me, fetchPolicy: 'network-only' });
    await client.mutate({
      mutation: gql`
        mutation Return {
          returnBook(borrowId: "x") {
            id
          }
        }
      `,
    });
    const sent = fetchMock.mock.calls.map(([url, init]) => ({
      method: init?.method,
      url: String(url),
      preflight: new Headers(init?.headers).get('apollo-require-preflight'),
    }));
    expect(sent.map((s) => s.method)).toEqual(['POST', 'GET', 'POST']);
    expect(sent[1]!.url).toMatch(/^http:\/\/gateway\.test\/graphql\?query=query%20Me/);
    expect(sent[1]!.preflight).toBe('true');
  });
});

describe('requests that get no answer', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it.each([
    ['Chromium offline', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['Firefox offline', () => Promise.reject(new TypeError('NetworkError when attempting to fetch resource.'))],
    [
      'no healthy gateway behind the proxy',
      () => Promise.resolve(new Response('Service Unavailable', { status: 503 })),
    ],
  ])("fail with the sentence a member can act on (%s), not the browser's own", async (_name, answer) => {
    globalThis.fetch = vi.fn(answer);
    const onSessionExpired = vi.fn();
    const failure = await createApolloClient({ uri: 'http://gateway.test/graphql', onSessionExpired })
      .query({ query: Me })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(NetworkFailure);
    expect((failure as Error).message).toBe('We could not reach the library. Check your connection and try again.');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('a write with an idempotency key whose answer was lost', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const Borrow = gql`
    mutation KeyedBorrow($idempotencyKey: String) {
      borrow(input: { bookId: "b1", returnDate: "2026-03-31" }, idempotencyKey: $idempotencyKey) {
        currentQuantity
      }
    }
  `;
  const BorrowWithoutKey = gql`
    mutation UnkeyedBorrow {
      borrow(input: { bookId: "b1", returnDate: "2026-03-31" }) {
        currentQuantity
      }
    }
  `;
  const sentKeys = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)).variables.idempotencyKey);

  it('is sent once more with the same key, and the answer to that is the answer', async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ data: { borrow: { currentQuantity: 2 } } }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    globalThis.fetch = fetchMock;
    const client = createApolloClient({ uri: 'http://gateway.test/graphql' });
    const answer = await client.mutate({ mutation: Borrow, variables: { idempotencyKey: 'k-1' } });
    expect(answer.data).toEqual({ borrow: { currentQuantity: 2 } });
    expect(sentKeys(fetchMock)).toEqual(['k-1', 'k-1']);
  });

  it('fails with NetworkFailure after the second try, and a write without a key is sent only once', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    globalThis.fetch = fetchMock;
    const client = createApolloClient({ uri: 'http://gateway.test/graphql' });
    const keyed = await client.mutate({ mutation: Borrow, variables: { idempotencyKey: 'k-2' } }).catch((e) => e);
    expect(keyed).toBeInstanceOf(NetworkFailure);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockClear();
    const unkeyed = await client.mutate({ mutation: BorrowWithoutKey }).catch((e) => e);
    expect(unkeyed).toBeInstanceOf(NetworkFailure);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gets a key of its own when its caller chose none, the same on the retry', async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ data: { borrow: { currentQuantity: 2 } } }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    globalThis.fetch = fetchMock;
    const client = createApolloClient({ uri: 'http://gateway.test/graphql' });
    await client.mutate({ mutation: Borrow });
    await client.mutate({ mutation: Borrow });
    const [first, retry, next] = sentKeys(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first);
  });

  it("is not sent again after the gateway's refusal", async () => {
    const fetchMock = respond(200, { data: null, errors: [{ message: 'No', extensions: { code: 'OUT_OF_STOCK' } }] });
    globalThis.fetch = fetchMock;
    const client = createApolloClient({ uri: 'http://gateway.test/graphql' });
    await expect(client.mutate({ mutation: Borrow, variables: { idempotencyKey: 'k-3' } })).rejects.toThrow('No');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('while the browser is offline', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    vi.restoreAllMocks();
  });

  it('refuses a change before sending it, with the reason, and still asks for reads', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = respond(200, { data: { me: null } });
    globalThis.fetch = fetchMock;
    const client = createApolloClient({ uri: 'http://gateway.test/graphql' });
    const Return = gql`
      mutation ReturnWhileOffline {
        returnBook(borrowId: "l1") {
          id
        }
      }
    `;
    const refusal = await client.mutate({ mutation: Return }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(CombinedGraphQLErrors.is(refusal)).toBe(true);
    expect((refusal as CombinedGraphQLErrors).errors[0]).toMatchObject({
      message: offlineWrites(),
      extensions: { code: 'OFFLINE' },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    // A read goes out: the service worker answers it from what was loaded before, if it can.
    await client.query({ query: Me });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('createCache', () => {
  it('keeps one policy object that queries asking for different parts of it share', () => {
    const cache = createCache();
    const editors = gql`
      query Editors {
        policy {
          catalogueEditors
        }
      }
    `;
    const fees = gql`
      query Fees {
        policy {
          lostProcessingFee
        }
      }
    `;
    cache.writeQuery({ query: editors, data: { policy: { __typename: 'Policy', catalogueEditors: 'STAFF' } } });
    cache.writeQuery({ query: fees, data: { policy: { __typename: 'Policy', lostProcessingFee: 100 } } });
    expect(cache.readQuery({ query: editors })).toEqual({
      policy: { __typename: 'Policy', catalogueEditors: 'STAFF' },
    });
    expect(cache.readQuery({ query: fees })).toEqual({ policy: { __typename: 'Policy', lostProcessingFee: 100 } });
  });
});
