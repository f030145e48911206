// What the library needs to know who is asking, declared here and implemented in auth/: verifying a sign-in
// provider's ID token (and deleting that provider's account), and issuing and checking the gateway's own session tokens.
import type { AuditApi, Role } from '../store/port.ts';

/** A signed-in member, as a session token carries them. */
export interface Session {
  uid: string;
  email: string;
  name: string;
  role: Role;
  /** The API this request came through, set by the transport (not carried in the token): the audit trail's "from". */
  api?: AuditApi;
  /** The token this session came with, once verified: what signing out ends. */
  token?: SessionTokenFacts;
}

/** A verified session token's own facts: its id (one per sign-in), when it was issued and when it expires. */
export interface SessionTokenFacts {
  id: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface SessionTokens {
  issue(session: Session): Promise<string>;
  /**
   * Returns null for a token that is malformed, forged, expired or for another audience. Checks the token alone:
   * whether its session was ended since is the library's sessions' question (sessions.ts).
   */
  verify(token: string): Promise<Session | null>;
}

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

export interface IdTokenVerifier {
  /** Rejects with InvalidIdTokenError when the token is not a valid, unexpired ID token. */
  verify(idToken: string): Promise<VerifiedIdentity>;
  /** Deletes the sign-in provider's account of this uid (a member erasing their account); done when none is left. */
  deleteUser(uid: string): Promise<void>;
  /**
   * Creates a sign-in account with no password (the member sets one through "Forgot password") and answers its
   * uid: the desk registering a member. Rejects with EmailTakenError when an account has the e-mail already.
   */
  createUser(account: { email: string; name: string }): Promise<string>;
  /** Changes an account's e-mail and name (staff editing a member); EmailTakenError when the e-mail is another's. */
  updateUser(uid: string, account: { email?: string; name?: string }): Promise<void>;
  close(): Promise<void>;
}

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`An account has the e-mail ${email}`);
    this.name = 'EmailTakenError';
  }
}

export class InvalidIdTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidIdTokenError';
  }
}
