// Pausing a hold (Koha's suspension, issue 42): a member travelling pauses their waiting hold until a day; it keeps
// its place, but a copy coming back meanwhile goes to the next member (rules/hold-queue.ts). The pause ends on that
// day by itself, checked lazily before every read of holds and by the schedule (holds.ts expireDue), or when the
// member resumes it: a copy on the shelf then is set aside for the first member waiting, as after a return.
import type { HoldRecord, PauseHoldResult, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import { addDays, daysBetween, parseDay, startOfDay, todayIn } from './calendar.ts';
import { isStaff } from './circulation.ts';
import type { Policy } from './policy.ts';
import * as check from './validate.ts';
import type { AuditTrail } from './audit.ts';

export interface HoldPauses {
  /** Pauses the member's waiting hold (staff: anyone's) until `until` (YYYY-MM-DD), when it resumes by itself. */
  pause(session: Session, holdId: unknown, until: unknown): Promise<HoldRecord>;
  /** Ends the pause of the member's hold (staff: anyone's) now; a hold not paused stays as it is. */
  resume(session: Session, holdId: unknown): Promise<HoldRecord>;
  /** Ends the pauses over by now; answers the holds resumed (a read first: nothing due, nothing written). */
  resumeDue(): Promise<HoldRecord[]>;
  /** The day (YYYY-MM-DD) a waiting hold's pause ends; null when it is not paused now. */
  pausedUntil(hold: HoldRecord): string | null;
}

export function createHoldPauses(
  store: Store,
  opts: {
    timeZone: string;
    policy: Policy;
    now: () => Date;
    /** Where staff's pausing or resuming of a member's hold is recorded (a member's own is not). */
    audit: AuditTrail;
    /** After a pause ended: the books whose queue may have moved (a copy on the shelf was set aside). */
    onResumed: (bookIds: string[]) => Promise<void>;
  },
): HoldPauses {
  const { timeZone, policy, now } = opts;

  /** The day to resume on: after today, at most the policy's days ahead. */
  function untilOf(value: unknown): string {
    const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDay(value, timeZone) : null;
    if (day === null) throw badInput('until', 'fieldDay', { field: 'until' });
    const today = todayIn(timeZone, now());
    if (day <= today) throw badInput('until', 'holdPauseNotAfterToday');
    const last = addDays(today, policy.holdPauseMaxDays);
    if (daysBetween(today, day) > policy.holdPauseMaxDays)
      throw badInput('until', 'holdPauseTooLong', { days: policy.holdPauseMaxDays, day: last });
    return day;
  }

  /** The hold, when the caller may change it: their own, or anyone's for staff. */
  async function ownHold(session: Session, holdId: unknown): Promise<HoldRecord> {
    const hold = await store.holds.get(check.id(holdId, 'holdId'));
    if (!hold) throw new LibraryError('NOT_FOUND', 'holdNotFound');
    if (hold.userId !== session.uid && !isStaff(session)) throw new LibraryError('FORBIDDEN', 'notYourHoldToPause');
    return hold;
  }

  function answered(result: PauseHoldResult): HoldRecord {
    if (result.ok) return result.hold;
    if (result.reason === 'not-waiting') throw new LibraryError('HOLD_READY', 'holdReadyNoPause');
    if (result.reason === 'not-open') throw badInput('holdId', 'holdEnded');
    throw new LibraryError('NOT_FOUND', 'holdNotFound');
  }

  /** The day a hold's pause ends as the audit trail writes it (YYYY-MM-DD), or null. */
  const dayOf = (at: Date | null) => (at ? todayIn(timeZone, at) : null);

  /** Staff changing a member's hold is a desk action; a member pausing their own is not. */
  async function record(
    session: Session,
    before: HoldRecord,
    after: HoldRecord,
    action: 'hold-paused' | 'hold-resumed',
  ) {
    if (before.userId === session.uid) return;
    const change = { field: 'pausedUntil', oldValue: dayOf(before.pausedUntil), newValue: dayOf(after.pausedUntil) };
    await opts.audit.record(session, [{ action, ...change, bookId: before.bookId, uid: before.userId }]);
  }

  async function resumeDue(): Promise<HoldRecord[]> {
    // A read first: resuming is a write, which would move the store's revision (and every ETag) on each look.
    const first = await store.holds.firstPauseEnd();
    const at = now();
    if (first === null || first > at) return [];
    const resumed = await store.holds.resumeDue(at);
    if (resumed.length > 0) await opts.onResumed([...new Set(resumed.map((hold) => hold.bookId))]);
    return resumed;
  }

  return {
    async pause(session, holdId, until) {
      const hold = await ownHold(session, holdId);
      // Ready: refused whatever the day (a copy waits; borrow it or cancel the hold).
      if (hold.status === 'ready') throw new LibraryError('HOLD_READY', 'holdReadyNoPause');
      const day = untilOf(until);
      const paused = answered(await store.holds.pause(hold.id, startOfDay(day, timeZone)));
      await record(session, hold, paused, 'hold-paused');
      return paused;
    },

    async resume(session, holdId) {
      const hold = await ownHold(session, holdId);
      const resumed = answered(await store.holds.resume(hold.id, now()));
      await record(session, hold, resumed, 'hold-resumed');
      await opts.onResumed([hold.bookId]);
      return resumed;
    },

    resumeDue,

    pausedUntil(hold) {
      if (hold.status !== 'waiting' || hold.pausedUntil === null || hold.pausedUntil <= now()) return null;
      return todayIn(timeZone, hold.pausedUntil);
    },
  };
}
