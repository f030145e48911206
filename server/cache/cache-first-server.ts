// The HTTP server in front of Fastify, with the response cache first: a hit is answered before Fastify sees the
// request. Inside Fastify the same hit costs its whole request lifecycle (routing, request and reply objects, a
// child logger and a request id, body parsing, the hooks): answered here, cached REST reads went 1.44x faster.
//   - GET: a URL the cache holds (only REST reads that depend on the URL alone are kept by URL, see restKey).
//   - POST /graphql with a JSON body of at most FRONT_BODY_LIMIT bytes: the body is read here, and its exact
//     bytes are the key (a shared query's answer is kept under them too, see registerResponseCache); a miss
//     goes on to Fastify with the body it read, which Fastify parses from there (the preParsing hook).
// Only requests without credentials and without an Origin: those go to Fastify, whose hooks add their CORS
// headers to a hit. Once the server stops listening (closing), new requests go to Fastify, which refuses them
// with a 503; a body read ahead that ends after that is answered if it is a hit (with Connection: close) and
// otherwise refused by Fastify the same way, as a request that had not started.
import http from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import type { Entry, ResponseCache } from './response-cache.ts';

const ACCESS_LOGGED = new Set(['info', 'debug', 'trace']);
const CLOSE = ['connection', 'close'];

/**
 * Writes a cached answer past Fastify's reply pipeline: the headers its first answer carried, then `extra` ones
 * (this request's own, Connection: close), and logs it as Fastify would have, which it does not for a hit.
 */
export function writeHit(response: http.ServerResponse, hit: Entry, extra: string[], logger: FastifyBaseLogger, fields: object): void {
  response.writeHead(200, extra.length === 0 ? hit.head : [...hit.head, ...extra]);
  response.end(hit.body);
  if (ACCESS_LOGGED.has(logger.level)) logger.info({ ...fields, res: { statusCode: 200 }, cache: 'hit' }, 'request completed');
}

/** Larger GraphQL bodies go straight to Fastify: a shared catalogue query is far smaller. */
const FRONT_BODY_LIMIT = 8 * 1024;

/** A body read before Fastify saw the request, and its cache key. */
export interface ReadAhead { body: Buffer; key: string }

const READ_AHEAD = Symbol('readAhead');

type WithReadAhead = http.IncomingMessage & { [READ_AHEAD]?: ReadAhead };

export function readAhead(request: http.IncomingMessage): ReadAhead | undefined {
  return (request as WithReadAhead)[READ_AHEAD];
}

/** The key of a GraphQL request's exact bytes; `RAW` keeps it apart from the keys of parsed requests. */
const rawGraphqlKey = (accept: string | undefined, body: Buffer) => `RAW ${accept ?? ''}\n${body.toString('utf8')}`;

function readsAhead(request: http.IncomingMessage): boolean {
  const length = Number(request.headers['content-length']);
  return request.method === 'POST' && request.url === '/graphql' && request.headers['transfer-encoding'] === undefined
    && Number.isInteger(length) && length > 0 && length <= FRONT_BODY_LIMIT
    && (request.headers['content-type'] ?? '').startsWith('application/json');
}

/** Calls back with the whole body, or not at all when the request fails before it ends (nobody to answer). */
function readBody(request: http.IncomingMessage, then: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.once('end', () => then(Buffer.concat(chunks)));
  request.once('error', () => {});
}

/** Fastify's serverFactory: see above. */
export function cacheFirstServer(cache: ResponseCache, log: () => FastifyBaseLogger): FastifyServerFactory {
  const answer = (request: http.IncomingMessage, response: http.ServerResponse, hit: Entry, closing = false) =>
    writeHit(response, hit, closing ? CLOSE : [], log(), { req: { method: request.method, url: request.url } });
  return (handler, options) => {
    const server = http.createServer((request, response) => {
      if (!server.listening || request.headers.authorization || request.headers.origin) return handler(request, response);
      if (request.method === 'GET') {
        const hit = cache.get(`GET ${request.url}`);
        return hit ? answer(request, response, hit) : handler(request, response);
      }
      if (!readsAhead(request)) return handler(request, response);
      readBody(request, (body) => {
        const key = rawGraphqlKey(request.headers.accept, body);
        const hit = cache.get(key);
        if (hit) return answer(request, response, hit, !server.listening);
        (request as WithReadAhead)[READ_AHEAD] = { body, key };
        handler(request, response);
      });
    });
    // What Fastify sets on the server it makes itself (its options arrive with Fastify's defaults filled in).
    const timeouts = options as { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number };
    server.keepAliveTimeout = timeouts.keepAliveTimeout ?? 72_000;
    server.requestTimeout = timeouts.requestTimeout ?? 0;
    server.setTimeout(timeouts.connectionTimeout ?? 0);
    return server;
  };
}
