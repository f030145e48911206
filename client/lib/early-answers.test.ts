// The page's own request takes the answer the early script asked for only when it is the same request.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithEarlyAnswers } from './early-answers.ts';

const body = (variables: Record<string, unknown>, query = 'query AllBooks { books { id } }') =>
  JSON.stringify({ operationName: 'AllBooks', variables, query });

function early(sent: string, token = 't1', at = Date.now()): void {
  const answer = Promise.resolve(new Response('{"data":{"early":true}}'));
  window.__bookhavenEarly = [{ body: sent, token, at, answer }];
}

const init = (sent: string, token = 't1') => ({
  method: 'POST',
  body: sent,
  headers: { authorization: `Bearer ${token}` },
});

describe('fetchWithEarlyAnswers', () => {
  const network = vi.fn(async () => new Response('{"data":{"network":true}}'));
  vi.stubGlobal('fetch', network);
  afterEach(() => {
    network.mockClear();
    delete window.__bookhavenEarly;
  });
  afterAll(() => vi.unstubAllGlobals());

  it('takes the early answer once for the same request, variables in any order', async () => {
    early(body({ filter: {}, first: 24 }));
    const first = await fetchWithEarlyAnswers('/graphql', init(body({ first: 24, filter: {} })));
    expect(await first.json()).toEqual({ data: { early: true } });
    await fetchWithEarlyAnswers('/graphql', init(body({ first: 24, filter: {} })));
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('goes to the network for other variables, another query text, another session or an old answer', async () => {
    const cases: [string, ReturnType<typeof init>, number?][] = [
      [body({ first: 24 }), init(body({ first: 12 }))],
      [body({ first: 24 }), init(body({ first: 24 }, 'query AllBooks { books { id title } }'))],
      [body({ first: 24 }), init(body({ first: 24 }), 't2')],
      [body({ first: 24 }), init(body({ first: 24 })), Date.now() - 60_000],
    ];
    for (const [sent, request, at] of cases) {
      early(sent, 't1', at);
      const answer = await fetchWithEarlyAnswers('/graphql', request);
      expect(await answer.json()).toEqual({ data: { network: true } });
    }
    expect(network).toHaveBeenCalledTimes(cases.length);
  });

  it('asks the network again when the early request failed', async () => {
    window.__bookhavenEarly = [
      { body: body({}), token: 't1', at: Date.now(), answer: Promise.reject(new TypeError('Failed to fetch')) },
    ];
    const answer = await fetchWithEarlyAnswers('/graphql', init(body({})));
    expect(await answer.json()).toEqual({ data: { network: true } });
  });
});
