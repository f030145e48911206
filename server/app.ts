// createApp(deps): the whole gateway as a Fastify instance (GraphQL, REST compatibility routes, health,
// runtime config, static assets and the SPA) without listening, so tests drive it over real HTTP.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { ObservedStore } from './store/observed.ts';
import { httpCache, noneMatch, privateWhenPersonal } from './cache/http-cache.ts';
import { sharedGraphqlRead } from './cache/shared-query.ts';
import type { Library } from './library/index.ts';
import { ANONYMOUS, viewerFrom, type Viewer } from './auth/viewer.ts';
import { createApolloServer } from './graphql/server.ts';
import { apolloHandler } from './graphql/fastify-handler.ts';
import { requestContext, type GraphQLContext } from './graphql/context.ts';
import { restRoutes } from './rest/routes.ts';
import { spaPages } from './spa-pages.ts';
import { firstScreens, readFirstScreenSpec, type FirstScreens } from './first-screen.ts';
import { unsubscribeRoutes } from './rest/unsubscribe.ts';
import { failuresInLanguage, refusal, restErrorHandler, routerErrorHandler } from './rest/errors.ts';
import { MAX_PARAM_LENGTH } from './rest/schemas.ts';
import { registerOpenApi } from './rest/openapi.ts';
import { registerCompression } from './compression.ts';
import { createRateLimits } from './rate-limits.ts';
import { healthRoutes } from './health.ts';
import { coverRoutes } from './covers.ts';
import { registerMetrics, type Metrics } from './metrics.ts';
import { currentSurroundings, loggerOptions } from './logging.ts';
import { absoluteImages, publicOrigin } from './library/site-urls.ts';
import {
  assetSecurityHeaders,
  contentSecurityPolicy,
  imageSecurityHeaders,
  isBuiltSubresource,
  isImage,
  isJson,
  jsonSecurityHeaders,
  preferredEncoding,
  publicClientConfig,
  securityHeaders,
} from './web.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /** 'success' wraps REST failures as { success: false, message } (the original return-book shape). */
    envelope?: 'success';
    /** Counts against the caller's write budget (shared with GraphQL mutations). */
    write?: boolean;
  }
}

export interface AppDeps {
  config: Config;
  store: ObservedStore;
  library: Library;
  /** The Auth emulator's address as the browser reaches it (emulator mode only). */
  authEmulatorUrl?: string | null;
  /** Where every gateway counts the rate limits (REDIS_URL); null: this gateway counts its own. */
  redis?: Redis | null;
  /** Built SPA folder; defaults to dist/client. */
  clientDir?: string;
  /** Built GraphQL sandbox folder; defaults to dist/sandbox. */
  sandboxDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** This site's public origin (see library/site-urls.ts); by default PUBLIC_URL or the listening address. */
  origin?: () => string;
  /** Set with METRICS_TOKEN: GET /metrics serves this registry (server/metrics.ts). */
  metrics?: Metrics | null;
  /** True once the gateway is shutting down: /readyz says 503 while requests are still served. */
  draining?: () => boolean;
}

