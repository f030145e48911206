// Which GraphQL requests have one answer for everyone: queries whose root fields are all public catalogue
// reads that do not depend on the caller. Their GET answers may be cached by browsers and shared caches
// (http-cache.ts). A field is shared only when listed here, so a new field is private until someone says so.
import type { FastifyRequest } from 'fastify';
import { Kind, parse, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import { ACCESS } from '../graphql/access.ts';

/** Public and the same for every caller (`me` is public but answers with the caller). */
const SHARED_FIELDS = new Set(['books', 'book', 'booksByCategory', 'bookCount', 'categories', 'genres', '__typename']);
for (const field of SHARED_FIELDS) {
  if (field !== '__typename' && ACCESS.Query[field as keyof typeof ACCESS.Query] !== 'public') {
    throw new Error(`Query.${field} is shared through HTTP caches but is not public`);
  }
}

/**
 * Apollo's CSRF prevention refuses a GET without one of these headers (or a content type a form cannot send);
 * such a request gets no ETag either, so a conditional request is never answered where Apollo would refuse it.
 */
const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'] as const;

/** Whether a GraphQL GET asks for a shared catalogue query that Apollo would run (http-cache.ts's cacheable). */
export function sharedGraphqlRead(request: FastifyRequest): boolean {
  const preflighted =
    PREFLIGHT_HEADERS.some((name) => Boolean(request.headers[name])) ||
    /^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '');
  const params = request.query as Record<string, unknown> | null;
  // Extensions (Apollo Client names itself there) are part of the URL, so of the ETag too.
  if (!preflighted || !params || typeof params['query'] !== 'string') return false;
  const operationName = params['operationName'];
  if (operationName !== undefined && typeof operationName !== 'string') return false;
  return isSharedQuery(params['query'], operationName || null);
}

/** Longer documents are not worth a cache key; Apollo still answers them. */
const MAX_QUERY_LENGTH = 8 * 1024;
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 500;

/** Whether the operation named (or the only one) in this document is a shared catalogue query. */
export function isSharedQuery(query: string, operationName: string | null): boolean {
  if (query.length > MAX_QUERY_LENGTH) return false;
  const key = `${operationName ?? ''}\n${query}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = judge(query, operationName);
    if (verdicts.size >= MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(key, verdict);
  }
  return verdict;
}

function judge(query: string, operationName: string | null): boolean {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: 2000 });
  } catch {
    return false;
  }
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation || operation.operation !== 'query') return false;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return rootFieldsShared(operation.selectionSet, fragments, new Set());
}

function rootFieldsShared(
  selections: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
): boolean {
  return selections.selections.every((selection) => {
    if (selection.kind === Kind.FIELD) return SHARED_FIELDS.has(selection.name.value);
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFieldsShared(selection.selectionSet, fragments, seen);
    const name = selection.name.value;
    const fragment = fragments.get(name);
    if (!fragment || seen.has(name)) return false;
    seen.add(name);
    return rootFieldsShared(fragment.selectionSet, fragments, seen);
  });
}
