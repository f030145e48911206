// Who is asking, read from the Authorization header. A present-but-bad token is told apart from a missing
// one because the REST layer answers them differently (403 vs 401).
import type { Session } from '../library/identity.ts';
import type { Sessions } from '../library/sessions.ts';
import { LibraryError } from '../library/errors.ts';

export type Viewer =
  | { credential: 'none'; session: null }
  | { credential: 'invalid'; session: null }
  | { credential: 'valid'; session: Session };

export const ANONYMOUS: Viewer = { credential: 'none', session: null };
const INVALID: Viewer = { credential: 'invalid', session: null };

export async function viewerFrom(
  authorization: string | undefined,
  sessions: Pick<Sessions, 'verify'>,
): Promise<Viewer> {
  if (!authorization) return ANONYMOUS;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!match?.[1] || match[1] === 'null' || match[1] === 'undefined') return authorization.trim() ? INVALID : ANONYMOUS;
  const session = await sessions.verify(match[1]);
  return session ? { credential: 'valid', session } : INVALID;
}

/** The signed-in session, or the UNAUTHENTICATED failure that fits the credential. */
export function requireSession(viewer: Viewer): Session {
  if (viewer.session) return viewer.session;
  throw new LibraryError('UNAUTHENTICATED', viewer.credential === 'none' ? 'unauthorized' : 'forbidden');
}
