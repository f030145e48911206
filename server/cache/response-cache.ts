// A bounded in-memory cache of whole responses to public catalogue reads (REST book, category and
// categories lookups, and GraphQL queries that answer the same for everyone). An answer is kept only when
// the store's revision did not move while it was computed, every entry is dropped when the revision moves
// (at once for a write through this gateway; on SQLite, within ELSEWHERE_POLL_MS for any other process's),
// and none lives longer than ttlMs, which bounds staleness from writes the store cannot announce (other
// gateways on a shared MongoDB).
//
// A hit is written straight to the socket, with the headers its first answer carried (security headers and
// content type) and those this request has gathered so far (CORS): Fastify's reply pipeline (onSend hooks,
// header bookkeeping, serialisation checks) cost more than the rest of a hit together.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ObservedStore } from '../store/observed.ts';
import { isSharedQuery } from './shared-query.ts';
import { readAhead, writeHit } from './cache-first-server.ts';

export interface ResponseCacheOptions {
  store: ObservedStore;
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export interface Entry {
  body: string;
  /** The answer's headers as a flat [name, value, ...] list, content length and `x-cache: hit` included. */
  head: string[];
  expires: number;
  bytes: number;
}

interface Pending {
  key: string;
  revision: string | null;
}

/** REST routes whose answer depends on the URL only. GET /api/books (the whole catalogue) is streamed instead. */
const SHARED_REST_ROUTES = new Set(['/api/books/:id', '/api/books/category/:category', '/api/categories']);

declare module 'fastify' {
  interface FastifyRequest {
    responseCacheKey: Pending | null;
  }
}

export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
  readonly #opts: Required<ResponseCacheOptions>;
  #revision: string | null = null;
  #bytes = 0;

  constructor(opts: ResponseCacheOptions) {
    this.#opts = { maxEntries: 2000, maxBytes: 16 * 1024 * 1024, now: Date.now, ...opts };
  }

  get size() {
    return this.#entries.size;
  }

  /**
   * The store's revision now, dropping every entry if it moved since the last look; null when the store
   * cannot say (closed or failing), and then nothing is served or kept.
   */
  revision(): string | null {
    let revision: string;
    try {
      revision = this.#opts.store.revision();
    } catch {
      revision = '';
    }
    if (revision !== this.#revision) {
      this.#entries.clear();
      this.#bytes = 0;
      this.#revision = revision;
    }
    return revision || null;
  }

  get(key: string): Entry | undefined {
    if (this.revision() === null) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.#opts.now()) {
      this.#drop(key, entry);
      return undefined;
    }
    // Most recently used last, so eviction takes the oldest.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Keeps an answer computed since `startedAt` (a revision), unless the data moved meanwhile. */
  set(key: string, startedAt: string | null, body: string, headers: Record<string, string>): void {
    if (startedAt === null || this.revision() !== startedAt) return;
    const bytes = (key.length + body.length) * 2;
    if (bytes > this.#opts.maxBytes / 16) return;
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    const head = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)), 'x-cache': 'hit' }).flat();
    this.#entries.set(key, { body, head, expires: this.#opts.now() + this.#opts.ttlMs, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#opts.maxEntries && this.#bytes <= this.#opts.maxBytes) break;
      this.#drop(oldest, entry);
    }
  }

  #drop(key: string, entry: Entry) {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** The cache key of a REST read whose answer depends on the URL only, or null; known once the route is. */
function restKey(request: FastifyRequest): string | null {
  const route = request.routeOptions.url;
  return request.method === 'GET' && route && SHARED_REST_ROUTES.has(route) ? `GET ${request.url}` : null;
}

/** The cache key of a GraphQL request whose answer is the same for everyone, or null; needs the parsed body. */
function graphqlKey(request: FastifyRequest): string | null {
  if (request.method !== 'POST' || request.routeOptions.url !== '/graphql') return null;
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return null;
  const body = request.body as { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown } | null;
  if (!body || typeof body !== 'object' || Array.isArray(body) || typeof body.query !== 'string' || body.extensions !== undefined) return null;
  const operationName = typeof body.operationName === 'string' ? body.operationName : null;
  if (body.operationName != null && operationName === null) return null;
  if (!isSharedQuery(body.query, operationName)) return null;
  // Apollo picks the response media type from Accept, so it is part of the key.
  return `POST ${request.headers.accept ?? ''}\n${operationName ?? ''}\n${body.query}\n${JSON.stringify(body.variables ?? null)}`;
}

/**
 * Headers of a first answer that a hit repeats: not those that belong to one request or one connection
 * (CORS answers to the request's Origin, rate-limit counts), which a hit takes from its own request instead.
 */
function replayable(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string' || /^(?:content-length|connection|keep-alive|x-cache|vary|access-control-|x-ratelimit-|retry-after)/.test(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/** Headers as a flat [name, value, ...] list, a header with several values once per value. */
function headList(headers: Record<string, unknown>): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) list.push(name, String(one));
  }
  return list;
}

/**
 * Serves shared answers from the cache and keeps new ones; hooks run for every route, decide cheaply.
 * `closing` says whether the gateway is shutting down: a hit then ends its connection, as every answer does.
 */
export function registerResponseCache(app: FastifyInstance, cache: ResponseCache, closing: () => boolean): void {
  app.decorateRequest('responseCacheKey', null);
  const answer = (hit: Entry, request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const extra = headList(reply.getHeaders());
    if (closing()) extra.push('connection', 'close');
    writeHit(reply.raw, hit, extra, request.log, { responseTime: reply.elapsedTime });
  };
  // Callback hooks: a promise per hook per request is measurable on the cheapest answers.
  const serve = (key: string | null, request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (key === null) return done();
    const hit = cache.get(key);
    // Answering from a hook: write the answer, and do not go on.
    if (hit) return answer(hit, request, reply);
    request.responseCacheKey = { key, revision: cache.revision() };
    done();
  };
  // A REST hit is answered before its parameters are validated again: only a 200 answer to the same URL is kept.
  app.addHook('onRequest', (request, reply, done) => serve(restKey(request), request, reply, done));
  app.addHook('preHandler', (request, reply, done) => serve(graphqlKey(request), request, reply, done));
  // A body the server read ahead (cache-first-server.ts) is parsed from what it kept.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const ahead = readAhead(request.raw);
    if (!ahead) return done(null, payload);
    const kept = new Readable({ read() {} });
    kept.push(ahead.body);
    kept.push(null);
    done(null, kept);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = request.responseCacheKey;
    // A GraphQL answer with errors (even partial) is never shared; `"errors":` cannot occur inside a JSON string.
    if (pending && reply.statusCode === 200 && typeof payload === 'string' && !payload.includes('"errors":')) {
      if (typeof reply.getHeader('content-type') === 'string') {
        const headers = replayable(reply.getHeaders());
        cache.set(pending.key, pending.revision, payload, headers);
        // Also under the request's exact bytes, which the server can look up before Fastify sees the request.
        const ahead = readAhead(request.raw);
        if (ahead) cache.set(ahead.key, pending.revision, payload, headers);
      }
      reply.header('x-cache', 'miss');
    }
    done(null, payload);
  });
}
