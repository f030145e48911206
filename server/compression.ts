// HTTP compression of the gateway's answers and of request bodies, by the web's rules (decision 092): brotli or
// gzip as Accept-Encoding asks (brotli first: a third smaller on JSON), for answers of 1 KB or more, below which
// the encoding saves less than a packet and costs CPU. The SPA's own files come precompressed at build (see
// registerClient); this covers JSON (GraphQL, REST, streamed lists), metrics and SVG images. A request body
// sent gzip, deflate or brotli is read decompressed; any other encoding is refused with a 415.
//
// Our own rather than @fastify/compress: that plugin asks `payload instanceof Response` of every answer, and
// naming the global Response loads Node's fetch implementation, about 3 MB of heap and 5-17 MB of RSS that
// nothing else here uses (measured in docs/performance.md).
import os from 'node:os';
import { pipeline, Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preParsingHookHandler } from 'fastify';
import { asList } from './cache/http-cache.ts';

/** Answers smaller than this are sent as they are. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Answers up to this size are compressed on the event loop, bigger ones and streams on libuv's threadpool. The
 * threadpool pays off only with spare cores to overlap it with the loop: 8 KB on 2 cores, 64 KB on one, 4 KB
 * from 3 (the crossover measured over real sockets by @fastify/compress, whose default this is).
 */
const SYNC_UP_TO = Math.min(65_536, Math.max(4096, 65_536 >> (3 * (Math.min(os.availableParallelism(), 4) - 1))));

/** Quality 4, not zlib's default 11, which costs many times the CPU for a few percent (Cloudflare's measure). */
const BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, { sync: (input: Buffer) => Buffer; stream: () => Transform }> = {
  br: { sync: (input) => zlib.brotliCompressSync(input, BROTLI), stream: () => zlib.createBrotliCompress(BROTLI) },
  gzip: { sync: (input) => zlib.gzipSync(input), stream: () => zlib.createGzip() },
};

const decompressors: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** Text, JSON, XML (SVG too), JavaScript and octet streams compress; event streams and everything else do not. */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]text(?:;|$)|[+/]xml(?:;|$)|[+/](?:java|ecma)script(?:;|$)|octet-stream(?:;|$)/i;

/**
 * The encoding Accept-Encoding prefers among brotli and gzip (brotli on a tie), or null: none offered, or every
 * one refused with q=0. `*` and `x-gzip` count as gzip.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<Encoding, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const encoding: Encoding | null =
      name === 'br' ? 'br' : name === 'gzip' || name === 'x-gzip' || name === '*' ? 'gzip' : null;
    if (encoding && Number.isFinite(weight) && !(name === '*' && weights.has('gzip'))) weights.set(encoding, weight);
  }
  const br = weights.get('br') ?? 0;
  const gzip = weights.get('gzip') ?? 0;
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const listed = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(listed))
    reply.header('vary', listed ? `${listed}, accept-encoding` : 'accept-encoding');
}

const onStreamEnd = (reply: FastifyReply) => (error: NodeJS.ErrnoException | null) => {
  // A client that goes away mid-answer is not an error of ours.
  if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') reply.log.error(error);
};

const compressAnswer: onSendHookHandler = (request, reply, payload, done) => {
  // Most API clients ask for no encoding: that is settled first.
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding || payload === null || payload === undefined) return done(null, payload);
  const already = reply.getHeader('content-encoding');
  if ((already && already !== 'identity') || reply.statusCode === 206 || reply.hasHeader('content-range'))
    return done(null, payload);
  const type = String(reply.getHeader('content-type') ?? 'application/json');
  if (!COMPRESSIBLE.test(type)) return done(null, payload);
  const compressor = compressors[encoding];
  const buffered = typeof payload === 'string' || Buffer.isBuffer(payload);
  if (!buffered && !(payload instanceof Readable)) return done(null, payload);
  const size = buffered ? Buffer.byteLength(payload) : Infinity;
  if (size < COMPRESS_FROM_BYTES) return done(null, payload);
  varyOnEncoding(reply);
  reply.header('content-encoding', encoding);
  if (buffered && size <= SYNC_UP_TO) {
    const compressed = compressor.sync(Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
    reply.header('content-length', compressed.length);
    return done(null, compressed);
  }
  // A stream (or an answer too big to compress on the loop) goes through the threadpool, its length unknown.
  reply.removeHeader('content-length');
  const stream = compressor.stream();
  pipeline(buffered ? Readable.from([payload]) : (payload as Readable), stream, onStreamEnd(reply));
  done(null, stream);
};

/** The codes of a compressed body's refusals, said in the caller's language by /api (rest/errors.ts). */
export const CONTENT_ENCODING_UNSUPPORTED = 'BOOKHAVEN_CONTENT_ENCODING_UNSUPPORTED';
export const BODY_NOT_INFLATED = 'BOOKHAVEN_BODY_NOT_INFLATED';

/** A body the client compressed, counted as sent (Fastify checks it against Content-Length) and read inflated. */
const decompressBody: preParsingHookHandler = (request: FastifyRequest, reply, payload, done) => {
  const header = request.headers['content-encoding'];
  const encoding = header?.trim().toLowerCase();
  if (!encoding || encoding === 'identity') return done(null, payload);
  const inflate = decompressors[encoding];
  if (!inflate) {
    reply.code(415);
    const refused = new Error(`Unsupported Content-Encoding: ${header}`);
    return done(Object.assign(refused, { statusCode: 415, code: CONTENT_ENCODING_UNSUPPORTED }));
  }
  const inflated = Object.assign(inflate(), { receivedEncodedLength: 0 });
  payload.on('data', (chunk: Buffer) => {
    inflated.receivedEncodedLength += chunk.length;
  });
  // A body that does not inflate (or a request cut short) is the client's: a 400 that says so. Tagged before the
  // body parser hears of it (this listener is the stream's first).
  inflated.on('error', (error) => Object.assign(error, { statusCode: 400, code: BODY_NOT_INFLATED }));
  // pipeline destroys both streams on an error; the parser hears it from `inflated`.
  pipeline(payload, inflated, () => undefined);
  done(null, inflated);
};

/**
 * Every route declared after this compresses its answers and reads compressed bodies. Compression is the
 * route's last onSend step, so the steps before it (the HTTP cache's check for errors) read the plain answer.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.onSend = [...asList(route.onSend), compressAnswer];
    route.preParsing = [decompressBody, ...asList(route.preParsing)];
  });
}
