// Apollo Server on Fastify through Apollo's integration interface (`executeHTTPGraphQLRequest`, the one
// @as-integrations/fastify calls), without the work that integration repeats on every request: it built a WHATWG
// URL from the protocol and host getters to read back the query string that `request.url` already holds, and
// copied the headers through Object.entries and HeaderMap's lower-casing, which Node has already done.
import { Readable } from 'node:stream';
import { HeaderMap, type ApolloServer, type BaseContext } from '@apollo/server';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';

const mapSet = Map.prototype.set;

/** The request's headers as Apollo reads them; Node gives their names in lower case, repeated ones as a list. */
function headerMapOf(headers: FastifyRequest['headers']): HeaderMap {
  const map = new HeaderMap();
  for (const name in headers) {
    const value = headers[name];
    if (value) mapSet.call(map, name, Array.isArray(value) ? value.join(', ') : value);
  }
  return map;
}

/** The query string of a request target, with its `?` ('' without one), as URL's `search` gives it to Apollo. */
export function searchOf(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return '';
  const end = url.indexOf('#', start);
  const search = end === -1 ? url.slice(start) : url.slice(start, end);
  return search === '?' ? '' : search;
}

export function apolloHandler<Context extends BaseContext>(
  apollo: ApolloServer<Context>,
  context: (request: FastifyRequest) => Promise<Context>,
): RouteHandlerMethod {
  apollo.assertStarted('apolloHandler()');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { headers, body, status } = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: request.method,
        headers: headerMapOf(request.headers),
        search: searchOf(request.url),
        body: request.body,
      },
      context: () => context(request),
    });
    for (const [name, value] of headers) reply.header(name, value);
    reply.code(status ?? 200);
    if (body.kind === 'complete') return body.string;
    return reply.send(Readable.from(body.asyncIterator));
  };
}
