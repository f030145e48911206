// Every operation the SPA sends passes the limits the gateway sets for strangers (armor's depth, aliases and cost,
// and the cost of lists and searches once the variables are known), at the extremes of its variables: the longest
// page the gateway serves, a one-letter search in either language with a genre, in-stock only and every facet
// the document asks. The operations are the client's own documents (client/gql/graphql.ts, from every graphql()
// call), as Apollo Client sends them (with __typename), so a new field or a new price that would refuse a page
// fails here first. The catalogue is large enough for a short word's price to be the most it can be (the books
// holding "a" and "মা" are counted up to SEARCH_COST.scan), so any larger store prices the same. SQLite only:
// the price is the library's rule, the store only counts (both stores: tests/api/search-pricing.test.ts).
import { readFileSync } from 'node:fs';
import {
  Kind,
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  print,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as documents from '../../client/gql/graphql.ts';
import { SEARCH_COST } from '../../server/library/catalog.ts';
import { MAX_PAGE_SIZE } from '../../server/library/paging.ts';
import { bookFields, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';

const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
const GENRES = ['Drama', 'Poetry', 'Fantasy'];
/** One search per variant: one letter in English and in Bangla. */
const SEARCHES = ['a', 'মা'];

/** The SPA's operations: every document codegen made from its graphql() calls (fragments left out). */
const operations = Object.entries(documents as Record<string, unknown>).flatMap(([name, value]) => {
  const definition = (value as DocumentNode | null)?.definitions?.[0];
  return name.endsWith('Document') && definition?.kind === Kind.OPERATION_DEFINITION
    ? [{ name: definition.name?.value ?? name, document: addTypenameToDocument(value as DocumentNode) }]
    : [];
});

interface Known {
  bookId: string;
  uid: string;
}

/** A variable's value at its extreme, for the variant-th search; undefined leaves a nullable one out. */
function valueOf(name: string, type: GraphQLInputType, variant: number, known: Known): unknown {
  if (isNonNullType(type)) return valueOf(name, type.ofType, variant, known) ?? placeholder(getNamedType(type).name);
  if (isListType(type)) return [valueOf(name, type.ofType, variant, known)];
  if (isInputObjectType(type))
    return Object.fromEntries(
      Object.values(type.getFields()).map((field) => [field.name, valueOf(field.name, field.type, variant, known)]),
    );
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (name === 'first') return MAX_PAGE_SIZE;
  if (name === 'search') return SEARCHES[variant];
  if (name === 'genre' || name === 'category') return GENRES[0];
  if (name === 'availableOnly') return true;
  if (name === 'uid') return known.uid;
  if (/^(id|bookId)$/.test(name)) return known.bookId;
  if (name === 'from' || name === 'day') return '2026-11-01';
  if (name === 'to') return '2026-12-31';
  return undefined;
}

const placeholder = (type: string): unknown =>
  ({ Int: 1, Float: 1, Boolean: true, String: 'x', ID: 'x', DateTime: '2026-11-01T00:00:00.000Z' })[type] ?? 'x';

function variablesOf(operation: OperationDefinitionNode, variant: number, known: Known): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined;
    if (!type) throw new Error(`unknown type of $${definition.variable.name.value}`);
    const value = valueOf(definition.variable.name.value, type, variant, known);
    if (value !== undefined) variables[definition.variable.name.value] = value;
  }
  return variables;
}

describe('the SPA’s operations within the gateway’s limits', () => {
  const books = SEARCH_COST.scan * SEARCH_COST.matchesPerUnit;
  let gw: TestGateway;
  let staff: Member;
  let known: Known;
  beforeAll(async () => {
    // The catalogue fills for seconds after the sign-in: the connection is kept alive for longer, so the
    // client's pooled socket is not closed under the next request.
    gw = await startTestGateway({
      env: {
        ADMIN_EMAILS: 'spa-staff@example.com',
        KEEP_ALIVE_TIMEOUT_MS: '120000',
        BORROWING: 'instant',
        RETURNS: 'self',
      },
    });
    staff = await gw.member({ email: 'spa-staff@example.com' });
    for (let i = 0; i < books; i += 1_000)
      await gw.store.books.insertMany(
        Array.from({ length: 1_000 }, (_, j) =>
          bookFields({ title: `A Rain Maker ${i + j}`, author: 'মাহমুদ হক', genre: GENRES[(i + j) % 3] }),
        ),
      );
    const [book] = (await gw.store.books.list({}, { first: 1 })).nodes;
    known = { bookId: book?.id ?? '', uid: staff.uid };
  });
  afterAll(() => gw?.close());

  it('finds the SPA’s operations', () => {
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining(['AllBooks', 'CategoryBooks', 'BorrowBook']));
    expect(operations.length).toBeGreaterThan(40);
  });

  it('lets every query through, run as staff with its variables at their extremes', async () => {
    const refused: string[] = [];
    for (const { name, document } of operations) {
      const operation = document.definitions[0] as OperationDefinitionNode;
      if (operation.operation !== 'query') continue;
      const variants = JSON.stringify(operation.variableDefinitions ?? []).includes('"search"') ? SEARCHES.length : 1;
      for (let variant = 0; variant < variants; variant++) {
        const variables = variablesOf(operation, variant, known);
        const answer = await gw.gql(print(document), variables, staff.token);
        // A limit's refusal comes before anything runs; variables that do not coerce would skip the list cost.
        for (const error of answer.body.errors ?? [])
          if (error.extensions?.code === 'GRAPHQL_VALIDATION_FAILED' || /^Variable "\$/.test(error.message))
            refused.push(`${name} ${JSON.stringify(variables)}: ${error.message}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('lets every mutation through the limits (sent over GET, refused after validation, so nothing runs)', async () => {
    const refused: string[] = [];
    for (const { name, document } of operations) {
      if ((document.definitions[0] as OperationDefinitionNode).operation !== 'mutation') continue;
      const answer = await gw.request('GET', `/graphql?query=${encodeURIComponent(print(document))}`, {
        headers: { 'apollo-require-preflight': 'true' },
        token: staff.token,
      });
      // Apollo checks the method only once armor's rules have validated the document.
      if (answer.status !== 405) refused.push(`${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    expect(refused).toEqual([]);
  });
});
