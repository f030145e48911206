import { describe, expect, it } from 'vitest';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLError, parse } from 'graphql';
import { createJitExecutor } from '../../server/graphql/jit-executor.ts';

class DomainError extends Error {}

const schema = makeExecutableSchema({
  typeDefs: 'type Query { hello(times: Int!): String!  fails: String!  calls: Int! }',
  resolvers: {
    Query: {
      hello: (_: unknown, args: { times: number }) => 'hi'.repeat(args.times),
      fails: () => {
        throw new DomainError('refused');
      },
      calls: (_: unknown, _args: unknown, ctx: { calls: number }) => ++ctx.calls,
    },
  },
});

function run(query: string, variables: Record<string, unknown> = {}, context: object = { calls: 0 }) {
  const executor = createJitExecutor(schema);
  const document = parse(query);
  const request = { document, operationName: null, request: { variables }, context };
  return { executor, request, result: executor(request as never) };
}

describe('the compiled executor', () => {
  it('answers as graphql-js does, with the context it is given', async () => {
    const { result } = run('query($n: Int!) { hello(times: $n) calls }', { n: 2 });
    expect(await result).toEqual({ data: { hello: 'hihi', calls: 1 } });
  });

  it("hands a resolver's failure to Apollo as a graphql-js error, with extensions, path and the original error", async () => {
    const { errors } = await run('{ fails }').result;
    const [error] = errors ?? [];
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error?.extensions).toEqual({});
    expect(error?.path).toEqual(['fails']);
    expect(error?.locations).toEqual([{ line: 1, column: 3 }]);
    expect(error?.originalError).toBeInstanceOf(DomainError);
  });

  it('refuses variables that do not coerce in graphql-js words, running no resolver', async () => {
    const context = { calls: 0 };
    const { result } = run('query($n: Int!) { hello(times: $n) calls }', { n: 'x' }, context);
    const { data, errors } = await result;
    expect(data).toBeUndefined();
    expect(errors?.[0]?.message).toBe(
      'Variable "$n" got invalid value "x"; Int cannot represent non-integer value: "x"',
    );
    expect(context.calls).toBe(0);
  });

  it('answers introspection (through graphql-js)', async () => {
    const { result } = run('{ __type(name: "Query") { fields { name } } }');
    expect(await result).toEqual({
      data: { __type: { fields: [{ name: 'hello' }, { name: 'fails' }, { name: 'calls' }] } },
    });
  });

  it('runs a document it compiled before with the context of each request', async () => {
    const { executor, request } = run('{ calls }');
    const context = { calls: 0 };
    const again = { ...request, context };
    expect(await executor(again as never)).toEqual({ data: { calls: 1 } });
    expect(await executor(again as never)).toEqual({ data: { calls: 2 } });
  });
});
