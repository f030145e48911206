// Reference servers for the benchmark, each run as its own process like the gateway:
//   PEER=yoga     GraphQL Yoga serving the same schema, resolvers and store (the peer to beat)
//   PEER=mercurius Mercurius (Fastify) with graphql-jit on the same schema, resolvers and store (a reference)
//   PEER=apollo   stock Apollo Server 5 with its defaults (standalone, graphql-js, its default plugins) on the
//                 same schema, resolvers and store: what a user of this stack would otherwise write
//   PEER=http     a bare node:http server answering a constant body (the platform's limit)
//   PEER=fastify  a bare Fastify route answering a constant JSON body
//   PEER=unchecked the gateway itself with the circulation policy's checks off (what the policy costs)
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { createYoga } from 'graphql-yoga';
import mercurius from 'mercurius';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLError } from 'graphql';
import { formatError } from '../server/graphql/errors.ts';
import { loadConfig } from '../server/config.ts';
import { createGateway } from '../server/gateway.ts';
import { typeDefs, buildResolvers } from '../server/graphql/schema.ts';
import { absoluteImages } from '../server/library/site-urls.ts';
import { requestContext, type GraphQLContext } from '../server/graphql/context.ts';
import { viewerFrom } from '../server/auth/viewer.ts';
import { noSignIn } from './no-sign-in.ts';

const port = Number(process.env.PORT);
// An exit of its own on SIGTERM, so that a peer run with --cpu-prof (bench/profile.ts) writes its profile.
process.once('SIGTERM', () => process.exit(0));
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
} else if (peer === 'yoga' || peer === 'mercurius' || peer === 'apollo') {
  // The same parts as the gateway's; only Yoga, or Mercurius, stands in for Fastify + Apollo in front of them.
  const config = loadConfig({
    DATA_DIR: process.env.DATA_DIR,
    MONGODB_URI: process.env.MONGODB_URI,
    MONGODB_DB: process.env.MONGODB_DB,
    // The bench's secret, so the members it signs in are signed in here too.
    SESSION_SECRET: process.env.SESSION_SECRET ?? 'x'.repeat(32),
    LOG_LEVEL: 'silent',
  });
  const { library } = await createGateway(config, { verifier: noSignIn, logger: false });
  // Who is asking and in which language, per request, as the gateway reads them (server/app.ts): a session
  // ended by signing out is refused, and a member's notices are said in the language they chose. Only the
  // gateway's rate limits are left out.
  const contextFor = async (
    authorization: string | undefined,
    acceptLanguage: string | undefined,
  ): Promise<GraphQLContext> => {
    const viewer = await viewerFrom(authorization, library.sessions);
    return requestContext(library, viewer, acceptLanguage, {
      countMutation: async () => {},
      signIn: (input) => library.accounts.signIn(input),
    });
  };
  const schema = makeExecutableSchema<GraphQLContext>({
    typeDefs,
    resolvers: buildResolvers(absoluteImages(() => `http://127.0.0.1:${port}`)) as never,
  });
  if (peer === 'yoga') {
    const yoga = createYoga({
      schema,
      context: ({ request }) =>
        contextFor(
          request.headers.get('authorization') ?? undefined,
          request.headers.get('accept-language') ?? undefined,
        ),
      logging: false,
      graphiql: false,
      // Masked as the gateway masks them (server/graphql/errors.ts): a refusal keeps its code and sentence, anything
      // unexpected says only that it was (Yoga's own masking would hide a refusal's code too).
      maskedErrors: {
        maskError: (error) => {
          const formatted = formatError(
            error instanceof GraphQLError ? error.toJSON() : { message: String(error) },
            error,
          );
          return new GraphQLError(formatted.message, {
            path: formatted.path,
            extensions: formatted.extensions,
          });
        },
      },
    });
    createServer((request, response) => void yoga(request, response)).listen(port, '127.0.0.1', () =>
      console.log('ready'),
    );
  } else if (peer === 'apollo') {
    // Every option at its default: no compiled execution, no limits, Apollo's landing page and cache-control plugins.
    const server = new ApolloServer<GraphQLContext>({ schema });
    await startStandaloneServer(server, {
      listen: { port, host: '127.0.0.1' },
      context: async ({ req }) => contextFor(req.headers.authorization, req.headers['accept-language']),
    });
    console.log('ready');
  } else {
    const app = Fastify({ logger: false });
    // jit: 1 compiles an operation the first time it is seen again, the fastest setting it offers.
    await app.register(mercurius, {
      schema,
      context: (request) => contextFor(request.headers.authorization, request.headers['accept-language']),
      jit: 1,
      graphiql: false,
    });
    await app.listen({ port, host: '127.0.0.1' });
    console.log('ready');
  }
} else {
  throw new Error(`Unknown PEER "${peer}"`);
}
