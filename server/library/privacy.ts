// What a member may see of another member: the library's one rule for personal data, used by GraphQL and REST
// alike. Staff and the member themselves see everything; anyone else sees a name, role, status and joined
// date, an e-mail masked to its first character and domain, and no phone, photo, library card or block.
import type { UserRecord } from '../store/port.ts';
import type { Session } from './identity.ts';

/** "zara@example.com" -> "z•••@example.com": enough to tell two members apart, not enough to write to one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const first = Array.from(email)[0] ?? '';
  return `${first}•••${at > 0 ? email.slice(at) : ''}`;
}

/** Whether the viewer may see this member's personal data in full: themselves, or staff. */
export const seesInFull = (viewer: Session | null, uid: string): boolean =>
  viewer !== null && (viewer.role === 'admin' || viewer.uid === uid);

/** A member as the viewer may see them. */
export function asSeenBy(viewer: Session | null, user: UserRecord): UserRecord {
  if (seesInFull(viewer, user.uid)) return user;
  return {
    ...user,
    email: maskEmail(user.email),
    phone: null,
    photoURL: null,
    cardNumber: null,
    blockedReason: null,
    blockedAt: null,
  };
}
