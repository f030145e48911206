// What one item of a list costs, and which root fields are lists, read from an operation's document once (the
// variables give the sizes, list-cost.ts). An item costs a unit per field it asks for, and more for a field
// resolved by a store read of its own per item (batched per list, batch.ts, but each item still adds rows to
// the read and objects to the answer), so a list asking a book's queue is priced for it.
import {
  Kind,
  getNamedType,
  isObjectType,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * Calibrated on the bench's 50,000 books (bench/list-limits.ts, on a machine shared with other work): a book
 * with every field took about 70 µs of the main thread to read, resolve and write, one read whole for two of
 * its fields about 13 µs, so a unit is about 4 µs and the limit's 5000 about 20 ms, the bound of one request.
 */
export const ITEM_COST = {
  /** Each item: its row read and its object in the answer, whatever it asks for. */
  item: 2,
  /** Each field an item asks for (a leaf, or an object with the fields it asks for in turn). */
  field: 2,
  /** On top, each field that reads the store per item (PER_ITEM_READS). */
  read: 10,
} as const;

/** Fields resolved with a store read per item (their parent's type and name). */
const PER_ITEM_READS = new Set([
  'Book.holdQueueLength',
  'Book.myHold',
  'User.loans',
  'User.balance',
  'User.ledger',
  'User.holds',
  'User.notices',
  'User.unreadNoticeCount',
  'User.keepsReadingHistory',
  'User.readingHistory',
]);

/**
 * The root list fields and how their size is known: `page`, a page of `first` items (nodes of a connection);
 * `genre`, every book of the genre `category`; `members`, every member without arguments, else a page.
 * The other root lists are small by nature (genres, categories) or one member's own (borrowedBooks).
 */
const LISTS: Record<string, { size: PricedField['size']; items: 'nodes' | 'list' }> = {
  books: { size: 'page', items: 'nodes' },
  members: { size: 'page', items: 'nodes' },
  holdsReady: { size: 'page', items: 'nodes' },
  holdsToPull: { size: 'page', items: 'nodes' },
  holdsToClear: { size: 'page', items: 'nodes' },
  overdueLoans: { size: 'page', items: 'nodes' },
  auditLog: { size: 'page', items: 'nodes' },
  purchaseSuggestions: { size: 'page', items: 'nodes' },
  booksByCategory: { size: 'genre', items: 'list' },
  users: { size: 'members', items: 'list' },
  // At most 50 books (the service's bound), priced as a page of `first`.
  topBooks: { size: 'page', items: 'list' },
};

/** The arguments a field's size (and a page's search) is read from. */
const SIZED_BY: Record<PricedField['size'], string[]> = {
  page: ['first', 'filter'],
  genre: ['category'],
  members: ['search', 'first', 'after'],
};

export interface PricedField {
  node: FieldNode;
  definition: GraphQLField<unknown, unknown>;
  size: 'page' | 'genre' | 'members';
  /** `first` is written in the query as a number, which armor's price of the shape multiplies by already. */
  literalFirst: boolean;
  /** The catalogue's books field: its filter may hold a search (library/catalog.ts, searchCost). */
  searchable: boolean;
  /** Its size or search comes from the request's variables (else they need no coercing). */
  variables: boolean;
  /** What one item costs; a connection's nodes asked for twice (aliases) count twice. */
  itemCost: number;
  /** 1 when the catalogue's facets (genreCounts, availableCount) are asked for: one more read of the matches. */
  facets: number;
}

/** Whether an argument's value is, or holds, a variable. */
function hasVariable(value: ValueNode): boolean {
  if (value.kind === Kind.VARIABLE) return true;
  if (value.kind === Kind.LIST) return value.values.some(hasVariable);
  if (value.kind === Kind.OBJECT) return value.fields.some((field) => hasVariable(field.value));
  return false;
}

/** Each field of a selection set, through inline fragments and fragment spreads, with the type it is on. */
function* fieldsOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  selectionSet: SelectionSetNode,
  type: GraphQLObjectType,
  seen: Set<string> = new Set(),
): Generator<{ node: FieldNode; type: GraphQLObjectType }> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      yield { node: selection, type };
      continue;
    }
    let set: SelectionSetNode;
    let condition: string | undefined;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      set = selection.selectionSet;
      condition = selection.typeCondition?.name.value;
    } else {
      // A spread is followed once per path: validation refused cycles, this only spares repeating work.
      if (seen.has(selection.name.value)) continue;
      const fragment = document.definitions.find(
        (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
      );
      if (fragment?.kind !== Kind.FRAGMENT_DEFINITION) continue;
      set = fragment.selectionSet;
      condition = fragment.typeCondition.name.value;
      seen = new Set([...seen, selection.name.value]);
    }
    const on = condition ? schema.getType(condition) : type;
    yield* fieldsOf(schema, document, set, isObjectType(on) ? on : type, seen);
  }
}

/** What one object with this selection costs: every field asked for, nested objects with their own fields. */
function selectionCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  set: SelectionSetNode,
  type: GraphQLObjectType,
): number {
  let cost = 0;
  for (const { node, type: on } of fieldsOf(schema, document, set, type)) {
    cost += ITEM_COST.field + (PER_ITEM_READS.has(`${on.name}.${node.name.value}`) ? ITEM_COST.read : 0);
    const definition = on.getFields()[node.name.value];
    const named = definition ? getNamedType(definition.type) : undefined;
    if (node.selectionSet && isObjectType(named)) cost += selectionCost(schema, document, node.selectionSet, named);
  }
  return cost;
}

/** The root list fields of a query (at its root or in fragments spread there), with what an item costs. */
export function pricedFields(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): PricedField[] {
  const query = schema.getQueryType();
  if (!query) return [];
  const priced: PricedField[] = [];
  for (const { node } of fieldsOf(schema, document, operation.selectionSet, query)) {
    const list = LISTS[node.name.value];
    const definition = query.getFields()[node.name.value];
    const listType = definition && getNamedType(definition.type);
    if (!list || !definition || !node.selectionSet || !isObjectType(listType)) continue;
    let itemCost = 0;
    let facets = 0;
    if (list.items === 'list') itemCost = ITEM_COST.item + selectionCost(schema, document, node.selectionSet, listType);
    else {
      const nodes = listType.getFields()['nodes'];
      const itemType = nodes && getNamedType(nodes.type);
      if (!isObjectType(itemType)) continue;
      for (const { node: child } of fieldsOf(schema, document, node.selectionSet, listType))
        if (child.name.value === 'nodes' && child.selectionSet)
          itemCost += ITEM_COST.item + selectionCost(schema, document, child.selectionSet, itemType);
        // Both facets, however often asked, come from one read per page (resolvers/catalog.ts).
        else if (child.name.value === 'genreCounts' || child.name.value === 'availableCount') facets = 1;
    }
    const argument = (name: string) => node.arguments?.find((a) => a.name.value === name);
    const literalFirst = argument('first')?.value.kind === Kind.INT;
    const searchable = node.name.value === 'books' && argument('filter') !== undefined;
    // A page whose size armor counted, holding no search, adds nothing (the catalogue's pages, mostly).
    if (list.size === 'page' && literalFirst && !searchable && facets === 0) continue;
    priced.push({
      node,
      definition: definition as GraphQLField<unknown, unknown>,
      size: list.size,
      literalFirst,
      searchable,
      variables: SIZED_BY[list.size].some((name) => {
        const value = argument(name)?.value;
        return value !== undefined && hasVariable(value);
      }),
      itemCost,
      facets,
    });
  }
  return priced;
}
