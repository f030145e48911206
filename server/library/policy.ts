// The circulation policy: every number the library lends by, in one place. Each is a setting (config.ts reads
// LOAN_LIMIT and friends, validated at boot); the defaults are the rules printed on the About page.
// Money is whole taka (BDT), shown as "৳150".
import { daysBetween } from './calendar.ts';

export interface Policy {
  /** The most books a member may have on loan at once. */
  loanLimit: number;
  /** The longest loan, in days from the day of borrowing. */
  loanDays: number;
  /** Days a renewal adds to the due date. */
  renewalDays: number;
  /** Renewals allowed per loan. */
  maxRenewals: number;
  /** Late fee per day late per overdue book (the days feeDays counts). */
  lateFeePerDay: number;
  /** Which days late count for the fee: 'open' the days the library was open (Koha's finesCalendar), or every day. */
  feeDays: 'open' | 'calendar';
  /** Days late (as feeDays counts them) charged nothing. */
  graceDays: number;
  /** 'replacement': one loan's late fee never exceeds its book's replacement cost (Koha's MaxFine); 'none'. */
  feeCap: 'replacement' | 'none';
  /** A member with an overdue loan may not borrow until it is back (Koha's OverduesBlockCirc). */
  overdueBlocksBorrowing: boolean;
  /** Charged on top of the replacement cost for a lost or damaged book. */
  lostProcessingFee: number;
  /** The replacement cost of a book that has none of its own. */
  defaultReplacementCost: number;
  /** Who may add and update books. */
  catalogueEditors: 'members' | 'staff';
  /**
   * Who may change copies owned and replacement costs: 'staff' once the library has staff (config.ts derives
   * it from ADMIN_EMAILS), else every catalogue editor, as in the original app (docs/decisions/035).
   */
  inventoryEditors: 'members' | 'staff';
  /** Open holds (waiting or ready) a member may have at once. */
  holdLimit: number;
  /** Purchase suggestions a member may have waiting for staff's answer at once. */
  suggestionLimit: number;
  /** Days a copy set aside for a ready hold waits for its member, after the day it was set aside. */
  holdPickupDays: number;
  /** The longest a member may pause a waiting hold (Koha's suspension), in days from today to the day it resumes. */
  holdPauseMaxDays: number;
  /** A loan due within this many days is "due soon": the SPA's badge and the member's notice both say so. */
  dueSoonDays: number;
  /**
   * Days after its return (or after the last payment, while something was owed on it) that a closed loan keeps
   * its member, unless they keep their reading history; then it stays for the statistics without them.
   */
  anonymizeAfterDays: number;
  /**
   * What a member's Return Book does: 'self' closes the loan (the original app); 'desk' records a return claim
   * that a desk check-in completes (docs/decisions/041).
   */
  returns: 'self' | 'desk';
  /**
   * What a member's borrow in the app does: 'instant' starts the loan (the original app); 'collect' reserves a copy
   * for pickup at the desk, where the loan starts (click and collect, docs/decisions/075). A staffed library's
   * default is 'collect', a self-service one's 'instant'.
   */
  borrowing: 'instant' | 'collect';
  /**
   * How far past a closed day the calendar looks for the next open day, and so the longest the library may be
   * closed in a row: a date with no open day within it is refused (LIBRARY_CLOSED), and so is a closure that
   * would shut the library longer.
   */
  maxClosedDays: number;
  /**
   * Whether a moon-dated holiday the calendar proposes counts as closed for due dates, pickup days and fees
   * before staff confirm it (docs/decisions/078); false: it is only "expected closed" until confirmed.
   */
  provisionalClosuresCount: boolean;
  /**
   * Whether a loan that may be renewed is renewed by itself the day before it is due (issue 42, decision 082), by
   * the daily run at `autoRenewAt`; one that may not gets its due-soon notice saying why.
   */
  autoRenew: boolean;
  /** The time of day (HH:MM in the library's zone) of the daily auto-renewal run. */
  autoRenewAt: string;
}

export const DEFAULT_POLICY: Policy = {
  loanLimit: 5,
  loanDays: 14,
  renewalDays: 7,
  maxRenewals: 1,
  lateFeePerDay: 50,
  feeDays: 'open',
  graceDays: 0,
  feeCap: 'replacement',
  overdueBlocksBorrowing: true,
  // Ordering, cataloguing, covering and labelling a replacement copy: about an hour of staff time and
  // materials; what Dhaka's lending libraries commonly charge on top of the book's price.
  lostProcessingFee: 100,
  // A typical new paperback in Bangladesh; staff set the real price per book.
  defaultReplacementCost: 500,
  catalogueEditors: 'members',
  inventoryEditors: 'members',
  holdLimit: 5,
  // Enough for a reading list, few enough that one member cannot bury the desk's list.
  suggestionLimit: 10,
  holdPickupDays: 3,
  // A season's travel: Koha leaves it open; three months keeps a queue from holding places nobody will take.
  holdPauseMaxDays: 90,
  // The specification's "Due soon: 3 days or fewer".
  dueSoonDays: 3,
  // A month: long enough for a complaint about a return or a fee, short enough to keep nobody's reading.
  anonymizeAfterDays: 30,
  returns: 'self',
  borrowing: 'instant',
  // A year: a library shut longer is not lending.
  maxClosedDays: 366,
  // Bangladesh fixes the Eids on moon sighting, often a day after Saudi Arabia: a date is not set on a guess.
  provisionalClosuresCount: false,
  // A change members did not ask for is opt-in: the library turns it on (Koha's AutoRenew is per item type).
  autoRenew: false,
  // Before the library opens, so a member reading the morning's notices sees the new date.
  autoRenewAt: '06:00',
};

export const CURRENCY = { code: 'BDT', symbol: '৳' } as const;

/** "৳150": the one way amounts are written, in messages and in the SPA. */
export const money = (amount: number): string => `${CURRENCY.symbol}${amount}`;

/** Calendar days from the due day to `day` (both YYYY-MM-DD), 0 when not late. */
export const daysLate = (dueDay: string, day: string): number => Math.max(0, daysBetween(dueDay, day));

/** What a loan's late fee is worked out from, besides the policy. */
export interface FeeFacts {
  /** The day the loan is due, and the day it came back (or today, while it is out). */
  dueDay: string;
  day: string;
  /** How many days the library was (or will be) open after one day up to another: the library's calendar. */
  openAfter: (from: string, through: string) => number;
  /** The book's replacement cost: the cap of one loan's fee (FEE_CAP=replacement). */
  replacementCost: number;
}

/**
 * The late fee of one loan: the one rule the SPA's figure, the notice, the desk and the charge at return all
 * come from. Days late are counted after the due day up to `day` (open days only with FEE_DAYS=open), the
 * grace days are taken off, and the total stops at the replacement cost (FEE_CAP=replacement).
 */
export function lateFeeFor(policy: Policy, facts: FeeFacts): number {
  const counted =
    policy.feeDays === 'open' ? facts.openAfter(facts.dueDay, facts.day) : daysLate(facts.dueDay, facts.day);
  const fee = Math.max(0, counted - policy.graceDays) * policy.lateFeePerDay;
  return policy.feeCap === 'replacement' ? Math.min(fee, facts.replacementCost) : fee;
}
