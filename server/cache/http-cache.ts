// HTTP caching by the web's own rules, for routes that declare themselves cacheable (`config.cacheable`):
// an anonymous GET gets an ETag derived from the store's revision (which every write moves, see
// store/observed.ts) and the representation asked for (URL and Accept), and a short public Cache-Control; a
// conditional request that still matches is answered 304 before the handler runs. Anything else on those
// routes (signed-in requests, POST, answers that are not a 200, GraphQL answers with errors) is
// `private, no-store`, and so is every answer of a scope under `privateWhenPersonal` made for one member. The
// browser, and any proxy or CDN in front, does the caching; the gateway keeps none.
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { UNSEEN_WRITES_MS, type ObservedStore } from '../store/observed.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: an anonymous GET's answer depends on the URL and the store's data only. A function decides per
     * request (GraphQL: whether the operation is a shared catalogue query), and its 200s may carry errors.
     */
    cacheable?: true | ((request: FastifyRequest) => boolean);
    /** true: every answer is made for the one member whose credential the request's body carries (the sign-in). */
    personal?: true;
  }
}

/** How long a shared cache may serve a public read without asking: the bound on unseen writes. */
export const SHARED_MAX_AGE_S = UNSEEN_WRITES_MS / 1000;
/** Browsers revalidate every time (a borrow must show at once); shared caches may keep it for a few seconds. */
export const PUBLIC = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}`;
export const PRIVATE = 'private, no-store';
/**
 * What a shared answer depends on besides the URL: Apollo picks the media type from Accept, and the answer is
 * compressed or not by Accept-Encoding (even when this one was not: a cache must not give it to a client that
 * takes brotli). compression.ts sees it here, so it is not listed twice.
 */
const VARY = 'Authorization, Accept, accept-encoding';

/** If-None-Match compared weakly (RFC 9110 13.1.2): `*`, or any listed tag with the same opaque part. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}

export function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, ${VARY}` : VARY);
}

/** FNV-1a: tells apart the representations of one URL's revision; sha1 here was 4% of a REST read's CPU. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** A route's hook option (absent, one, or several) as a list, to add a step before or after the others. */
export const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** Registers the conditional-request handling on every route declared afterwards with `config.cacheable`. */
export function httpCache(app: FastifyInstance, store: ObservedStore): void {
  // The revision itself, so two revisions never share a tag; the hash only separates URLs and media types.
  // Null when the store cannot say (closed, failing): the handler then meets the outage and answers it.
  const etagOf = (request: FastifyRequest): string | null => {
    let revision: string;
    try {
      revision = store.revision();
    } catch {
      return null;
    }
    return `W/"${revision}.${fnv1a(`${request.headers.accept ?? ''}\n${request.url}`)}"`;
  };

  const conditional = (shared: (request: FastifyRequest) => boolean): preHandlerHookHandler =>
    function conditionalGet(request, reply, done) {
      addVary(reply);
      const anonymousGet = (request.method === 'GET' || request.method === 'HEAD') && !request.headers.authorization;
      const etag = anonymousGet && shared(request) ? etagOf(request) : null;
      if (etag === null) {
        reply.header('cache-control', PRIVATE);
        return done();
      }
      reply.header('etag', etag).header('cache-control', PUBLIC);
      // Unchanged: answered here, so the query never runs.
      if (noneMatch(request.headers['if-none-match'], etag)) return void reply.code(304).send();
      done();
    };

  // Only a whole, successful answer may be labelled: an error (a store outage) kept under an ETag would be
  // confirmed by every 304 until the next write. Failures before the preHandler (bad parameters) land here too.
  // A GraphQL answer with errors (even partial) is a 200 too; `"errors":` cannot occur inside a JSON string.
  const labelOnlySuccess =
    (errorsIn200: boolean): onSendHookHandler =>
    (_request, reply, payload, done) => {
      const { statusCode } = reply;
      const failed =
        statusCode !== 304 &&
        (statusCode !== 200 ||
          (errorsIn200 && reply.hasHeader('etag') && typeof payload === 'string' && payload.includes('"errors":')));
      if (failed) reply.removeHeader('etag').header('cache-control', PRIVATE);
      done(null, payload);
    };

  app.addHook('onRoute', (route) => {
    const cacheable = route.config?.cacheable;
    if (!cacheable) return;
    route.preHandler = [conditional(cacheable === true ? () => true : cacheable), ...asList(route.preHandler)];
    route.onSend = [labelOnlySuccess(cacheable !== true), ...asList(route.onSend)];
  });
}

/**
 * Every answer of the scope made for one member is `private, no-store`, whatever its route set or left out: the
 * answer to a request carrying a credential (an Authorization header, valid or not) or to a route declared
 * `personal`. One rule for every route of the scope, present and future, errors included.
 */
export function privateWhenPersonal(scope: FastifyInstance): void {
  scope.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization !== undefined || request.routeOptions.config?.personal)
      reply.header('cache-control', PRIVATE);
    done(null, payload);
  });
}
