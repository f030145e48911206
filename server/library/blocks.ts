// A blocked member: staff stopped their borrowing and holds, with a reason they are told (issue 31). The one
// rule, read by a borrow, a hold and the member's borrowing status alike (and by the desk's check-out).
import type { UserRecord } from '../store/port.ts';
import { LibraryError } from './errors.ts';

/** MEMBER_BLOCKED for a blocked member; null for anyone else (and for no record: nothing to block). */
export function blockedRefusal(user: UserRecord | null): LibraryError | null {
  if (!user || user.blockedReason === null) return null;
  return new LibraryError('MEMBER_BLOCKED', 'memberBlocked', { reason: user.blockedReason });
}
