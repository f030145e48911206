import { describe, expect, it } from 'vitest';
import { searchOf } from '../../server/graphql/fastify-handler.ts';

// Apollo reads a GET's operation from `search` with URLSearchParams; the request target gives the same
// parameters as the WHATWG URL the former integration built from it.
const targets = [
  '/graphql',
  '/graphql?',
  '/graphql?query=%7B__typename%7D',
  '/graphql?query={ books(first: 2) { nodes { id } } }&operationName=',
  '/graphql?query=%7Bbook(id:%22a%22)%7Bid%7D%7D&variables=%7B%22q%22:%22caf%C3%A9+%26+tea%22%7D',
  '/graphql?query="quoted"&extensions=<x>',
  '/graphql?query=a#fragment',
  '/graphql?query=a&query=b',
];

describe("the GraphQL route's query string", () => {
  it.each(targets)('%s gives Apollo the parameters a URL would', (target) => {
    const fromUrl = new URL(target, 'http://127.0.0.1/').search;
    expect([...new URLSearchParams(searchOf(target))]).toEqual([...new URLSearchParams(fromUrl)]);
    expect(searchOf(target) === '').toBe(fromUrl === '');
  });
});
