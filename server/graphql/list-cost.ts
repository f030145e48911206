// The cost limit counts what lists and searches make the gateway read and answer. graphql-armor prices an
// operation by its shape (a list once, unless `first` is written in the query as a number), so fifteen aliases
// of a whole genre, or of every member, cost it no more than fifteen books: enough to run the process out of
// memory at 50,000 books. Armor's price of the shape is kept from validation; once the variables are known,
// each list field at the root adds the items it can answer times what one item costs (list-pricing.ts),
// whole lists at their real size (read from the store without reading the list), and each search and its facets
// what they make the store read (library/catalog.ts, SEARCH_COST: its words, and the books its short words hold,
// as the store counts them). Over the same limit, the operation is refused with armor's own answer, before
// anything runs.
import type { GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import {
  GraphQLError,
  getArgumentValues,
  getVariableValues,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationContext,
} from 'graphql';
import { LibraryError } from '../library/errors.ts';
import { pageSize } from '../library/paging.ts';
import { isStoreUnavailable } from '../store/unavailable.ts';
import type { GraphQLContext } from './context.ts';
import { pricedFields, type PricedField } from './list-pricing.ts';
import { DONE, onePerServer } from './plugins.ts';

/** The priced fields of an operation, kept with the operation of the document Apollo reuses. */
const pricedOf = new WeakMap<OperationDefinitionNode, PricedField[]>();

/** A page's size: `first`, or the default; 0 for a size the service refuses (execution answers that). */
function pageOf(first: unknown): number {
  try {
    return pageSize(first as number | null | undefined);
  } catch {
    return 0;
  }
}

/** How many items one priced field can answer with these arguments; 0 for arguments execution refuses. */
async function sizeOf(field: PricedField, args: Record<string, unknown>, ctx: GraphQLContext): Promise<number> {
  switch (field.size) {
    case 'page':
      // `first` written as a number: armor multiplied the shape by it already.
      return field.literalFirst ? 0 : pageOf(args['first']);
    case 'genre':
      return ctx.library.catalog.genreSize(args['category']);
    case 'members': {
      // Any argument makes it a page (accounts.ts); without a session the field is refused when it runs.
      if (args['search'] != null || args['first'] != null || args['after'] != null)
        return field.literalFirst ? 0 : pageOf(args['first']);
      const session = ctx.viewer.session;
      return session ? ctx.library.accounts.count(session, null) : 0;
    }
  }
}

/** The priced fields of a query (none for any other operation), worked out once per operation. */
function pricedFieldsOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode | undefined,
): PricedField[] {
  if (operation?.operation !== 'query') return [];
  let fields = pricedOf.get(operation);
  if (!fields) {
    fields = pricedFields(schema, document, operation);
    pricedOf.set(operation, fields);
  }
  return fields;
}

/** The lists' and searches' cost of these fields; 0 when the variables do not fit (execution refuses them). */
async function listsCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fields: PricedField[],
  inputs: Record<string, unknown>,
  ctx: GraphQLContext,
): Promise<number> {
  // Coerced only when a size or a search comes from them (a page of the catalogue asked again and again
  // with a cursor in a variable costs no coercion).
  let coerced: Record<string, unknown> = {};
  if (fields.some((field) => field.variables)) {
    const variables = getVariableValues(schema, operation.variableDefinitions ?? [], inputs);
    if (!variables.coerced) return 0;
    coerced = variables.coerced;
  }
  // The store counts a search's short words once however many aliases ask it; each alias still pays the price.
  const searches = new Map<string, Promise<number>>();
  const searchCost = (filter: unknown, facets: boolean) => {
    const key = JSON.stringify([filter ?? null, facets]);
    let cost = searches.get(key);
    if (!cost) searches.set(key, (cost = ctx.library.catalog.searchCost(filter, facets)));
    return cost;
  };
  const costs = fields.map(async (field) => {
    let args: Record<string, unknown>;
    try {
      args = getArgumentValues(field.definition, field.node, coerced);
    } catch {
      return 0; // An argument that does not coerce: execution answers it with its own error.
    }
    const [search, size] = await Promise.all([
      field.searchable || field.facets > 0 ? searchCost(field.searchable ? args['filter'] : null, field.facets > 0) : 0,
      sizeOf(field, args, ctx),
    ]);
    return search + size * field.itemCost;
  });
  return (await Promise.all(costs)).reduce((sum, cost) => sum + cost, 0);
}

export function listCostLimit(maxCost: number) {
  const shapeCosts = new WeakMap<DocumentNode, number>();
  /** For armor's costLimit.onAccept: its price of each operation, kept with the document Apollo reuses. */
  const onAccept = (context: ValidationContext | null, details: { n?: number }) => {
    if (!context || typeof details.n !== 'number') return;
    const document = context.getDocument();
    shapeCosts.set(document, Math.max(shapeCosts.get(document) ?? 0, details.n));
  };
  /** Refuses the operation when its shape's price and its lists' cost pass the limit (fields: a query's, priced). */
  const limit = async (
    fields: PricedField[],
    { schema, document, operation, request, contextValue }: GraphQLRequestContextDidResolveOperation<GraphQLContext>,
  ) => {
    let lists: number;
    try {
      lists = await listsCost(schema, operation!, fields, request.variables ?? {}, contextValue);
    } catch (error) {
      // The prices read the store (a genre's size, a short word's books); thrown outside a resolver, its outage
      // would be a 500: say 503, with the library's sentence.
      if (!isStoreUnavailable(error)) throw error;
      const unavailable = new LibraryError('UNAVAILABLE', 'unavailable');
      throw new GraphQLError(unavailable.message, {
        originalError: unavailable,
        extensions: { http: { status: 503 } },
      });
    }
    if (lists === 0) return;
    const total = (shapeCosts.get(document) ?? 0) + lists;
    if (total > maxCost) {
      throw new GraphQLError(`Query Cost limit of ${maxCost} exceeded, found ${total}.`, {
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
      });
    }
  };
  // One listener for every request, and no promise made for an operation with nothing to price (plugins.ts).
  const plugin = onePerServer<GraphQLContext>({
    didResolveOperation(requestContext) {
      const fields = pricedFieldsOf(requestContext.schema, requestContext.document, requestContext.operation);
      return fields.length === 0 ? DONE : limit(fields, requestContext);
    },
  });
  return { onAccept, plugin };
}
