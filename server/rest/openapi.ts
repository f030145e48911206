// The OpenAPI 3.1 document of the REST layer, built by @fastify/swagger from the route schemas the gateway
// validates and serialises with, served at GET /api/openapi.json, with a Swagger UI reference page at
// /api/docs whose scripts and styles come from the npm package (nothing from a CDN).
// Registered inside the /api scope before the routes, so it sees /api only (not /graphql, /healthz, static).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

export async function registerOpenApi(api: FastifyInstance) {
  await api.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'BookHaven REST API',
        version,
        description:
          'The REST compatibility layer of the BookHaven gateway: the original app’s paths and shapes over the same services as GraphQL. ' +
          'Sign in with POST /api/jwt (a Firebase ID token in, a session token out) and send the token as `Authorization: Bearer <token>`.',
      },
      tags: [
        { name: 'Session', description: 'Signing in' },
        { name: 'Books', description: 'The catalogue' },
        { name: 'Circulation', description: 'Borrowing and returning' },
        { name: 'Categories', description: 'The library’s categories' },
        { name: 'Calendar', description: 'The days the library is closed' },
        { name: 'Users', description: 'Members' },
        { name: 'Desk', description: 'The circulation desk’s lists (staff)' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The session token from POST /api/jwt.',
          },
        },
      },
    },
    // Only the documented REST routes: the reference page's own routes and anything untagged stay out.
    hideUntagged: true,
  });
  await api.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // The page links its assets absolutely; the plugin does not know the /api scope it lives in.
    indexPrefix: api.prefix,
    theme: { title: 'BookHaven REST API' },
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
  });
  api.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(api.swagger()),
  );
}