const ROOT = path.resolve(import.meta.dirname, '..');
/** What the API answers a browser's CORS preflight with: every method a route of ours takes. */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'];
/** Vite names what it builds under assets/ by content hash: a new build gives a new name, never new bytes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const A_DAY = 'public, max-age=86400';

export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, library } = deps;
  const app: FastifyInstance = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel, currentSurroundings(config.production)),
    bodyLimit: 100 * 1024,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: routerErrorHandler,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false } },
    // Node looks for connections past their header or request deadline every 30 s by default: check as often
    // as the shortest deadline (at most every second), so HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS hold.
    http: { connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs, config.timeouts.requestMs) },
  });

  // Slow or stalled clients cannot hold a connection (and its buffered bytes) open: see Config.timeouts.
  const { timeouts } = config;
  app.server.headersTimeout = timeouts.headersMs;
  app.server.requestTimeout = timeouts.requestMs;
  app.server.keepAliveTimeout = timeouts.keepAliveMs;
  app.server.setTimeout(timeouts.idleMs);

  const pageHeaders = securityHeaders({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config, deps.authEmulatorUrl ?? null) },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const jsonHeaders = jsonSecurityHeaders(pageHeaders);
  // Once closing, each answer ends its connection: a client's idle keep-alive connection would otherwise
  // hold server.close() open until the shutdown grace runs out (Node closes only those idle when it starts).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  const imageHeaders = imageSecurityHeaders(pageHeaders);
  const assetHeaders = assetSecurityHeaders(pageHeaders);
  // Chosen by what is sent: pages, the service worker and anything untyped get the full set; pictures (SVG covers
  // too) a policy of their own; the built scripts, stylesheets and fonts the few a subresource uses. Images may be
  // embedded by other sites (clients of the REST API on their own origin show our covers).
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    reply.headers(
      isJson(type)
        ? jsonHeaders
        : isImage(type)
          ? imageHeaders
          : isBuiltSubresource(request.url, type)
            ? assetHeaders
            : pageHeaders,
    );
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: CORS_METHODS,
      allowedHeaders: ['Authorization', 'Content-Type', 'apollo-require-preflight', 'x-apollo-operation-name'],
    });
  }
  // Every route declared after this compresses its answer when the client accepts it (compression.ts).
  registerCompression(app);
  // First, so that every route declared after it is measured. /metrics is not rate limited (limits are opt-in).
  if (deps.metrics && config.metricsToken) {
    await registerMetrics(app, { metrics: deps.metrics, token: config.metricsToken, store: deps.store });
  }
  const limits = await createRateLimits(app, config.limits, deps.redis ?? null);
  const absolute = absoluteImages(
    deps.origin ?? publicOrigin(config.publicUrl, () => app.server.address(), config.host),
  );

  app.decorateRequest<Viewer | null>('viewer', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const { authorization } = request.headers;
    // Most reads carry no credential: no promise for them.
    if (!authorization) {
      request.viewer = ANONYMOUS;
      return done();
    }
    viewerFrom(authorization, library.sessions).then((viewer) => {
      // Which API the session acts through, said once here for every service call (the audit trail's "from").
      const api = request.url.startsWith('/graphql') ? 'graphql' : 'rest';
      request.viewer = viewer.session ? { ...viewer, session: { ...viewer.session, api } } : viewer;
      done();
    }, done);
  });
  httpCache(app, deps.store);

  healthRoutes(app, deps.store, deps.draining ?? (() => false));

  const clientConfig = publicClientConfig(config, deps.authEmulatorUrl ?? null);
  app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(clientConfig));

  await app.register(
    async (api) => {
      // Answers made for one member (signed in, or signing in) are never stored by a cache.
      privateWhenPersonal(api);
      api.setErrorHandler(restErrorHandler);
      api.addHook(
        'preSerialization',
        failuresInLanguage((request) =>
          library.language.forRequest(request.viewer.session, request.headers['accept-language']),
        ),
      );
      api.setNotFoundHandler((_request, reply) => reply.code(404).send(refusal('notFound')));
      await registerOpenApi(api);
      await api.register(restRoutes(library, limits, absolute));
      await api.register(unsubscribeRoutes(library));
    },
    { prefix: '/api' },
  );

  const apollo = createApolloServer({
    introspection: config.graphqlIntrospection,
    production: config.production,
    absolute,
  });
  await apollo.start();
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    config: { cacheable: sharedGraphqlRead },
    handler: apolloHandler<GraphQLContext>(apollo, async (request) =>
      requestContext(library, request.viewer, request.headers['accept-language'], {
        countMutation: () => limits.write(request),
        signIn: (input) => limits.signIn(request, () => library.accounts.signIn(input, 'graphql')),
      }),
    ),
  });
  app.addHook('onClose', async () => {
    await apollo.stop();
  });

  coverRoutes(app);
  await app.register(fastifyStatic, {
    root: path.join(ROOT, 'server', 'assets'),
    prefix: '/assets/library/',
    decorateReply: false,
    maxAge: '1d',
  });
  const clientDir = deps.clientDir ?? path.join(ROOT, 'dist', 'client');
  // All Books' and a book's first screen as markup in their page (decision 061), when the build says its words.
  const spec = readFirstScreenSpec(clientDir);
  const screens = spec
    ? firstScreens({ spec, catalog: library.catalog, revision: () => deps.store.revision(), image: absolute })
    : null;
  registerClient(app, clientDir, deps.sandboxDir ?? path.join(ROOT, 'dist', 'sandbox'), screens);
  return app;
}

/**
 * Serves the built SPA, with index.html for client-side routes (a minimal page when it is not built), and
 * the GraphQL sandbox at /sandbox and at /graphql when a browser opens it.
 */
