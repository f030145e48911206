// The GraphQL route as a browser and a client reach it: a page opened at /graphql is the sandbox (or, unbuilt,
// a page saying how to build it), and queries by GET and POST reach Apollo with their parameters and headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

describe('the /graphql route', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw?.close());

  it('answers a browser opening it with the sandbox page, and never runs a query for it', async () => {
    const answer = await gw.request('GET', '/graphql', { headers: { accept: 'text/html,application/xhtml+xml' } });
    // The built sandbox when dist/sandbox holds it, else the page that says how to build it.
    expect([200, 404]).toContain(answer.status);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(String(answer.body)).toMatch(answer.status === 200 ? /<html|<!doctype/i : /npm run build/);
  });

  it('runs a GET query from its query string, with the operation and variables it names', async () => {
    const id = await gw.addBook();
    const params = new URLSearchParams({
      query: 'query One($id: ID!) { book(id: $id) { id } } query Other { __typename }',
      operationName: 'One',
      variables: JSON.stringify({ id }),
    });
    const answer = await gw.request('GET', `/graphql?${params}`, { headers: { 'apollo-require-preflight': '1' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { book: { id } } });
  });

  it('keeps Apollo’s CSRF prevention, which reads the request’s headers', async () => {
    const answer = await gw.request('GET', `/graphql?${new URLSearchParams({ query: '{ __typename }' })}`);
    expect(answer.status).toBe(400);
    const post = await gw.gql('{ __typename }');
    expect(post.body).toEqual({ data: { __typename: 'Query' } });
  });
});
