// Overdue reminders in bulk (issue 43, decision 086): staff remind every member with a loan at least some days
// overdue in one action, after a preview of how many. Each member gets one notice a library day listing all such
// loans (notices.ts remindAll: its key makes a second click, or a second gateway, record nothing new for them),
// e-mailed and sent by SMS like the others; the action is one audit entry. The overdue list is read in pages, with
// a turn of the event loop between them, so a library with 20,000 late loans does not hold other requests.
import type { LoanRecord, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { requireStaff } from './circulation.ts';
import { todayIn } from './calendar.ts';
import type { AuditTrail } from './audit.ts';
import { overdueSummaryKey, type Notices } from './notices.ts';
import * as check from './validate.ts';

/** Loans read from the overdue list at a time, and members whose notices are recorded at a time. */
const PAGE = 200;
const BATCH = 100;

export interface OverdueReminderPreview {
  /** Members with at least one loan that many days late (claimed returns left out). */
  members: number;
  loans: number;
  /** Of those members, how many have had today's reminder already (sending again records nothing for them). */
  alreadyToday: number;
}

export interface OverdueRemindersSent {
  /** Members reminded now, and the loans their notices list. */
  members: number;
  loans: number;
  /** Members left out: reminded earlier today. */
  skipped: number;
}

export interface OverdueReminders {
  /** Staff: who a reminder to every member at least `minDays` (1 to 3650) late would reach. */
  preview(session: Session, minDays: unknown): Promise<OverdueReminderPreview>;
  /** Staff: reminds each of them once today (those reminded already today are skipped), audited as one action. */
  send(session: Session, minDays: unknown): Promise<OverdueRemindersSent>;
}

/** Lets requests waiting on the event loop run before the next page of a long job. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createOverdueReminders(
  store: Store,
  opts: {
    timeZone: string;
    now?: () => Date;
    notices: Notices;
    audit: AuditTrail;
    /** The due-before date of loans at least `minDays` late (desk-reports.ts: the overdue list's own rule). */
    overdueBefore: (minDays: number) => Date;
  },
): OverdueReminders {
  const now = opts.now ?? (() => new Date());

  /** Each member's loans at least `minDays` late, the longest overdue first, read a page at a time. */
  async function lateByMember(minDays: number): Promise<Map<string, LoanRecord[]>> {
    const dueBefore = opts.overdueBefore(minDays);
    const byMember = new Map<string, LoanRecord[]>();
    for (let after: string | null = null; ;) {
      const page = await store.loans.overdue(dueBefore, { first: PAGE, after });
      // A claimed return is on its way back: nothing to remind of.
      for (const loan of page.nodes.filter((l) => l.status === 'borrowed'))
        byMember.set(loan.userId, [...(byMember.get(loan.userId) ?? []), loan]);
      if (!page.hasNextPage) break;
      after = page.endCursor;
      await nextTurn();
    }
    return byMember;
  }

  const readMinDays = (raw: unknown) => check.number(raw, 'minDays', { min: 1, max: 3650, integer: true });
  const countLoans = (lists: Iterable<LoanRecord[]>) => [...lists].reduce((sum, loans) => sum + loans.length, 0);

  return {
    async preview(session, raw) {
      requireStaff(session);
      const late = await lateByMember(readMinDays(raw));
      const day = todayIn(opts.timeZone, now());
      const done = await store.notices.recorded([...late.keys()].map((uid) => overdueSummaryKey(uid, day)));
      return { members: late.size, loans: countLoans(late.values()), alreadyToday: done.size };
    },

    async send(session, raw) {
      requireStaff(session);
      const minDays = readMinDays(raw);
      const late = [...(await lateByMember(minDays))].map(([userId, loans]) => ({ userId, loans }));
      const day = todayIn(opts.timeZone, now());
      const sent: OverdueRemindersSent = { members: 0, loans: 0, skipped: 0 };
      for (let i = 0; i < late.length; i += BATCH) {
        const batch = late.slice(i, i + BATCH);
        const fresh = await opts.notices.remindAll(day, batch);
        const reminded = batch.filter((member) => fresh.has(member.userId));
        sent.members += reminded.length;
        sent.loans += countLoans(reminded.map((member) => member.loans));
        sent.skipped += batch.length - reminded.length;
        await nextTurn();
      }
      await opts.audit.record(session, [
        { action: 'overdue-reminders-sent', field: 'minDays', oldValue: null, newValue: { minDays, ...sent } },
      ]);
      return sent;
    },
  };
}
