// Erasing a member at their request (port.ts ErasureStore). MongoDB has no transaction here, so the steps run
// in an order that a retry completes: the user record goes last, and every step is a no-op when done already.
import type { Collection } from 'mongodb';
import type { AuditAction, ErasureStore } from '../port.ts';
import type { MemberNoteDoc } from './members.ts';
import type { AuditDoc } from './audit.ts';
import type { AccountDoc, HoldDoc, LedgerDoc, LoanDoc, MemberHoldsDoc, NoticeDoc, UserDoc } from './documents.ts';

export interface ErasureCollections {
  loans: Collection<LoanDoc>;
  holds: Collection<HoldDoc>;
  notices: Collection<NoticeDoc>;
  accounts: Collection<AccountDoc>;
  memberHolds: Collection<MemberHoldsDoc>;
  users: Collection<UserDoc>;
  memberNotes: Collection<MemberNoteDoc>;
  ledger: Collection<LedgerDoc>;
  audit: Collection<AuditDoc>;
}

export function mongoErasure(c: ErasureCollections): ErasureStore {
  // Only records that still name the member, so erasing again counts nothing.
  const named = (uid: string) => ({ userId: uid, $or: [{ userName: { $ne: '' } }, { userEmail: { $ne: '' } }] });
  const anonymous = { $set: { userName: '', userEmail: '' } };
  return {
    async erase(uid, personal) {
      const id = String(uid);
      const actions = [...personal.auditActions];
      // The member's own app returns name them as who closed the loan; cleared before the name itself, so a
      // retry after a crash between the two (the name still there) does both again.
      await c.loans.updateMany(
        { userId: id, returnedVia: 'APP', returnedBy: { $ne: null } },
        { $set: { returnedBy: null } },
      );
      const loans = await c.loans.updateMany(named(id), anonymous);
      const holds = await c.holds.updateMany(named(id), anonymous);
      const notices = await c.notices.deleteMany({ userId: id });
      // The loan-limit counter, which only exists for members who borrowed; nothing is on loan by now.
      await c.accounts.deleteOne({ _id: id, onLoan: 0 });
      // The hold-limit counter, likewise: no hold is open by now.
      await c.memberHolds.deleteOne({ _id: id, open: { $size: 0 } });
      // Staff notes name and describe the member: they go with the account, and so do staff's words on a payment
      // or waiver (a charge's note is the library's own: "Returned late").
      await c.memberNotes.deleteMany({ uid: id });
      const ledger = await c.ledger.updateMany(
        { userId: id, kind: { $in: ['payment', 'waiver'] }, note: { $ne: '' } },
        { $set: { note: '' } },
      );
      const audit = await redactAudit(c.audit, id, actions);
      const user = await c.users.deleteOne({ uid: id });
      return {
        user: user.deletedCount > 0,
        loansAnonymised: loans.modifiedCount,
        holdsAnonymised: holds.modifiedCount,
        noticesDeleted: notices.deletedCount,
        auditRedacted: audit,
        ledgerNotesCleared: ledger.modifiedCount,
      };
    },
  };
}

/**
 * The entries about the member: the values of the actions named go (null), and the member's own name as who
 * made one (''). Three disjoint updates (FerretDB has no update pipelines), so their counts add up to entries.
 */
async function redactAudit(audit: Collection<AuditDoc>, uid: string, actions: AuditAction[]): Promise<number> {
  const valued = { $or: [{ oldValue: { $ne: null } }, { newValue: { $ne: null } }] };
  const noValues = { oldValue: null, newValue: null };
  const both = await audit.updateMany(
    { uid, actorUid: uid, action: { $in: actions }, $or: [...valued.$or, { actorName: { $ne: '' } }] },
    { $set: { ...noValues, actorName: '' } },
  );
  const values = await audit.updateMany(
    { uid, actorUid: { $ne: uid }, action: { $in: actions }, ...valued },
    { $set: noValues },
  );
  const name = await audit.updateMany(
    { uid, actorUid: uid, action: { $nin: actions }, actorName: { $ne: '' } },
    { $set: { actorName: '' } },
  );
  return both.modifiedCount + values.modifiedCount + name.modifiedCount;
}
