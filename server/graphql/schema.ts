// Builds the executable schema: schema.graphql + resolvers, with every Query and Mutation field wrapped by
// its access rule from access.ts. A field without a rule stops the build (fail closed).
import { readFileSync } from 'node:fs';
import { GraphQLError, GraphQLScalarType, Kind, buildSchema, defaultFieldResolver } from 'graphql';
import type { GraphQLFieldResolver } from 'graphql';
import type { Resolvers } from './generated/resolvers-types.ts';
import type { GraphQLContext } from './context.ts';
import { ACCESS, type AccessMap } from './access.ts';
import type { Absolute } from '../library/site-urls.ts';
import { CURRENCY } from '../library/policy.ts';
import { ENUM_VALUES } from './enum-values.ts';
import { batched } from './batch.ts';
import { requireSession } from '../auth/viewer.ts';
import { requireStaff } from '../library/circulation.ts';
import { bookConnectionFields, catalogMutations, catalogQueries } from './resolvers/catalog.ts';
import { circulationMutations, circulationQueries } from './resolvers/circulation.ts';
import { deskReportMutations, deskReportQueries, ledgerNoteField } from './resolvers/desk-reports.ts';
import { statisticsQueries } from './resolvers/statistics.ts';
import { accountMutations, accountQueries, userFields } from './resolvers/accounts.ts';
import { memberMutations, memberNoteFields, memberQueries, memberUserFields } from './resolvers/members.ts';
import { borrowWindowFields, loanFields } from './resolvers/circulation.ts';
import { auditEntryFields, auditQueries } from './resolvers/audit.ts';
import { bookItemsField, deskMutations, deskQueries, itemFields, renewOutcomeFields } from './resolvers/desk.ts';
import { receiptMutations } from './resolvers/receipts.ts';
import { holdShelfEntryFields, holdShelfMutations, holdShelfQueries } from './resolvers/hold-shelf.ts';
import { holdFields, holdMutations } from './resolvers/holds.ts';
import { suggestionFields, suggestionMutations, suggestionQueries } from './resolvers/suggestions.ts';
import { inLibraryWeek } from '../library/opening-hours.ts';
import { reasonIn } from '../library/closure-reasons.ts';

export const typeDefs = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');

const DateTime = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'An ISO 8601 date-time string.',
  serialize(value) {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date');
    return date.toISOString();
  },
  parseValue(value) {
    const date = typeof value === 'string' ? new Date(value) : new Date(NaN);
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO 8601 string');
    return date;
  },
  parseLiteral(ast) {
    const date = ast.kind === Kind.STRING ? new Date(ast.value) : new Date(NaN);
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO 8601 string');
    return date;
  },
});

type AnyResolver = GraphQLFieldResolver<unknown, GraphQLContext>;

/** Wraps each root field with its rule; throws when the schema has a root field the map does not cover. */
export function secureRootFields(
  resolvers: Record<'Query' | 'Mutation', Record<string, unknown>>,
  fieldNames: Record<'Query' | 'Mutation', string[]>,
  access: AccessMap,
): Record<'Query' | 'Mutation', Record<string, AnyResolver>> {
  const secured = { Query: {}, Mutation: {} } as Record<'Query' | 'Mutation', Record<string, AnyResolver>>;
  for (const type of ['Query', 'Mutation'] as const) {
    for (const field of fieldNames[type]) {
      const rule = access[type][field];
      if (!rule) throw new Error(`No access rule for ${type}.${field}: declare it in server/graphql/access.ts`);
      const resolve = (resolvers[type][field] as AnyResolver | undefined) ?? defaultFieldResolver;
      secured[type][field] =
        rule === 'public'
          ? resolve
          : (parent, args, ctx, info) => {
              const session = requireSession(ctx.viewer);
              if (rule === 'staff') requireStaff(session);
              return resolve(parent, args, ctx, info);
            };
    }
  }
  return secured;
}