function registerClient(app: FastifyInstance, clientDir: string, sandboxDir: string, screens: FirstScreens | null) {
  const built = existsSync(path.join(clientDir, 'index.html'));
  if (built) {
    const hashed = path.join(clientDir, 'assets') + path.sep;
    const pictures = path.join(clientDir, 'images') + path.sep;
    const icon = path.join(clientDir, 'favicon.svg');
    void app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      // "/" is the SPA's page for Home, sent below like every client route's (server/spa-pages.ts).
      index: false,
      // The .br and .gz files written beside each asset at build (vite.config.ts), chosen by Accept-Encoding.
      preCompressed: true,
      // Hashed files never change; the pictures of public/ (the icon, the hero's slides) are kept a day, as the
      // library's pictures are (a cold Home asked three times for the icon it shows in three places); everything
      // else (index.html, the service worker) is asked again each time and answered 304 while its ETag holds, so a
      // deploy shows at once.
      setHeaders: (reply, file) =>
        void reply.header(
          'cache-control',
          file.startsWith(hashed) ? IMMUTABLE : file.startsWith(pictures) || file.startsWith(icon) ? A_DAY : 'no-cache',
        ),
      // The ETag is enough to revalidate, and nothing here is fetched by ranges: 70 bytes less on each answer.
      lastModified: false,
      acceptRanges: false,
    });
  }
  // The sandbox's page, read once: sent as it is, whether or not the SPA (whose static files decorate
  // reply.sendFile) is built beside it.
  const sandbox = existsSync(path.join(sandboxDir, 'sandbox.html'))
    ? readFileSync(path.join(sandboxDir, 'sandbox.html'), 'utf8')
    : null;
  if (sandbox !== null)
    void app.register(fastifyStatic, {
      root: path.join(sandboxDir, 'assets'),
      prefix: '/sandbox/assets/',
      decorateReply: false,
      maxAge: '1d',
    });
  const sendSandbox = (reply: FastifyReply) =>
    sandbox !== null
      ? reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(sandbox)
      : reply
          .code(404)
          .type('text/html')
          .send(
            '<!doctype html><title>Sandbox</title><p>Run <code>npm run build</code> to get the GraphQL sandbox.</p>',
          );
  app.get('/sandbox', (_request, reply) => sendSandbox(reply));
  // A callback hook: it runs before every request, and an async one made a promise for each.
  app.addHook('onRequest', (request, reply, done) => {
    const opensInBrowser =
      request.method === 'GET' && request.url === '/graphql' && (request.headers.accept ?? '').includes('text/html');
    if (!opensInBrowser) return done();
    // Answered here: the route's handler does not run.
    void sendSandbox(reply);
  });
  const pageFor = built ? spaPages(clientDir) : null;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!pageFor) return false;
    const [pathname = '', query] = request.url.split('?');
    // The first screen is drawn for a page's first visit only: a query string (a search, a filter) is another list.
    const screen =
      screens && query === undefined
        ? await screens(pathname, request.headers['accept-language']).catch((error: unknown) => {
            request.log.warn({ err: error }, 'first screen not drawn');
            return null;
          })
        : null;
    const page = pageFor(pathname, screen);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', page.etag);
    reply.header('vary', screen ? 'accept-encoding, accept-language' : 'accept-encoding');
    if (noneMatch(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(page[encoding]);
    return reply.send(page.html);
  };
  if (pageFor) app.get('/', (request, reply) => sendPage(request, reply));
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.code(404).send({ message: 'Not found' });
    if (pageFor) return sendPage(request, reply);
    return reply
      .type('text/html')
      .send(
        '<!doctype html><title>BookHaven</title><h1>BookHaven</h1><p>The API is at <a href="/graphql">/graphql</a> and <a href="/api/books">/api</a>. Run <code>npm run build</code> to serve the app.</p>',
      );
  });
}
