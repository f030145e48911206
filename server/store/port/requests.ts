// Idempotency keys: a write's key claimed before the write it names.

/**
 * A write's idempotency key (a desk form's submission, a member's tap), claimed before the write it names. The
 * claim says what was asked (`fingerprint`) and which record the write makes or changes (`ref`: a ledger
 * entry, a loan), so a repeat of the key can answer that record instead of writing again.
 */
export interface RequestClaim {
  /** Whose key: the caller's uid. Keys are unique per caller. */
  actor: string;
  key: string;
  fingerprint: string;
  ref: string;
  at: Date;
}

export type ClaimResult = { fresh: true } | { fresh: false; fingerprint: string; ref: string };

export interface RequestStore {
  /**
   * Claims (actor, key) in one conditional write: fresh when nobody holds it, or its claim is older than
   * `keepMs` (it is then replaced, and the caller's other expired claims go); otherwise the first claim.
   */
  claim(claim: RequestClaim, keepMs: number): Promise<ClaimResult>;
  /** Gives a claim back after its write was refused (nothing recorded), so the same key may be sent again. */
  release(actor: string, key: string): Promise<void>;
}
