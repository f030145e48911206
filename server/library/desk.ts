// The circulation desk's scanning work (issue 31): check a scanned copy out to a member by card, check a
// scanned copy in (with the member waiting for it, if any), renew and place holds for a member. Every rule is
// the one a member's own request meets (circulation.ts, holds.ts); this module finds the member and the copy.
import type { ItemStatus, LoanRecord, UserRecord } from '../store/port.ts';

/** The member a copy just checked in is now set aside for (the hold shelf). */
export interface HoldFoundView {
  holdId: string;
  readyUntil: string;
  member: UserRecord;
  bookTitle: string;
  barcode: string;
}

/** What a check-in by barcode did: the loan closed, its fee, and the member waiting, if any. */
export interface CheckInOutcome {
  loan: LoanRecord;
  fee: number;
  daysLate: number;
  forgiven: boolean;
  itemStatus: ItemStatus;
  holdFound: HoldFoundView | null;
}

/** One loan's answer to renewing all of a member's loans. */
export interface RenewOutcome {
  loan: LoanRecord;
  renewed: boolean;
  code: string | null;
  message: string | null;
}
