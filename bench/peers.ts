// Reference servers for the benchmark, each run as its own process like the gateway:
//   PEER=yoga     GraphQL Yoga serving the same schema, resolvers and store (the peer to beat)
//   PEER=http     a bare node:http server answering a constant body (the platform's limit)
//   PEER=fastify  a bare Fastify route answering a constant JSON body
//   PEER=unchecked the gateway itself with the circulation policy's checks off (what the policy costs)
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { createYoga, createSchema } from 'graphql-yoga';
import { loadConfig } from '../server/config.ts';
import { createGateway } from '../server/gateway.ts';
import { typeDefs, buildResolvers } from '../server/graphql/schema.ts';
import { absoluteImages } from '../server/library/site-urls.ts';
import type { GraphQLContext } from '../server/graphql/context.ts';

const port = Number(process.env.PORT);
const peer = process.env.PEER;

if (peer === 'http') {
  const body = readFileSync(process.env.BODY_FILE ?? '');
  const type = process.env.CONTENT_TYPE ?? 'application/json; charset=utf-8';
  createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': type, 'content-length': body.length });
      response.end(body);
    });
  }).listen(port, '127.0.0.1', () => console.log('ready'));
} else if (peer === 'fastify') {
  const body = JSON.parse(readFileSync(process.env.BODY_FILE ?? '', 'utf8')) as Record<string, unknown>;
  const app = Fastify({ logger: false });
  app.get('/api/books/:id', async () => body);
  await app.listen({ port, host: '127.0.0.1' });
  console.log('ready');
} else if (peer === 'unchecked') {
  const { app } = await createGateway(loadConfig(process.env), { logger: false, enforcePolicy: false });
  await app.listen({ port, host: '127.0.0.1' });
  console.log('ready');
} else if (peer === 'yoga') {
  // The same parts as the gateway's; only Yoga stands in for Fastify + Apollo in front of them.
  const config = loadConfig({
    DATA_DIR: process.env.DATA_DIR,
    MONGODB_URI: process.env.MONGODB_URI,
    MONGODB_DB: process.env.MONGODB_DB,
    SESSION_SECRET: 'x'.repeat(32),
    LOG_LEVEL: 'silent',
  });
  const verifier = { verify: () => Promise.reject(new Error('not used by the benchmark')), close: async () => {} };
  const { library } = await createGateway(config, { verifier, logger: false });
  const context: GraphQLContext = {
    library,
    viewer: { credential: 'none', session: null },
    countMutation: async () => {},
    signIn: (input) => library.accounts.signIn(input),
  };
  const yoga = createYoga({
    schema: createSchema({
      typeDefs,
      resolvers: buildResolvers(absoluteImages(() => `http://127.0.0.1:${port}`)) as never,
    }),
    context: () => context,
    logging: false,
    graphiql: false,
    maskedErrors: true,
  });
  createServer((request, response) => void yoga(request, response)).listen(port, '127.0.0.1', () =>
    console.log('ready'),
  );
} else {
  throw new Error(`Unknown PEER "${peer}"`);
}
