// Categories and users in MongoDB.
import { MongoBulkWriteError } from 'mongodb';
import type { Collection } from 'mongodb';
import { ObjectId } from 'mongodb';
import type { CategoryStore, UserProfile, UserRecord, UserStore } from '../port.ts';
import { decodeCursor, encodeCursor, escapeRegex, keysetPage } from '../ids.ts';
import { isDuplicateKey, toCategory, toUser } from './documents.ts';
import type { CategoryDoc, UserDoc } from './documents.ts';

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

export function mongoUsers(users: Collection<UserDoc>): UserStore {
  async function upsertOnce(profile: UserProfile): Promise<UserRecord> {
    const now = new Date();
    const doc = await users.findOneAndUpdate(
      { uid: String(profile.uid) },
      {
        $set: {
          email: profile.email,
          name: profile.name,
          photoURL: profile.photoURL,
          role: profile.role,
          lastLoginAt: now,
        },
        $setOnInsert: { status: 'active', phone: null, createdAt: now },
      },
      { upsert: true, returnDocument: 'after' },
    );
    if (!doc) throw new Error('Upsert returned no document');
    return toUser(doc);
  }
  return {
    async upsert(profile) {
      try {
        return await upsertOnce(profile);
      } catch (error) {
        // Two first sign-ins raced to insert; the loser now finds the winner's document and updates it.
        if (isDuplicateKey(error)) return upsertOnce(profile);
        throw error;
      }
    },
    async getByUid(uid) {
      const doc = await users.findOne({ uid: String(uid) });
      return doc ? toUser(doc) : null;
    },
    async list() {
      return (await users.find({}).sort({ _id: 1 }).toArray()).map(toUser);
    },
    async setLocale(uid, locale) {
      const doc = await users.findOneAndUpdate({ uid: String(uid) }, { $set: { locale } }, { returnDocument: 'after' });
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
      const after = page.after ? ObjectId.createFromHexString(decodeCursor(page.after)) : null;
      // User input only ever becomes an escaped regex literal.
      const pattern = search ? { $regex: escapeRegex(search), $options: 'i' } : null;
      const base = !pattern
        ? {}
        : within === 'name'
          ? { name: pattern }
          : { $or: [{ name: pattern }, { email: pattern }] };
      const limit = Math.max(page.first, 0) + 1;
      const docs = await users
        .find(after ? { ...base, _id: { $gt: after } } : base)
        .sort({ _id: 1 })
        .limit(limit)
        .toArray();
      const totalCount = !after && docs.length < limit ? docs.length : await users.countDocuments(base);
      return keysetPage(docs, limit, toUser, (user) => encodeCursor(user.id), totalCount);
    },
  };
}
