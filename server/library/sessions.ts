// Sessions: a session token is good until it expires unless its session was ended before (decision 069): signed
// out, or its member's account erased. The store records ended sessions; each gateway asks it about a token at
// most once every SESSION_CHECK_MS, so an ended session is refused at once by the gateway that ended it and
// within that bound by every other gateway sharing the store.
import type { Store } from '../store/port.ts';
import type { Session, SessionTokens } from './identity.ts';

/** How long a gateway trusts its last answer about a session before asking the store again. */
export const SESSION_CHECK_MS = 5_000;

/** Sessions asked about and remembered at most (the oldest goes first). */
const CHECKS_KEPT = 10_000;

export interface Sessions {
  /** The session a token carries, or null when the token is bad or expired or its session has ended. */
  verify(token: string): Promise<Session | null>;
  /** Ends the session (signing out): its token is refused from now on. Nothing to end without one. */
  end(session: Session | null): Promise<void>;
  /** Ends every session of a member issued until now (their account erased). */
  endAllOf(uid: string): Promise<void>;
}

export function createSessions(store: Store, tokens: SessionTokens, now: () => Date = () => new Date()): Sessions {
  // By session id: the store's answer whether it has ended, and until when it is trusted. Asked in time order,
  // so the oldest answers are the first to go stale: each new one drops those first, and the map holds about
  // SESSION_CHECK_MS of requests (10,000 stale answers were 2 MB of heap under S5's members).
  const checked = new Map<string, { until: number; ended: Promise<boolean> }>();
  // Sessions this gateway ended (signed out), refused until their tokens expire.
  const endedHere = new Map<string, number>();
  // Members whose sessions this gateway ended, and when: refused here without waiting for the bound.
  const endedMembers = new Map<string, number>();

  const remember = (id: string, at: number, ended: Promise<boolean>) => {
    for (const [key, entry] of checked) {
      if (entry.until > at && checked.size < CHECKS_KEPT) break;
      checked.delete(key);
    }
    checked.delete(id);
    checked.set(id, { until: at + SESSION_CHECK_MS, ended });
  };

  const ended = (session: Session): Promise<boolean> => {
    const { id, issuedAt } = session.token!;
    if ((endedMembers.get(session.uid) ?? -Infinity) >= issuedAt.getTime()) return Promise.resolve(true);
    const at = now().getTime();
    const signedOut = endedHere.get(id);
    if (signedOut !== undefined) {
      if (at < signedOut) return Promise.resolve(true);
      endedHere.delete(id);
    }
    const kept = checked.get(id);
    if (kept && at < kept.until) return kept.ended;
    const answer = store.sessions.ended(id, session.uid, issuedAt);
    remember(id, at, answer);
    // A failed read is not remembered: the next request asks again.
    answer.catch(() => {
      if (checked.get(id)?.ended === answer) checked.delete(id);
    });
    return answer;
  };

  return {
    async verify(token) {
      const session = await tokens.verify(token);
      if (!session?.token) return session;
      return (await ended(session)) ? null : session;
    },
    async end(session) {
      if (!session?.token) return;
      const { id, expiresAt } = session.token;
      await store.sessions.end(id, expiresAt, now());
      // Its token is refused until it expires, when it is refused anyway (past CHECKS_KEPT, the store says so).
      if (endedHere.size >= CHECKS_KEPT) endedHere.delete(endedHere.keys().next().value!);
      endedHere.set(id, expiresAt.getTime());
    },
    async endAllOf(uid) {
      const at = now();
      await store.sessions.endAllOf(uid, at);
      endedMembers.set(uid, at.getTime());
    },
  };
}
