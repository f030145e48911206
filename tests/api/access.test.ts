// Secure by default: every root field has an access rule, a missing rule stops the build, and every
// 'signedIn' field refuses a visitor. The checks iterate over the schema and the map, so a new field is
// covered without editing this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputType,
} from 'graphql';
import { ACCESS, type AccessMap } from '../../server/graphql/access.ts';
import { buildResolvers, rootFieldNames, typeDefs } from '../../server/graphql/schema.ts';
import { describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';
import { expectError } from './gql-assert.ts';

const schema = buildSchema(typeDefs);
const ROOTS = ['Query', 'Mutation'] as const;
const SAMPLE_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** A literal that passes GraphQL validation for the type (its content does not matter: access runs first). */
function literal(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literal(type.ofType);
  if (isListType(type)) return `[${literal(type.ofType)}]`;
  if (isEnumType(type)) return type.getValues()[0]?.name ?? '';
  if (isInputObjectType(type)) {
    const required = Object.values(type.getFields()).filter(
      (f) => isNonNullType(f.type) && f.defaultValue === undefined,
    );
    return `{ ${required.map((f) => `${f.name}: ${literal(f.type)}`).join(', ')} }`;
  }
  if (isScalarType(type)) {
    return (
      ({ Int: '1', Float: '1.5', Boolean: 'true' } as Record<string, string>)[type.name] ?? JSON.stringify(SAMPLE_ID)
    );
  }
  throw new Error(`no literal for ${String(type)}`);
}

/** The smallest valid operation that calls one root field. */
function operationFor(root: (typeof ROOTS)[number], field: string): string {
  const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
  const definition = type?.getFields()[field];
  if (!definition) throw new Error(`${root}.${field} is not in the schema`);
  const args = definition.args.filter((a: GraphQLArgument) => isNonNullType(a.type) && a.defaultValue === undefined);
  const argText = args.length ? `(${args.map((a) => `${a.name}: ${literal(a.type)}`).join(', ')})` : '';
  const selection = isObjectType(getNamedType(definition.type)) ? ' { __typename }' : '';
  return `${root === 'Query' ? 'query' : 'mutation'} { ${field}${argText}${selection} }`;
}

const signedInFields = ROOTS.flatMap((root) =>
  Object.entries(ACCESS[root] as Record<string, string>)
    .filter(([, rule]) => rule === 'signedIn')
    .map(([field]) => [root, field] as const),
);

const staffFields = ROOTS.flatMap((root) =>
  Object.entries(ACCESS[root] as Record<string, string>)
    .filter(([, rule]) => rule === 'staff')
    .map(([field]) => [root, field] as const),
);

describe('the access map', () => {
  it('has a rule for every Query and Mutation field of schema.graphql, and none for fields it lacks', () => {
    const fields = rootFieldNames(typeDefs);
    for (const root of ROOTS) {
      expect(Object.keys(ACCESS[root]).sort(), root).toEqual([...fields[root]].sort());
      for (const rule of Object.values(ACCESS[root] as Record<string, string>))
        expect(['public', 'signedIn', 'staff']).toContain(rule);
    }
  });

  it('keeps the signed-in fields the spec guards (a rule loosened by mistake fails here)', () => {
    expect(signedInFields.map(([root, field]) => `${root}.${field}`)).toEqual(
      expect.arrayContaining([
        'Mutation.addBook',
        'Mutation.borrow',
        'Mutation.returnBook',
        'Mutation.updateBook',
        'Query.borrowedBooks',
        'Query.users',
      ]),
    );
  });

  it.each(ROOTS.flatMap((root) => Object.keys(ACCESS[root]).map((field) => [root, field] as const)))(
    'buildResolvers throws when %s.%s has no rule',
    (root, field) => {
      const partial: AccessMap = { Query: { ...ACCESS.Query }, Mutation: { ...ACCESS.Mutation } };
      delete partial[root][field];
      expect(() => buildResolvers((image) => image, partial)).toThrow(`${root}.${field}`);
    },
  );

  it('keeps the desk to staff (a rule loosened by mistake fails here)', () => {
    expect(staffFields.map(([root, field]) => `${root}.${field}`).sort()).toEqual([
      'Mutation.addClosure',
      'Mutation.addItems',
      'Mutation.addMemberNote',
      'Mutation.blockMember',
      'Mutation.checkIn',
      'Mutation.checkInItem',
      'Mutation.checkOut',
      'Mutation.clearHoldShelf',
      'Mutation.confirmHoliday',
      'Mutation.decideSuggestion',
      'Mutation.dropHoliday',
      'Mutation.editMember',
      'Mutation.emailCheckoutReceipt',
      'Mutation.markClaimsReturned',
      'Mutation.markLost',
      'Mutation.moveHoliday',
      'Mutation.placeHoldFor',
      'Mutation.recordPayment',
      'Mutation.registerMember',
      'Mutation.removeClosure',
      'Mutation.renewAllFor',
      'Mutation.renewFor',
      'Mutation.revertBookEdit',
      'Mutation.sendOverdueReminder',
      'Mutation.sendOverdueReminders',
      'Mutation.setItemStatus',
      'Mutation.setOpeningHours',
      'Mutation.shelveHold',
      'Mutation.unblockMember',
      'Mutation.waiveFee',
      'Mutation.withdrawItem',
      'Query.auditLog',
      'Query.cashUp',
      'Query.feeStats',
      'Query.holdStats',
      'Query.holdsReady',
      'Query.holdsToClear',
      'Query.holdsToPull',
      'Query.item',
      'Query.loanStats',
      'Query.member',
      'Query.memberByCard',
      'Query.members',
      'Query.overdueAging',
      'Query.overdueLoans',
      'Query.overdueReminderPreview',
      'Query.purchaseSuggestions',
      'Query.receipt',
      'Query.topBooks',
      'Query.topGenres',
    ]);
  });

  it('buildResolvers succeeds with the full map', () => {
    expect(() => buildResolvers((image) => image, ACCESS)).not.toThrow();
  });
});

describeEachStore((store) => {
  describe('signed-in fields over HTTP', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startTestGateway({ store });
    });
    afterAll(() => gw.close());

    it.each(signedInFields)('%s.%s refuses a visitor with UNAUTHENTICATED', async (root, field) => {
      const answer = await gw.gql(operationFor(root, field));
      expect(answer.status).toBe(200);
      expectError(answer, 'UNAUTHENTICATED');
    });

    it.each(signedInFields)('%s.%s refuses an invalid token with UNAUTHENTICATED', async (root, field) => {
      expectError(await gw.gql(operationFor(root, field), {}, 'not-a-session-token'), 'UNAUTHENTICATED');
    });

    it.each(staffFields)(
      '%s.%s refuses a visitor, and a member who is not staff with FORBIDDEN',
      async (root, field) => {
        expectError(await gw.gql(operationFor(root, field)), 'UNAUTHENTICATED');
        const m = await gw.member();
        expectError(await gw.gql(operationFor(root, field), {}, m.token), 'FORBIDDEN');
      },
    );

    it("a member reaches their own account through me, never another member's through users", async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      const own = await gw.gql('{ me { uid balance ledger { id } loans { id } } }', {}, m.token);
      expect(own.body).toEqual({ data: { me: { uid: m.uid, balance: 0, ledger: [], loans: [] } } });
      const listed = await gw.gql('{ users { uid balance } }', {}, other.token);
      expect(listed.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      for (const field of ['balance', 'ledger { id }', 'loans { id }']) {
        const answer = await gw.gql(`{ users { uid ${field} } }`, {}, other.token);
        expect(answer.body.errors?.map((e) => e.extensions?.code)).toContain('FORBIDDEN');
      }
    });

    it('the generated operations reach the resolver for a member (so the refusals above are about access)', async () => {
      const m = await gw.member();
      // Erasing the account ends the member's sessions: asked last.
      const last = (field: string) => (field === 'deleteMyAccount' ? 1 : 0);
      for (const [root, field] of [...signedInFields].sort((x, y) => last(x[1]) - last(y[1]))) {
        const codes = ((await gw.gql(operationFor(root, field), {}, m.token)).body.errors ?? []).map(
          (e) => e.extensions?.code,
        );
        expect(codes, `${root}.${field}`).not.toContain('UNAUTHENTICATED');
        expect(codes, `${root}.${field}`).not.toContain('GRAPHQL_VALIDATION_FAILED');
      }
    });
  });
});
