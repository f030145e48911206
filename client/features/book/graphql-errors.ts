import { CombinedGraphQLErrors } from '@apollo/client';

// The gateway puts a machine-readable code (and for bad input, the field) in each error's extensions;
// its messages are written for people, unlike transport errors, which callers replace with their own text.
export function hasErrorCode(error: unknown, code: string): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.['code'] === code);
}

export function serverMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  return error.errors.find((e) => e.message)?.message ?? null;
}

/** BAD_USER_INPUT messages keyed by the input field they name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!CombinedGraphQLErrors.is(error)) return fields;
  for (const e of error.errors) {
    const field = e.extensions?.['field'];
    if (e.extensions?.['code'] === 'BAD_USER_INPUT' && typeof field === 'string') fields[field] = e.message;
  }
  return fields;
}
