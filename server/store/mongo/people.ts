// Categories and users in MongoDB.
import { MongoBulkWriteError } from 'mongodb';
import type { Collection } from 'mongodb';
import { ObjectId } from 'mongodb';
import { InvalidCursorError } from '../port.ts';
import type { CategoryStore, LedgerStore, UserSearchFields, UserStore } from '../port.ts';
import { decodeCursor, encodeCursor, escapeRegex, keysetPage } from '../ids.ts';
import { SEPARATOR, compareRanked, foldedKey, matchTier, searchWords, type Ranked } from '../search-words.ts';
import { toCategory, toUser } from './documents.ts';
import { mongoMembers, type MemberCollections } from './members.ts';
import type { CategoryDoc, NoticeDoc, UserDoc } from './documents.ts';

export function mongoCategories(categories: Collection<CategoryDoc>): CategoryStore {
  return {
    async list() {
      return (await categories.find({}).sort({ _id: 1 }).toArray()).map(toCategory);
    },
    async seed(list) {
      if (list.length === 0 || (await categories.countDocuments({}, { limit: 1 })) > 0) return 0;
      const docs = list.map((c) => ({ _id: new ObjectId(), name: c.name, image: c.image, description: c.description }));
      try {
        return (await categories.insertMany(docs, { ordered: false })).insertedCount;
      } catch (error) {
        // Two processes seeding at once: the unique name index lets only one copy of each category in.
        if (error instanceof MongoBulkWriteError && error.code === 11000) return error.insertedCount;
        throw error;
      }
    },
  };
}

/** What a member search looks in: the whole folded key, or the name and its separator alone (as SQLite does). */
const within = (key: string, fields: UserSearchFields): string =>
  fields === 'name' ? key.slice(0, key.indexOf(SEPARATOR) + 1) : key;

/**
 * Gives members written before folded keys theirs, in batches; only while still missing, as a sign-in in
 * between has written it already. A reopen reads the members without one (none, once done).
 */
export async function prepareMemberSearch(users: Collection<UserDoc>): Promise<number> {
  let filled = 0;
  for (;;) {
    const batch = await users
      .find({ searchKey: { $exists: false } }, { projection: { _id: 1, name: 1, email: 1 } })
      .limit(100)
      .toArray();
    if (batch.length === 0) return filled;
    await users.bulkWrite(
      batch.map((doc) => ({
        updateOne: {
          filter: { _id: doc._id, searchKey: { $exists: false } },
          update: { $set: { searchKey: foldedKey(String(doc.name), String(doc.email)) } },
        },
      })),
      { ordered: false },
    );
    filled += batch.length;
  }
}

/** What a member's summary reads besides their record: the ledger's balance and their notices. */
export interface SummarySources {
  balance: LedgerStore['balance'];
  notices: Collection<NoticeDoc>;
}

export function mongoUsers(c: MemberCollections, sources: SummarySources): UserStore {
  const { users } = c;
  /**
   * A page of a member search, best match first as books are (search-words.ts), then by key and id: every
   * member whose key holds every word (escaped regex literals) is ranked here, then the page is sliced off.
   */
  async function rankedPage(words: string[], afterCursor: string | null, first: number, fields: UserSearchFields) {
    // The cursor is the last member's id (as without a search): their rank is worked out again from it.
    const resume = afterCursor ? decodeCursor(afterCursor) : null;
    const docs = await users
      .find({ $and: words.map((word) => ({ searchKey: { $regex: escapeRegex(word) } })) })
      .toArray();
    const ranked: (Ranked & { doc: UserDoc })[] = docs.flatMap((doc) => {
      const key = within(doc.searchKey ?? '', fields);
      if (!words.every((word) => key.includes(word))) return [];
      return [{ tier: matchTier(key, words), recent: 0, key, id: doc._id.toHexString(), doc }];
    });
    ranked.sort(compareRanked);
    let start = 0;
    if (resume) {
      const at = await users.findOne({ _id: ObjectId.createFromHexString(resume) });
      if (!at) throw new InvalidCursorError();
      const key = within(at.searchKey ?? '', fields);
      const cursor = { tier: matchTier(key, words), recent: 0, key, id: resume };
      start = ranked.findIndex((entry) => compareRanked(entry, cursor) > 0);
      if (start < 0) start = ranked.length;
    }
    const onPage = ranked.slice(start, start + first);
    const last = onPage.at(-1);
    return {
      nodes: onPage.map((entry) => toUser(entry.doc)),
      totalCount: ranked.length,
      hasNextPage: start + first < ranked.length,
      endCursor: last ? encodeCursor(last.id) : null,
    };
  }

  return {
    ...mongoMembers(c),
    async getByUid(uid) {
      const doc = await users.findOne({ uid: String(uid) });
      return doc ? toUser(doc) : null;
    },
    async summary(uid) {
      const [balance, notices, unreadNotices] = await Promise.all([
        sources.balance(uid),
        sources.notices.countDocuments({ userId: uid }),
        sources.notices.countDocuments({ userId: uid, readAt: null }),
      ]);
      return { balance, notices, unreadNotices };
    },
    async list() {
      return (await users.find({}).sort({ _id: 1 }).toArray()).map(toUser);
    },
    async setLocale(uid, locale) {
      const doc = await users.findOneAndUpdate({ uid: String(uid) }, { $set: { locale } }, { returnDocument: 'after' });
      return doc ? toUser(doc) : null;
    },
    async setSmsNotices(uid, enabled) {
      const doc = await users.findOneAndUpdate(
        { uid: String(uid) },
        { $set: { smsNotices: enabled } },
        { returnDocument: 'after' },
      );
      return doc ? toUser(doc) : null;
    },
    async setEmailNotices(uid, enabled) {
      const doc = await users.findOneAndUpdate(
        { uid: String(uid) },
        { $set: { emailNotices: enabled }, $inc: { emailNoticesVersion: 1 } },
        { returnDocument: 'after' },
      );
      return doc ? toUser(doc) : null;
    },
    async turnOffEmailNoticesAt(uid, version) {
      // A member who never changed the setting has no counter yet: that is version 0.
      const atVersion =
        version === 0
          ? { $or: [{ emailNoticesVersion: 0 }, { emailNoticesVersion: { $exists: false } }] }
          : { emailNoticesVersion: version };
      const doc = await users.findOneAndUpdate(
        { uid: String(uid), ...atVersion },
        { $set: { emailNotices: false }, $inc: { emailNoticesVersion: 1 } },
        { returnDocument: 'after' },
      );
      if (doc) return { user: toUser(doc), applied: true };
      const current = await users.findOne({ uid: String(uid) });
      return current ? { user: toUser(current), applied: false } : null;
    },
    async page(search, page, within = 'nameOrEmail') {
      const limit = Math.max(page.first, 0) + 1;
      const words = searchWords(search);
      if (words.length > 0) return rankedPage(words, page.after ?? null, limit - 1, within);
      const after = page.after ? ObjectId.createFromHexString(decodeCursor(page.after)) : null;
      const docs = await users
        .find(after ? { _id: { $gt: after } } : {})
        .sort({ _id: 1 })
        .limit(limit)
        .toArray();
      const totalCount = !after && docs.length < limit ? docs.length : await users.countDocuments({});
      return keysetPage(docs, limit, toUser, (user) => encodeCursor(user.id), totalCount);
    },
  };
}
