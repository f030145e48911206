// One assertion for GraphQL failures: exactly one error with the expected code (and field), and nothing
// internal in the answer (no stack trace, no exception details).
import { expect } from 'vitest';
import type { Answer } from '../support/gateway.ts';

type GqlError = { message: string; extensions?: { code?: string; field?: string; overridable?: boolean } };

/** Fails on anything a client must never see: stack frames, exception objects, file paths. */
export function expectNoInternals(answer: Answer): void {
  const text = JSON.stringify(answer.body);
  expect(text).not.toMatch(/stacktrace|exception|\bat .+\(|node_modules|\/server\//i);
}

export function expectError(
  answer: Answer<{ data?: unknown; errors?: GqlError[] }>,
  code: string,
  field?: string,
): GqlError {
  expectNoInternals(answer);
  const errors = answer.body.errors ?? [];
  expect(
    errors.map((e) => e.extensions?.code),
    JSON.stringify(answer.body),
  ).toEqual([code]);
  const [error] = errors as [GqlError];
  expect(error.message).toEqual(expect.any(String));
  if (field !== undefined) expect(error.extensions?.field).toBe(field);
  else expect(error.extensions).not.toHaveProperty('field');
  // A refused root field resolves to null (or the whole data is null): nothing half-done leaks out.
  const data = answer.body.data as Record<string, unknown> | null | undefined;
  if (data) for (const value of Object.values(data)) expect(value).toBeNull();
  return error;
}
