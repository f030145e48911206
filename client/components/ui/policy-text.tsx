import type { ReactNode } from 'react';
import { usePolicy, type LibraryPolicy } from '../../lib/policy.ts';

/**
 * A sentence of the library's rules, written with the gateway's policy. Until the policy is known a short grey
 * bar stands where the sentence will be (never a guessed number); if it cannot be read the sentence is left out,
 * or said without its numbers (`unknown`).
 */
export function PolicyText({
  children,
  unknown = null,
}: {
  children: (policy: LibraryPolicy) => ReactNode;
  /** What stands instead when the policy cannot be read: the sentence without its numbers. */
  unknown?: ReactNode;
}) {
  const { policy, error } = usePolicy();
  if (policy) return <>{children(policy)}</>;
  if (error) return <>{unknown}</>;
  return (
    <span
      data-testid="policy-pending"
      aria-hidden="true"
      className="inline-block h-3 w-40 animate-pulse rounded bg-slate-200 align-middle"
    />
  );
}
