// The cost limit counts searches. graphql-armor prices an operation by its shape, so fifteen aliased searches
// cost it no more than fifteen look-ups of one book, whatever their terms; but what a search makes the store
// read depends on its term (library/catalog.ts, searchCost), and the term may come in a variable. Armor's
// price of the shape is kept from validation; once the variables are known, each books field's search cost
// is added to it and the operation is refused over the same limit.
import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  getArgumentValues,
  getVariableValues,
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { searchCost } from '../library/catalog.ts';
import type { GraphQLContext } from './context.ts';

/** The books fields of an operation: at its root, or in fragments spread there (books is a Query field). */
function booksFields(document: DocumentNode, selectionSet: SelectionSetNode, seen = new Set<string>()): FieldNode[] {
  const found: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === 'books') found.push(selection);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      found.push(...booksFields(document, selection.selectionSet, seen));
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = document.definitions.find(
        (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
      );
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION)
        found.push(...booksFields(document, fragment.selectionSet, seen));
    }
  }
  return found;
}

/**
 * The books fields of an operation that are given a filter: only a filter can hold a search, so the others
 * cost nothing here. Kept per operation of the document Apollo reuses, so a page of books asked again and
 * again (no filter) costs no variable coercion at all.
 */
const filteredFields = new WeakMap<OperationDefinitionNode, FieldNode[]>();
function filteredBooksFields(document: DocumentNode, operation: OperationDefinitionNode): FieldNode[] {
  let fields = filteredFields.get(operation);
  if (!fields) {
    fields = booksFields(document, operation.selectionSet).filter((field) =>
      field.arguments?.some((argument) => argument.name.value === 'filter'),
    );
    filteredFields.set(operation, fields);
  }
  return fields;
}

/** The searches' cost of one operation; 0 when its variables do not fit (execution refuses them anyway). */
function searchesCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode | undefined,
  inputs: Record<string, unknown>,
): number {
  const books = schema.getQueryType()?.getFields()['books'];
  if (!books || operation?.operation !== 'query') return 0;
  const filtered = filteredBooksFields(document, operation);
  if (filtered.length === 0) return 0;
  const variables = getVariableValues(schema, operation.variableDefinitions ?? [], inputs);
  if (!variables.coerced) return 0;
  let cost = 0;
  for (const field of filtered) {
    try {
      cost += searchCost(getArgumentValues(books, field, variables.coerced)['filter']);
    } catch {
      // An argument that does not coerce: execution answers it with its own error.
    }
  }
  return cost;
}

export function searchCostLimit(maxCost: number) {
  const shapeCosts = new WeakMap<DocumentNode, number>();
  /** For armor's costLimit.onAccept: its price of each operation, kept with the document Apollo reuses. */
  const onAccept = (context: ValidationContext | null, details: { n?: number }) => {
    if (!context || typeof details.n !== 'number') return;
    const document = context.getDocument();
    shapeCosts.set(document, Math.max(shapeCosts.get(document) ?? 0, details.n));
  };
  const plugin: ApolloServerPlugin<GraphQLContext> = {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          const searches = searchesCost(schema, document, operation, request.variables ?? {});
          if (searches === 0) return;
          const total = (shapeCosts.get(document) ?? 0) + searches;
          if (total > maxCost) {
            throw new GraphQLError(`Query Cost limit of ${maxCost} exceeded, found ${total}.`, {
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
  return { onAccept, plugin };
}
