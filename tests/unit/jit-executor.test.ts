import { describe, expect, it } from 'vitest';
import { ApolloServer, type GraphQLResponse } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLError, parse } from 'graphql';
import { createJitExecutor, jitExecution } from '../../server/graphql/jit-executor.ts';

class DomainError extends Error {}

/** Resolutions of `calls` in all: Apollo's executeOperation runs on a copy of the context it is given. */
let resolutions = 0;

interface Calls {
  calls: number;
}

const schema = makeExecutableSchema({
  typeDefs: 'type Query { hello(times: Int!): String!  fails: String  tooMany: String  calls: Int! }',
  resolvers: {
    Query: {
      hello: (_: unknown, args: { times: number }) => 'hi'.repeat(args.times),
      fails: () => {
        throw new DomainError('refused');
      },
      tooMany: () => {
        throw new GraphQLError('slow down', { extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
      },
      calls: (_: unknown, _args: unknown, ctx: Calls) => {
        resolutions += 1;
        return ++ctx.calls;
      },
    },
  },
});

/** Codes as the gateway's formatError gives them: a domain error says its own, the rest stay Apollo's. */
const formatError = (formatted: { message: string; extensions?: Record<string, unknown> }, error: unknown) => {
  const original = error instanceof GraphQLError ? error.originalError : undefined;
  return original instanceof DomainError
    ? { ...formatted, extensions: { ...formatted.extensions, code: 'DOMAIN' } }
    : formatted;
};

/** An Apollo Server with the compiled execution, as the gateway has it. */
async function server() {
  const apollo = new ApolloServer<Calls>({ schema, formatError, plugins: [jitExecution<Calls>(schema, formatError)] });
  await apollo.start();
  return apollo;
}

const single = (response: GraphQLResponse) => {
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  return response.body.singleResult;
};

/** The same operation twice: graphql-js answers the first run, the compiled form the second. */
async function twice(query: string, variables: Record<string, unknown> = {}) {
  const apollo = await server();
  try {
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const before = resolutions;
      const response = await apollo.executeOperation({ query, variables }, { contextValue: { calls: 0 } });
      runs.push({ status: response.http.status, result: single(response), calls: resolutions - before });
    }
    return runs;
  } finally {
    await apollo.stop();
  }
}

describe('the compiled executor', () => {
  it('declines a document the first time (graphql-js runs it), then answers from its compiled form', async () => {
    const executor = createJitExecutor(schema);
    const request = { document: parse('{ calls }'), operationName: null, variables: {}, context: { calls: 0 } };
    expect(await executor(request)).toBeNull();
    expect(await executor({ ...request, context: { calls: 0 } })).toEqual({ data: { calls: 1 } });
    expect(await executor({ ...request, context: { calls: 5 } })).toEqual({ data: { calls: 6 } });
  });

  it('declines introspection and variables that do not coerce (no resolver runs)', async () => {
    const executor = createJitExecutor(schema);
    const introspection = { document: parse('{ __type(name: "Query") { name } }'), operationName: null, context: {} };
    for (let i = 0; i < 3; i++) expect(await executor({ ...introspection, variables: {} })).toBeNull();
    const context = { calls: 0 };
    const coerce = { document: parse('query($n: Int!) { hello(times: $n) calls }'), operationName: null, context };
    await executor({ ...coerce, variables: { n: 1 } });
    expect(await executor({ ...coerce, variables: { n: 'x' } })).toBeNull();
    expect(context.calls).toBe(0);
  });
});

describe('operations answered compiled through Apollo Server', () => {
  it('answers as graphql-js does, with the context of each request', async () => {
    const [first, second] = await twice('query($n: Int!) { hello(times: $n) calls }', { n: 2 });
    expect(first).toEqual({ status: undefined, result: { data: { hello: 'hihi', calls: 1 } }, calls: 1 });
    expect(second).toEqual(first);
  });

  it("formats a resolver's error as Apollo does: its path, locations, code from formatError, data beside it", async () => {
    const [first, second] = await twice('{ hello(times: 1) fails }');
    expect(first?.result).toEqual({
      data: { hello: 'hi', fails: null },
      errors: [
        { message: 'refused', locations: [{ line: 1, column: 19 }], path: ['fails'], extensions: { code: 'DOMAIN' } },
      ],
    });
    expect(second).toEqual(first);
  });

  it("takes an error's http extension into the answer's status, and gives an error without a code Apollo's", async () => {
    const [first, second] = await twice('{ tooMany }');
    expect(first?.status).toBe(429);
    expect(first?.result.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED' });
    expect(second).toEqual(first);
  });

  it('refuses variables that do not coerce in graphql-js words, running no resolver', async () => {
    const [first, second] = await twice('query($n: Int!) { hello(times: $n) calls }', { n: 'x' });
    expect(first?.result.errors?.[0]?.message).toBe(
      'Variable "$n" got invalid value "x"; Int cannot represent non-integer value: "x"',
    );
    expect(first?.calls).toBe(0);
    expect(second).toEqual(first);
  });

  it('answers introspection (through graphql-js)', async () => {
    const [first, second] = await twice('{ __type(name: "Query") { fields { name } } }');
    expect(first?.result).toEqual({
      data: { __type: { fields: [{ name: 'hello' }, { name: 'fails' }, { name: 'tooMany' }, { name: 'calls' }] } },
    });
    expect(second).toEqual(first);
  });
});
