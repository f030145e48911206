// The back-fill of loans anonymized before their audit entries were (decision 083; what it matches:
// ../anonymous-trail-backfill.ts), when the store opens, once: a document in backfills says it ran and what it did,
// so every later open asks one document by its _id. Each loan's entries are rewritten by anonymizing's own write
// (reading-history.ts rewriteTrail), conditional on their uid still being the member: a second gateway opening at
// once, or an open after a crash, changes nothing twice. The opening entry goes last, so a loan stopped half-way is
// found again.
import type { Collection, Filter } from 'mongodb';
import { isAnonymousMember } from '../port.ts';
import {
  ANONYMOUS_TRAIL_BACKFILL,
  OPENING_ACTIONS,
  OPENING_SLACK_MS,
  TRAIL_BEFORE_41,
  type BackfillOutcome,
} from '../anonymous-trail-backfill.ts';
import type { AuditDoc } from './audit.ts';
import { isDuplicateKey, type LoanDoc } from './documents.ts';
import { ANONYMOUS_UID, CLOSED, rewriteTrail } from './reading-history.ts';

export interface BackfillDoc extends BackfillOutcome {
  _id: string;
  at: Date;
}

interface Collections {
  loans: Collection<LoanDoc>;
  audit: Collection<AuditDoc>;
  backfills: Collection<BackfillDoc>;
}

type Anonymized = Pick<LoanDoc, '_id' | 'bookId' | 'borrowDate' | 'userId'>;

const near = (at: Date) => ({
  $gte: new Date(at.getTime() - OPENING_SLACK_MS),
  $lte: new Date(at.getTime() + OPENING_SLACK_MS),
});

/** The loan's opening entry still naming its member; 'ambiguous' when another entry or loan could be the one. */
async function openingOf(c: Collections, loan: Anonymized): Promise<AuditDoc | 'ambiguous' | null> {
  const openings = { bookId: loan.bookId, action: { $in: [...OPENING_ACTIONS] }, loanId: null };
  const candidates = await c.audit.find({ ...openings, at: near(loan.borrowDate) }).toArray();
  const exact = candidates.filter((entry) => entry.at.getTime() === loan.borrowDate.getTime());
  const named = candidates.some((entry) => entry.uid !== null && !isAnonymousMember(entry.uid));
  const [opening] = exact.length === 1 ? exact : candidates.length === 1 ? candidates : [];
  if (!opening) return named ? 'ambiguous' : null;
  if (opening.uid === null || isAnonymousMember(opening.uid)) return null;
  const loans = await c.loans.countDocuments({ bookId: loan.bookId, borrowDate: near(opening.at) });
  return loans === 1 ? opening : 'ambiguous';
}

/** The member's next loan of the book after this one: by the loans, or by their next opening entry. */
async function nextLoanOf(c: Collections, loan: Anonymized, opening: AuditDoc, member: string) {
  const [[loanAfter], [openingAfter]] = await Promise.all([
    c.loans
      .find({ userId: member, bookId: loan.bookId, borrowDate: { $gt: loan.borrowDate } })
      .sort({ borrowDate: 1 })
      .limit(1)
      .toArray(),
    c.audit
      .find({ uid: member, bookId: loan.bookId, action: { $in: [...OPENING_ACTIONS] }, at: { $gt: opening.at } })
      .sort({ at: 1 })
      .limit(1)
      .toArray(),
  ]);
  const times = [loanAfter?.borrowDate, openingAfter?.at].flatMap((at) => (at ? [at.getTime()] : []));
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}

export async function backfillAnonymousTrails(c: Collections): Promise<BackfillOutcome> {
  const done = await c.backfills.findOne({ _id: ANONYMOUS_TRAIL_BACKFILL });
  if (done) return { loans: 0, ambiguous: 0 };
  const outcome: BackfillOutcome = { loans: 0, ambiguous: 0 };
  const anonymized = c.loans.find(
    { userId: ANONYMOUS_UID, status: CLOSED },
    { projection: { _id: 1, bookId: 1, borrowDate: 1, userId: 1 } },
  );
  for await (const loan of anonymized) {
    const opening = await openingOf(c, loan);
    if (opening === 'ambiguous') outcome.ambiguous += 1;
    if (opening === null || opening === 'ambiguous') continue;
    const member = opening.uid as string;
    const since = new Date(Math.min(opening.at.getTime(), loan.borrowDate.getTime()));
    const until = await nextLoanOf(c, loan, opening, member);
    const at = until ? { $gte: since, $lt: until } : { $gte: since };
    const trail = { loanId: null, bookId: loan.bookId, action: { $in: [...TRAIL_BEFORE_41.actions] }, at };
    const rest: Filter<AuditDoc> = { uid: member, _id: { $ne: opening._id }, $or: [trail] };
    await rewriteTrail(c.audit, rest, member, loan.userId, TRAIL_BEFORE_41);
    await rewriteTrail(c.audit, { _id: opening._id, uid: member }, member, loan.userId, TRAIL_BEFORE_41);
    outcome.loans += 1;
  }
  try {
    await c.backfills.insertOne({ _id: ANONYMOUS_TRAIL_BACKFILL, at: new Date(), ...outcome });
  } catch (error) {
    // Another gateway opening at once finished first: its record stands.
    if (!isDuplicateKey(error)) throw error;
  }
  return outcome;
}
