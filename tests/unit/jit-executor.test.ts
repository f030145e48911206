import { describe, expect, it } from 'vitest';
import { ApolloServer, type GraphQLResponse } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLError, parse } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { createJitExecutor, jitExecution } from '../../server/graphql/jit-executor.ts';

class DomainError extends Error {}

/** Resolutions of `calls` in all: Apollo's executeOperation runs on a copy of the context it is given. */
let resolutions = 0;

interface Calls {
  calls: number;
}

const schema = makeExecutableSchema({
  typeDefs: `
    type Query { hello(times: Int!): String!  fails: String  tooMany: String  calls: Int!  books: [Book] }
    type Book { id: ID!  title: String!  pages: Int  note: String }
  `,
  resolvers: {
    Query: {
      hello: (_: unknown, args: { times: number }) => 'hi'.repeat(args.times),
      fails: () => {
        throw new DomainError('refused');
      },
      tooMany: () => {
        throw new GraphQLError('slow down', { extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
      },
      // A list whose leaves hold each case a compiled leaf checks: a value, a missing required one, one that is
      // not its type, and an error in place of a value.
      books: () => [
        { id: '1', title: 'Gitanjali', pages: 103, note: 'first' },
        { id: '2', title: null, pages: 10, note: null },
        { id: '3', title: 'Agnibeena', pages: 'many', note: new Error('no note') },
      ],
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

  it("checks each leaf of a list's items as graphql-js does: a missing required value, a wrong type, an error", async () => {
    const [first, second] = await twice('{ books { id title pages note } }');
    // graphql-jit lists the errors of a null carried up to its parent after the others; the order is not the answer's.
    const byPath = (errors: readonly { path?: readonly (string | number)[] }[] = []) =>
      [...errors].sort((a, b) => String(a.path).localeCompare(String(b.path)));
    for (const run of [first, second]) {
      expect(run?.result.data).toEqual({
        books: [
          { id: '1', title: 'Gitanjali', pages: 103, note: 'first' },
          null,
          { id: '3', title: 'Agnibeena', pages: null, note: null },
        ],
      });
      expect(byPath(run?.result.errors)).toEqual([
        expect.objectContaining({
          message: 'Cannot return null for non-nullable field Book.title.',
          locations: [{ line: 1, column: 14 }],
          path: ['books', 1, 'title'],
        }),
        expect.objectContaining({
          message: 'no note',
          locations: [{ line: 1, column: 26 }],
          path: ['books', 2, 'note'],
        }),
        expect.objectContaining({
          message: 'Int cannot represent non-integer value: "many"',
          locations: [{ line: 1, column: 20 }],
          path: ['books', 2, 'pages'],
        }),
      ]);
    }
    expect(byPath(second?.result.errors)).toEqual(byPath(first?.result.errors));
  });

  // patches/graphql-jit+0.8.9.patch (decision 098): graphql-jit builds a leaf's error location and path on every
  // read, for every field of every item of a list; patched, it reads the value first and builds them only for an
  // error. This fails when `npm ci` did not apply the patch.
  it("reads a leaf's value before it builds the error it would give (the installed patch)", () => {
    const compiled = compileQuery(schema, parse('{ books { title note } }'), undefined, { debug: true } as never);
    if (!isCompiledQuery(compiled)) throw new Error('not compiled');
    const code = (compiled as { __DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation?: string })
      .__DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation;
    // Book.title is required and Book.note is not: each leaf's value is tested, then serialized, in place.
    expect(code).toMatch(/\((\S+) != null && !\(\1 instanceof Error\) \? __context\.serializers\.StringSerializer\(/);
    expect(code).toMatch(
      /\((\S+) == null \? null : !\(\1 instanceof Error\) \? __context\.serializers\.StringSerializer\(/,
    );
  });

  it('answers introspection (through graphql-js)', async () => {
    const [first, second] = await twice('{ __type(name: "Query") { fields { name } } }');
    expect(first?.result).toEqual({
      data: {
        __type: {
          fields: [{ name: 'hello' }, { name: 'fails' }, { name: 'tooMany' }, { name: 'calls' }, { name: 'books' }],
        },
      },
    });
    expect(second).toEqual(first);
  });
});
