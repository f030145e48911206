// The audit trail in MongoDB: inserts only, read newest first by (bookId, _id) or (uid, _id). Nothing here
// updates or deletes an entry; the port offers no way to (erasure.ts and reading-history.ts take a member out).
import { ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import type { AuditRecord, AuditStore, NewAudit, PageRequest } from '../port.ts';
import { decodeCursor, encodeCursor, keysetPage } from '../ids.ts';
import { isDuplicateKey, toObjectId } from './documents.ts';

export interface AuditDoc extends NewAudit {
  _id: ObjectId;
}

// Entries recorded before loans' ids were (decision 083) have no loanId.
const toAudit = ({ _id, loanId, ...entry }: AuditDoc): AuditRecord => ({
  id: _id.toHexString(),
  ...entry,
  loanId: loanId ?? null,
});

/** New entries as documents, their ids fixed now (a loan keeps them until its last step inserts them). */
export function auditDocs(entries: readonly NewAudit[]): AuditDoc[] {
  // Fields in a fixed order, so every entry reads the same whatever object it was built from.
  return entries.map((e) => ({
    _id: new ObjectId(),
    at: e.at,
    actorUid: e.actorUid,
    actorName: e.actorName,
    api: e.api,
    action: e.action,
    field: e.field,
    oldValue: e.oldValue,
    newValue: e.newValue,
    bookId: e.bookId,
    uid: e.uid,
    loanId: e.loanId ?? null,
  }));
}

/** Inserts entries whose ids were fixed before, each once: one a step inserted before (run again) is skipped. */
export async function insertAuditOnce(audit: Collection<AuditDoc>, docs: readonly AuditDoc[]): Promise<void> {
  for (const doc of docs) {
    try {
      await audit.insertOne(doc);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
}

export function mongoAudit(audit: Collection<AuditDoc>): AuditStore {
  const reader = (field: 'bookId' | 'uid') => async (key: string, page: PageRequest) => {
    const after = page.after ? ObjectId.createFromHexString(decodeCursor(page.after)) : null;
    const base: Filter<AuditDoc> = { [field]: key };
    const limit = Math.max(page.first, 0) + 1;
    const docs = await audit
      .find(after ? { ...base, _id: { $lt: after } } : base)
      .sort({ _id: -1 })
      .limit(limit)
      .toArray();
    return keysetPage(docs, limit, toAudit, (entry) => encodeCursor(entry.id), await audit.countDocuments(base));
  };
  return {
    async get(id) {
      const _id = toObjectId(id);
      const doc = _id ? await audit.findOne({ _id }) : null;
      return doc ? toAudit(doc) : null;
    },
    async record(entries) {
      if (entries.length === 0) return [];
      const docs = auditDocs(entries);
      await audit.insertMany(docs, { ordered: true });
      return docs.map(toAudit);
    },
    listByBook: reader('bookId'),
    listByUid: reader('uid'),
  };
}
