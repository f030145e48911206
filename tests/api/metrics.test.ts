// GET /metrics: Prometheus text for whoever holds METRICS_TOKEN, labelled by route template, never cached and
// never counted against the rate limits; off (404) without a token.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';
import { bookBody, borrowed, MISSING_ID, restReturn } from './factory.ts';

const TOKEN = randomBytes(32).toString('hex');

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition format, strictly: every line is a comment or `name{labels} value`, or the test fails. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][\w:]* /.test(line)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key = '', value = ''] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)",?/g))
      labels[key] = value;
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with that name whose labels include `labels`; 0 when there is none yet. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

const requests = (route: string, status: number, method = 'GET') => ({
  method,
  route,
  status_code: String(status),
});

describe('/metrics', () => {
  let gw: TestGateway;
  const scrape = async () => {
    const answer = await gw.request<string>('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    return parse(answer.body);
  };
  beforeAll(async () => {
    gw = await startTestGateway({ env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(() => gw.close());

  it('answers only a request bearing the token, and is never cached', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const refused = await gw.request('GET', '/metrics', { headers: authorization ? { authorization } : {} });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(refused.body).toEqual({ message: 'Unauthorized access' });
    }
    const answer = await gw.request('GET', '/metrics', {
      headers: { authorization: `Bearer ${TOKEN}`, 'if-none-match': '*' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('etag')).toBeNull();
  });

  it('takes the Bearer scheme in any case (RFC 7235), and the token only exactly', async () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const answer = await gw.request('GET', '/metrics', { headers: { authorization: `${scheme} ${TOKEN}` } });
      expect(answer.status, scheme).toBe(200);
    }
    for (const authorization of [
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.toUpperCase()}`,
      `Bearer${TOKEN}`,
      `bearer ${TOKEN} x`,
    ]) {
      const refused = await gw.request('GET', '/metrics', { headers: { authorization } });
      expect(refused.status, authorization).toBe(401);
    }
  });

  it('is Prometheus text with the event-loop delay, request, store and loan metrics', async () => {
    await gw.request('GET', '/api/categories');
    const answer = await gw.request<string>('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    const samples = parse(answer.body);
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'http_request_duration_seconds_bucket',
      'http_request_duration_seconds_count',
      'bookhaven_store_call_duration_seconds_count',
      'bookhaven_loans_active',
    ])
      expect(names, name).toContain(name);
    expect(answer.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(answer.body).toContain('# TYPE bookhaven_loans_active gauge');
  });

  it('counts requests by route template and status, so ids never become labels', async () => {
    const [a, b] = [await gw.addBook(), await gw.addBook()];
    const before = await scrape();
    for (const id of [a, b, a]) expect((await gw.request('GET', `/api/books/${id}`)).status).toBe(200);
    expect((await gw.request('GET', `/api/books/${MISSING_ID}`)).status).toBe(404);
    const stray = `/no-such-page-${randomBytes(6).toString('hex')}`;
    expect((await gw.request('GET', stray)).status).toBe(404);
    const after = await scrape();

    const count = (samples: Sample[], status: number) =>
      value(samples, 'http_request_duration_seconds_count', requests('/api/books/:id', status));
    expect(count(after, 200) - count(before, 200)).toBe(3);
    expect(count(after, 404) - count(before, 404)).toBe(1);
    // A URL no route matches is counted under one label, whatever it is.
    const unknown = (samples: Sample[]) =>
      value(samples, 'http_request_duration_seconds_count', requests('__unknown__', 404));
    expect(unknown(after) - unknown(before)).toBe(1);
    for (const id of [a, b, MISSING_ID, stray])
      expect(after.filter((s) => Object.values(s.labels).some((v) => v.includes(id)))).toEqual([]);
    // Scrapes are not measured as traffic.
    expect(after.some((s) => s.labels.route === '/metrics')).toBe(false);
  });

  it('times store calls by operation, and counts the loans in progress when scraped', async () => {
    const m = await gw.member();
    const bookId = await gw.addBook();
    const before = await scrape();
    const loanId = await borrowed(gw, m, bookId);
    const during = await scrape();
    const checkouts = (samples: Sample[]) =>
      value(samples, 'bookhaven_store_call_duration_seconds_count', { operation: 'loans.checkout', outcome: 'ok' });
    expect(checkouts(during) - checkouts(before)).toBe(1);
    expect(value(during, 'bookhaven_loans_active') - value(before, 'bookhaven_loans_active')).toBe(1);

    expect((await restReturn(gw, m, loanId, bookId)).status).toBe(200);
    expect(value(await scrape(), 'bookhaven_loans_active')).toBe(value(before, 'bookhaven_loans_active'));
  });

  it("reads a member's record once for `me` and the language of the answer's refusals", async () => {
    const m = await gw.member();
    expect((await gw.gql('mutation { setLocale(locale: bn) { uid } }', {}, m.token)).status).toBe(200);
    const reads = (samples: Sample[]) =>
      value(samples, 'bookhaven_store_call_duration_seconds_count', { operation: 'users.getByUid', outcome: 'ok' });
    const before = await scrape();
    const answer = await gw.gql('{ me { uid locale } member(uid: "someone") { uid } }', {}, m.token);
    expect(answer.body.data.me).toEqual({ uid: m.uid, locale: 'bn' });
    // The refusal is said in the member's language, read from the record `me` read.
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(answer.body.errors?.[0]?.message).toMatch(/[\u0980-\u09FF]/);
    expect(reads(await scrape()) - reads(before)).toBe(1);
  });

  it("reads a member's balance and notice counts in one store call for their page, and counts no notice again", async () => {
    const m = await gw.member();
    const calls = (samples: Sample[], operation: string) =>
      value(samples, 'bookhaven_store_call_duration_seconds_count', { operation, outcome: 'ok' });
    const before = await scrape();
    const answer = await gw.gql(
      '{ me { balance unreadNoticeCount notices(first: 10) { totalCount nodes { id } } unread: notices(unreadOnly: true) { totalCount } } }',
      {},
      m.token,
    );
    expect(answer.body.data.me).toEqual({
      balance: 0,
      unreadNoticeCount: 0,
      notices: { totalCount: 0, nodes: [] },
      unread: { totalCount: 0 },
    });
    const after = await scrape();
    expect(calls(after, 'users.summary') - calls(before, 'users.summary')).toBe(1);
    expect(calls(after, 'ledger.balance') - calls(before, 'ledger.balance')).toBe(0);
    expect(calls(after, 'notices.list') - calls(before, 'notices.list')).toBe(2);
  });

  it('does not count scrapes against the rate limits', async () => {
    const m = await gw.member();
    for (let i = 0; i < 5; i++) await scrape();
    const add = () => gw.request('POST', '/api/books', { token: m.token, body: bookBody() });
    // RATE_LIMIT_PER_MINUTE is 2 here: both writes pass after the scrapes, and the limit is live.
    expect([(await add()).status, (await add()).status, (await add()).status]).toEqual([201, 201, 429]);
  });

  it('keeps each gateway in the process to its own counters', async () => {
    const other = await startTestGateway({ env: { METRICS_TOKEN: TOKEN } });
    try {
      await other.request('GET', '/api/categories');
      await other.request('GET', '/api/categories');
      const answer = await other.request<string>('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(value(parse(answer.body), 'http_request_duration_seconds_count', requests('/api/categories', 200))).toBe(
        2,
      );
    } finally {
      await other.close();
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const gw = await startTestGateway();
    try {
      expect((await gw.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await gw.close();
    }
  });
});
