import { CombinedGraphQLErrors } from '@apollo/client';

// The gateway puts a machine-readable code (and for bad input, the field) in each error's extensions; its
// messages are written for people, unlike transport errors, which the desk replaces with its own text.
export function hasErrorCode(error: unknown, code: string): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.['code'] === code);
}

/** A check-out refusal staff may lend past with a reason: the gateway says so (extensions.overridable). */
export function isOverridable(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.['overridable'] === true);
}

export function serverMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  return error.errors.find((e) => e.message)?.message ?? null;
}

/** The message of a BAD_USER_INPUT refusal about one input field, if that is what the error is. */
export function fieldError(error: unknown, field: string): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const refusal = error.errors.find(
    (e) => e.extensions?.['code'] === 'BAD_USER_INPUT' && e.extensions['field'] === field,
  );
  return refusal?.message ?? null;
}
