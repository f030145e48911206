// Leases (work that runs on one gateway at a time) and sessions ended before their tokens expire.

/**
 * Leases: work that must run on one gateway at a time (the schedule) is done by whoever holds its lease. A
 * lease is one record per name, taken and renewed by a single conditional write, and lapses on its own when
 * its holder stops renewing (a gateway that died).
 */
export interface LeaseStore {
  /**
   * Takes or renews the lease `name` for `holder` until `now + ttlMs`, in one conditional write: granted when
   * nobody holds it, `holder` already does, or the last holder's lease ended at or before `now`. True when
   * `holder` holds it afterwards.
   */
  acquire(name: string, holder: string, now: Date, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `holder` holds it (a clean shutdown), so another need not wait for it to lapse. */
  release(name: string, holder: string): Promise<void>;
}

/**
 * Sessions ended before their tokens expire (decision 069): one signed out, or every session of a member whose
 * account was erased. Session tokens stay stateless otherwise; the gateway asks here about a token it has not
 * asked about lately.
 */
export interface SessionStore {
  /** Ends one session (a sign-out); remembered until `expiresAt`, when its token is refused anyway. */
  end(sessionId: string, expiresAt: Date, now: Date): Promise<void>;
  /** Ends every session of `uid` issued at or before `at` (the member's account erased). */
  endAllOf(uid: string, at: Date): Promise<void>;
  /** True when the session was ended, or its member's sessions were ended at or after `issuedAt`. */
  ended(sessionId: string, uid: string, issuedAt: Date): Promise<boolean>;
}