export function rootFieldNames(sdl: string): Record<'Query' | 'Mutation', string[]> {
  const schema = buildSchema(sdl);
  return {
    Query: Object.keys(schema.getQueryType()?.getFields() ?? {}),
    Mutation: Object.keys(schema.getMutationType()?.getFields() ?? {}),
  };
}

export function buildResolvers(absolute: Absolute, access: AccessMap = ACCESS): Resolvers {
  const root = secureRootFields(
    {
      Query: {
        ...catalogQueries,
        ...circulationQueries,
        ...accountQueries,
        ...auditQueries,
        ...deskReportQueries,
        ...deskQueries,
        ...memberQueries,
        ...holdShelfQueries,
        ...statisticsQueries,
        ...suggestionQueries,
      },
      Mutation: {
        ...catalogMutations,
        ...circulationMutations,
        ...accountMutations,
        ...deskReportMutations,
        ...deskMutations,
        ...receiptMutations,
        ...memberMutations,
        ...holdShelfMutations,
        ...holdMutations,
        ...suggestionMutations,
      },
    },
    rootFieldNames(typeDefs),
    access,
  );
  return {
    ...(root as Pick<Resolvers, 'Query' | 'Mutation'>),
    DateTime,
    // This site's image paths leave the gateway absolute (see library/site-urls.ts).
    Book: {
      image: (book) => absolute(book.image),
      replacementCost: (book, _args, ctx) =>
        book.replacementCost ?? ctx.library.circulation.policy().defaultReplacementCost,
      // Read once for all the books of a list (batch.ts), not once per book.
      holdQueueLength: async (book, _args, ctx) =>
        (await batched(ctx, 'queueLength', book.id, (ids) => ctx.library.holds.queueLengths(ids))) ?? 0,
      myHold: async (book, _args, ctx) => {
        const session = ctx.viewer.session;
        if (!session) return null;
        return (await batched(ctx, 'myHold', book.id, (ids) => ctx.library.holds.minesOf(session, ids))) ?? null;
      },
      ...bookItemsField,
    },
    Item: itemFields,
    HoldShelfEntry: holdShelfEntryFields,
    Hold: holdFields,
    RenewOutcome: renewOutcomeFields,
    Notice: {
      message: async (notice, _args, ctx) => ctx.library.notices.message(notice, await ctx.locale()),
      link: (notice, _args, ctx) => ctx.library.notices.link(notice),
      read: (notice) => notice.readAt !== null,
    },
    Category: { image: (category) => absolute(category.image) },
    BookConnection: bookConnectionFields,
    BorrowRecord: { ...loanFields, bookImage: (loan) => absolute(loan.bookImage) },
    User: { ...userFields, ...memberUserFields },
    MemberNote: memberNoteFields,
    BorrowWindow: borrowWindowFields,
    Closure: {
      date: (closure) => closure.day,
      reason: async (closure, _args, ctx) => reasonIn(closure, await ctx.locale()),
      reasonEn: (closure) => closure.reason || null,
      reasonBn: (closure) => closure.reasonBn ?? null,
    },
    // A moon-dated holiday's name in the reader's language (the other fields are as the library answers them).
    Holiday: { name: async (holiday, _args, ctx) => holiday.name[await ctx.locale()] },
    LedgerEntry: ledgerNoteField,
    CashUpEntry: ledgerNoteField,
    HoursChange: { hours: (change) => inLibraryWeek(change.hours) },
    AuditEntry: auditEntryFields,
    PurchaseSuggestion: suggestionFields,
    Policy: {
      currency: () => CURRENCY.code,
      currencySymbol: () => CURRENCY.symbol,
      timeZone: (_policy, _args, ctx) => ctx.library.circulation.window().timeZone,
    },
    // Each enum value resolves to the value the store keeps (server/graphql/enum-values.ts).
    ...ENUM_VALUES,
  } as Resolvers;
}
