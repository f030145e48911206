// Defects found by probing the running gateway from outside, each pinned by a test: sign-in and write budgets
// shared across both APIs, schema hints with introspection off, stalled uploads, CORS preflights for every
// method, and images that a client on another origin can load.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';
import { RATE_LIMIT_MESSAGES } from '../../server/rate-limits.ts';
import { bookBody, borrowed, libraryDay, restReturn } from './factory.ts';

const ISSUE_TOKEN = 'mutation($input: IssueTokenInput!) { issueToken(input: $input) { token } }';
const FOREIGN_ORIGIN = 'https://client.example';

describe('sign-in budgets, across POST /api/jwt and issueToken', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ env: { SIGN_IN_FAILURES_PER_MINUTE: '4', SIGN_INS_PER_MINUTE: '30' } });
  });
  afterAll(() => gw.close());

  it('lets a member sign in on every page load of a long visit (the original client does, 21 times in 50 s)', async () => {
    const user = await gw.firebaseUser();
    const body = { idToken: user.idToken, uid: user.uid };
    for (let load = 0; load < 25; load++) {
      const answer =
        load % 2 ? await gw.gql(ISSUE_TOKEN, { input: body }) : await gw.request('POST', '/api/jwt', { body });
      expect(answer.status, `page load ${load + 1}`).toBe(200);
    }
  });

  it('counts successes per member: one member over the budget is refused, another goes on', async () => {
    const [busy, calm] = [await gw.firebaseUser(), await gw.firebaseUser()];
    const signIn = (user: { idToken: string }) => gw.request('POST', '/api/jwt', { body: { idToken: user.idToken } });
    for (let i = 0; i < 30; i++) expect((await signIn(busy)).status).toBe(200);
    expect(await signIn(busy)).toMatchObject({ status: 429, body: { message: RATE_LIMIT_MESSAGES.signIns } });
    expect((await signIn(calm)).status).toBe(200);
  });

  it('counts failures tightly per address, over both APIs, and then refuses even before verifying', async () => {
    const limited = await startTestGateway({ env: { SIGN_IN_FAILURES_PER_MINUTE: '4' } });
    try {
      const good = await limited.firebaseUser();
      // A good sign-in is not a failure and spends nothing of the failure budget.
      expect((await limited.request('POST', '/api/jwt', { body: { idToken: good.idToken } })).status).toBe(200);
      const failures = [
        await limited.request('POST', '/api/jwt', { body: { idToken: 'not-a-token' } }),
        await limited.gql(ISSUE_TOKEN, { input: { idToken: 'not-a-token' } }),
        await limited.request('POST', '/api/jwt', { body: { idToken: good.idToken, uid: 'someone-else' } }),
        await limited.gql(ISSUE_TOKEN, { input: { idToken: 'still-not-a-token' } }),
      ];
      expect(failures.map((a) => a.status)).toEqual([401, 200, 403, 200]);
      expect(failures.map((a) => a.body.errors?.[0]?.extensions?.code ?? null)).toEqual([
        null,
        'UNAUTHENTICATED',
        null,
        'UNAUTHENTICATED',
      ]);
      expect(await limited.request('POST', '/api/jwt', { body: { idToken: good.idToken } })).toMatchObject({
        status: 429,
        body: { message: RATE_LIMIT_MESSAGES.failedSignIns },
      });
      const viaGraphQL = await limited.gql(ISSUE_TOKEN, { input: { idToken: good.idToken } });
      expect(viaGraphQL.body.errors?.[0]).toMatchObject({
        message: RATE_LIMIT_MESSAGES.failedSignIns,
        extensions: { code: 'RATE_LIMITED' },
      });
    } finally {
      await limited.close();
    }
  });

  it('does not spend the write budget on sign-ins', async () => {
    const limited = await startTestGateway({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const m = await limited.member();
      for (let i = 0; i < 3; i++)
        expect((await limited.gql(ISSUE_TOKEN, { input: { idToken: m.idToken } })).body.errors).toBeUndefined();
      const add = () => limited.request('POST', '/api/books', { token: m.token, body: bookBody() });
      expect([(await add()).status, (await add()).status, (await add()).status]).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('field suggestions', () => {
  it.each([
    ['introspection off', { GRAPHQL_INTROSPECTION: 'false' }, false],
    ['production', { NODE_ENV: 'production' }, false],
    ['introspection on, development', {}, true],
  ])('with %s: suggestions %s', async (_name, env, suggests) => {
    const gw = await startTestGateway({ env });
    try {
      const answer = await gw.gql('{ user { id } }');
      expect(answer.status).toBe(400);
      const message = answer.body.errors?.[0]?.message ?? '';
      expect(message).toMatch(/Cannot query field/);
      expect(/Did you mean/.test(message), message).toBe(suggests);
      expect(JSON.stringify(answer.body).includes('users')).toBe(suggests);
    } finally {
      await gw.close();
    }
  });
});

describe('slow and stalled clients', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ env: { IDLE_TIMEOUT_MS: '300' } });
  });
  afterAll(() => gw.close());

  /** Opens a raw connection, writes `head`, and resolves with how long the gateway kept it open. */
  function heldOpen(head: string): Promise<{ ms: number; answer: string }> {
    const { port } = new URL(gw.url);
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let answer = '';
      const socket: Socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ ms: performance.now() - started, answer }));
      // The test's own bound: far beyond the gateway's, so a gateway that holds on fails here.
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`connection still open after 10 s; got ${JSON.stringify(answer)}`));
      }, 10_000).unref();
    });
  }

  it('closes a connection whose body stops arriving', async () => {
    const body = JSON.stringify(bookBody());
    const { ms, answer } = await heldOpen(
      `POST /api/books HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(answer).not.toMatch(/^HTTP\/1\.1 2/);
  });

  it('closes a connection that never finishes its headers', async () => {
    const { ms } = await heldOpen('GET /api/books HTTP/1.1\r\nHost: x\r\n');
    expect(ms).toBeGreaterThanOrEqual(250);
  });

  it('closes a connection whose headers trickle in past HEADERS_TIMEOUT_MS, though bytes keep arriving', async () => {
    const trickling = await startTestGateway({ env: { HEADERS_TIMEOUT_MS: '300', IDLE_TIMEOUT_MS: '30000' } });
    try {
      const { port } = new URL(trickling.url);
      const closed = await new Promise<{ ms: number; answer: string }>((resolve, reject) => {
        const started = performance.now();
        let answer = '';
        const socket: Socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /api/books HTTP/1.1\r\n'));
        // A header line every 50 ms: the connection is never idle, it just never finishes.
        const drip = setInterval(() => socket.write(`X-Drip-${Math.round(performance.now())}: 1\r\n`), 50);
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (answer += chunk));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(drip);
          resolve({ ms: performance.now() - started, answer });
        });
        setTimeout(() => {
          clearInterval(drip);
          socket.destroy();
          reject(new Error('connection still open after 10 s'));
        }, 10_000).unref();
      });
      expect(closed.ms).toBeGreaterThanOrEqual(250);
      expect(closed.answer).not.toMatch(/^HTTP\/1\.1 2/);
    } finally {
      await trickling.close();
    }
  });

  it('keeps serving everyone else', async () => {
    expect((await gw.request('GET', '/healthz')).status).toBe(200);
  });
});

describe('clients on another origin', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ env: { CORS_ORIGINS: FOREIGN_ORIGIN } });
  });
  afterAll(() => gw.close());

  it.each(['PUT', 'POST', 'GET'])('a preflight for %s is allowed, with the headers the API needs', async (method) => {
    const answer = await fetch(`${gw.url}/api/books/0123456789abcdef01234567`, {
      method: 'OPTIONS',
      headers: {
        origin: FOREIGN_ORIGIN,
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(FOREIGN_ORIGIN);
    expect(
      answer.headers
        .get('access-control-allow-methods')
        ?.split(',')
        .map((m) => m.trim()),
    ).toContain(method);
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('answers absolute image URLs that load from another origin (books, categories, loans)', async () => {
    const m = await gw.member();
    const bookId = await gw.addBook({ image: '/assets/library/covers/dracula.svg' });
    await gw.store.categories.seed([
      { name: 'Thriller', image: '/assets/library/categories/thriller.svg', description: 'Suspense.' },
    ]);
    const loanId = await borrowed(gw, m, bookId);
    const cover = `${gw.url}/assets/library/covers/dracula.svg`;
    expect((await gw.request('GET', `/api/books/${bookId}`)).body.image).toBe(cover);
    expect((await gw.gql('query($id: ID!) { book(id: $id) { image } }', { id: bookId })).body.data).toEqual({
      book: { image: cover },
    });
    expect((await gw.request('GET', '/api/categories')).body[0].image).toBe(
      `${gw.url}/assets/library/categories/thriller.svg`,
    );
    const loans = await gw.request('GET', `/api/borrowed-books/${m.uid}`, { token: m.token });
    expect(loans.body[0]).toMatchObject({ _id: loanId, bookImage: cover, returnedAt: null, returnedDate: null });
    // An image somewhere else stays as it was entered.
    const elsewhere = await gw.addBook({ image: 'https://example.com/cover.jpg' });
    expect((await gw.request('GET', `/api/books/${elsewhere}`)).body.image).toBe('https://example.com/cover.jpg');
    expect((await restReturn(gw, m, loanId, bookId)).status).toBe(200);
    const returned = (await gw.request('GET', `/api/borrowed-books/${m.uid}`, { token: m.token })).body[0];
    expect(returned.returnedDate).toBe(returned.returnedAt);
    expect(returned.returnDate).toBe(`${libraryDay(14)}T00:00:00.000Z`);
  });

  it('serves covers and category images with Cross-Origin-Resource-Policy: cross-origin, and API answers same-origin', async () => {
    for (const image of ['/assets/library/covers/dracula.svg', '/assets/library/categories/thriller.svg']) {
      const answer = await fetch(gw.url + image, { headers: { origin: FOREIGN_ORIGIN } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }
    const api = await fetch(`${gw.url}/api/categories`);
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('uses PUBLIC_URL for image URLs when it is set', async () => {
    const behindProxy = await startTestGateway({ env: { PUBLIC_URL: 'https://library.example.org/' } });
    try {
      const bookId = await behindProxy.addBook({ image: '/assets/library/covers/dracula.svg' });
      expect((await behindProxy.request('GET', `/api/books/${bookId}`)).body.image).toBe(
        'https://library.example.org/assets/library/covers/dracula.svg',
      );
    } finally {
      await behindProxy.close();
    }
  });
});
