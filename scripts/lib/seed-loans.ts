// A year of lending for `npm run seed`, day by day through the store port (so stock, holds and the ledger stay
// consistent on either store): each open day's loans in proportion to how busy it is, most returned on time, some
// renewed, some late (their fee charged by the one fee rule, then mostly paid, a few waived), a few never back;
// a member who finds no copy often places a hold and collects it when it is ready. Members borrow only once they
// have joined.
import { addDays, daysBetween, startOfDay } from '../../server/library/calendar.ts';
import { lateFeeFor, type Policy } from '../../server/library/policy.ts';
import { systemNote, type Store, type UserRecord } from '../../server/store/port.ts';
import { closedDays, libraryYear, loansPerDay, openingOf } from './library-year.ts';

export interface YearOptions {
  loans: number;
  policy: Policy;
  timeZone: string;
  /** Today in the library's calendar (YYYY-MM-DD): the year ends on it. */
  today: string;
  random: () => number;
  onLoan?: (made: number) => void;
}

type Event = () => Promise<void>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

export async function seedYear(store: Store, users: readonly UserRecord[], bookIds: readonly string[], o: YearOptions) {
  const { policy, random } = o;
  const year = libraryYear(o.today);
  const perDay = loansPerDay(year, o.loans);
  const thisYear = Number(o.today.slice(0, 4));
  const isOpen = openingOf(closedDays([thisYear - 1, thisYear, thisYear + 1]));
  const nextOpen = (day: string) => {
    let d = day;
    while (!isOpen(d)) d = addDays(d, 1);
    return d;
  };
  const openAfter = (from: string, through: string) => {
    let open = 0;
    for (let d = addDays(from, 1); d <= through; d = addDays(d, 1)) if (isOpen(d)) open += 1;
    return open;
  };
  const hoursOf = new Map(year.map((d) => [d.day, d]));
  /** A moment on an open day, within its hours. */
  const at = (day: string) => {
    const hours = hoursOf.get(day) ?? { opens: '10:00', closes: '20:00' };
    const minute = minutes(hours.opens) + Math.floor(random() * (minutes(hours.closes) - minutes(hours.opens)));
    return new Date(startOfDay(day, o.timeZone).getTime() + minute * 60_000);
  };
  const staff = users.find((u) => u.role === 'admin') ?? null;
  const pickFrom = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const later = new Map<string, Event[]>();
  const schedule = (day: string, event: Event) => {
    if (day > o.today) return;
    const events = later.get(day);
    if (events) events.push(event);
    else later.set(day, [event]);
  };
  const counts = { loans: 0, returned: 0, late: 0, renewed: 0, holds: 0, payments: 0, waivers: 0 };

  async function lateReturn(loanId: string, day: string, userId: string) {
    const done = await store.loans.checkin(loanId, at(day), {
      year: Number(day.slice(0, 4)),
      lateFee: (loan) =>
        lateFeeFor(policy, {
          dueDay: loan.returnDate.toISOString().slice(0, 10),
          day,
          openAfter,
          replacementCost: policy.defaultReplacementCost,
        }),
    });
    if (!done.ok) return;
    counts.returned++;
    const fee = done.loan.lateFee;
    if (fee <= 0) return;
    counts.late++;
    // Most pay at their next visit, a few are waived (a first time, an illness), the rest still owe.
    const r = random();
    if (r > 0.92) return;
    const waiver = r > 0.82;
    schedule(nextOpen(addDays(day, Math.floor(random() * 10))), async () => {
      const credited = await store.ledger.credit({
        userId,
        amount: fee,
        kind: waiver ? 'waiver' : 'payment',
        note: waiver ? 'First late return, waived' : systemNote('ledgerPaidAtDesk'),
        recordedBy: staff ? `${staff.name} <${staff.email}>` : null,
        createdAt: at(day),
      });
      if (credited.ok) counts[waiver ? 'waivers' : 'payments']++;
    });
  }

  async function lend(user: UserRecord, bookId: string, day: string): Promise<boolean> {
    const book = await store.books.get(bookId);
    if (!book) return false;
    const borrowDate = at(day);
    const due = nextOpen(addDays(day, policy.loanDays));
    const result = await store.loans.checkout(
      {
        bookId,
        userId: user.uid,
        userName: user.name,
        userEmail: user.email,
        borrowDate,
        returnDate: new Date(`${due}T00:00:00.000Z`),
        bookTitle: book.title,
        bookAuthor: book.author,
        bookImage: book.image,
        bookCategory: book.genre,
      },
      { loanLimit: policy.loanLimit, maxBalance: 0 },
    );
    if (!result.ok) {
      // No copy on the shelf: about half wait for one.
      if (result.reason === 'out-of-stock' && random() < 0.5) await placeHold(user, book.id, book.title, day);
      return false;
    }
    counts.loans++;
    o.onLoan?.(counts.loans);
    const loanId = result.loan.id;
    let dueDay = due;
    if (random() < 0.1 && policy.maxRenewals > 0) {
      dueDay = nextOpen(addDays(due, policy.renewalDays));
      const renewDay = nextOpen(addDays(day, Math.max(1, policy.loanDays - 2)));
      const renewedDue = dueDay;
      schedule(renewDay, async () => {
        const renewed = await store.loans.renew(loanId, {
          dueDate: () => new Date(`${renewedDue}T00:00:00.000Z`),
          maxRenewals: policy.maxRenewals,
        });
        if (renewed.ok) counts.renewed++;
      });
    }
    // 3% never come back (yet), 9% come back late, the rest on time or early.
    const r = random();
    if (r < 0.03) return true;
    const back =
      r < 0.12
        ? addDays(dueDay, 1 + Math.floor(random() * 20))
        : addDays(day, 1 + Math.floor(random() * daysBetween(day, dueDay)));
    schedule(nextOpen(back), () => lateReturn(loanId, nextOpen(back), user.uid));
    return true;
  }

  async function placeHold(user: UserRecord, bookId: string, title: string, day: string) {
    const placed = await store.holds.place(
      { bookId, userId: user.uid, userName: user.name, userEmail: user.email, bookTitle: title, createdAt: at(day) },
      { holdLimit: policy.holdLimit },
    );
    if (!placed.ok) return;
    counts.holds++;
    const holdId = placed.hold.id;
    // The member looks in every few days; most collect a ready copy, some let it expire or give up waiting.
    const visit =
      (n: number, when: string): Event =>
      async () => {
        const hold = await store.holds.get(holdId);
        if (!hold || hold.status === 'fulfilled' || hold.status === 'cancelled' || hold.status === 'expired') return;
        if (hold.status === 'ready') {
          if (random() < 0.85) await lend(user, bookId, when);
          return;
        }
        if (n >= 10) {
          if (random() < 0.4) await store.holds.cancel(holdId, at(when));
          return;
        }
        const next = nextOpen(addDays(when, 2 + Math.floor(random() * 3)));
        schedule(next, visit(n + 1, next));
      };
    const first = nextOpen(addDays(day, 3));
    schedule(first, visit(1, first));
  }

  // Members borrow from the day after they join (seed-members.ts): `members` of them have joined before `day`.
  const byJoining = [...users].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let members = 0;
  let attempts = 0;
  for (const [i, { day }] of year.entries()) {
    const events = later.get(day) ?? [];
    for (let e = 0; e < events.length; e++) await events[e]!();
    later.delete(day);
    await store.holds.expire(startOfDay(addDays(day, -policy.holdPickupDays), o.timeZone), at(day));
    const opening = startOfDay(day, o.timeZone).getTime();
    while (members < byJoining.length && byJoining[members]!.createdAt.getTime() < opening) members++;
    const joined = byJoining.slice(0, members);
    for (let made = 0; made < perDay[i]! && joined.length > 0 && attempts < o.loans * 3; attempts++)
      if (await lend(pickFrom(joined), pickFrom(bookIds), day)) made++;
  }
  return counts;
}
