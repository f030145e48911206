// Prometheus metrics at GET /metrics, only when METRICS_TOKEN is set and only for a request bearing it:
// requests by route template and status (fastify-metrics), the process and its event loop's delay
// (@prometheus-io/client's default metrics), how long store calls take (timed in store/observed.ts) and the
// loans in progress, counted by the store at each scrape. Each gateway has its own registry, so several in one
// process (tests, bench) never share counters.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fastifyMetricsModule from 'fastify-metrics';
import { Gauge, Histogram, Registry } from '@prometheus-io/client';
import type { Store } from './store/port.ts';
import type { StoreCallObserver } from './store/observed.ts';

export const METRICS_PATH = '/metrics';
export const UNKNOWN_ROUTE = '__unknown__';
/** A CommonJS module: Node's default import is its exports object, the plugin is `.default`. */
const fastifyMetrics = fastifyMetricsModule.default;

/** Request and store latencies: most answers take a few milliseconds, a slow search or outage seconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  storeCall: StoreCallObserver;
}

/** The registry and the store's timer; made before the store opens, since the store reports to it. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const storeCalls = new Histogram({
    name: 'bookhaven_store_call_duration_seconds',
    help: 'Store calls by operation (e.g. loans.checkout) and outcome (ok or error), in seconds',
    labelNames: ['operation', 'outcome'],
    buckets: BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    storeCall: (operation, seconds, failed) =>
      storeCalls.observe({ operation, outcome: failed ? 'error' : 'ok' }, seconds),
  };
}

/**
 * Refuses a scrape without the token. Both sides are hashed first so the comparison takes the same time
 * whatever was sent. The scheme is matched in any case (RFC 7235: auth schemes are case-insensitive), the
 * token exactly. Every answer, refusals too, is `no-store`: neither a proxy nor a browser keeps one.
 */
function bearer(token: string): onRequestHookHandler {
  const expected = createHash('sha256').update(token).digest();
  return (request, reply, done) => {
    reply.header('cache-control', 'no-store');
    const credentials = /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
    // An absent or malformed header is hashed too (as nothing that can match), so every refusal costs the same.
    const given = createHash('sha256')
      .update(credentials?.[1] ?? '')
      .digest();
    if (credentials && timingSafeEqual(given, expected)) return done();
    void reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: 'Unauthorized access' });
  };
}

/** Registers the collectors and the endpoint; call before any other route, so every route is measured. */
export async function registerMetrics(
  app: FastifyInstance,
  opts: { metrics: Metrics; token: string; store: Store },
): Promise<void> {
  const { registry } = opts.metrics;
  const { store } = opts;
  new Gauge({
    name: 'bookhaven_loans_active',
    help: 'Books out on loan now (active loans), counted by the store at each scrape; NaN when the store fails',
    registers: [registry],
    async collect() {
      try {
        this.set(await store.loans.countActive());
      } catch {
        // A scrape during an outage still answers the rest (and the store-call errors say why).
        this.set(Number.NaN);
      }
    },
  });
  await app.register(fastifyMetrics, {
    endpoint: {
      url: METRICS_PATH,
      method: 'GET',
      exposeHeadRoute: false,
      logLevel: 'warn',
      onRequest: bearer(opts.token),
      handler: () => undefined,
    },
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      // Histograms add up across gateways; summaries do not, and cost a digest per label set.
      enabled: { histogram: true, summary: false },
      // Labelled by route template (/api/books/:id), never the raw URL, so ids cannot multiply the series; a URL
      // that matches no route is counted as route="__unknown__".
      registeredRoutesOnly: false,
      invalidRouteGroup: UNKNOWN_ROUTE,
      routeBlacklist: [METRICS_PATH],
      // The summary is made even when off: in this registry too, or a second gateway's would clash in the global one.
      overrides: { histogram: { buckets: BUCKETS, registers: [registry] }, summary: { registers: [registry] } },
    },
  });
}
