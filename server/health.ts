// Health for load balancers and orchestrators, each answer `no-store`:
// - /livez: the process is up and its event loop turns. Never touches the store, so a database outage does not
//   get every gateway restarted.
// - /readyz: send me traffic. The store answers a ping, and the gateway is not shutting down: from the first
//   signal (see SHUTDOWN_DRAIN_MS in index.ts) it says 503 while it goes on serving, so the balancer stops
//   sending requests before the gateway stops taking them.
// - /healthz: the original check (the store answers a ping), kept as it was for the clients that use it.
import type { FastifyInstance } from 'fastify';
import type { Store } from './store/port.ts';

const NO_STORE = 'no-store';

export function healthRoutes(app: FastifyInstance, store: Store, draining: () => boolean): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  app.get('/livez', async (_request, reply) => reply.header('cache-control', NO_STORE).send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', NO_STORE);
    if (closing || draining()) return reply.code(503).send({ status: 'shutting down', store: store.kind });
    try {
      await store.ping();
      return { status: 'ready', store: store.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', store: store.kind });
    }
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await store.ping();
      return { status: 'ok', store: store.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', store: store.kind });
    }
  });
}
