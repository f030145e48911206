// Member cards, registration at the desk, details, blocks and staff notes in MongoDB (port.ts UserStore).
// A card is unique by a sparse unique index on users.cardNumber (never stored as null, so members without
// one yet do not collide); numbers come from a counter document, and a number staff gave by hand is skipped.
import { ObjectId } from 'mongodb';
import type { Collection } from 'mongodb';
import { CardTakenError, MemberExistsError } from '../port.ts';
import type { MemberNote, UserProfile, UserStore } from '../port.ts';
import { memberCard } from '../../../shared/barcodes.ts';
import { memberKey } from '../search-words.ts';
import { isDuplicateKey, toUser } from './documents.ts';
import type { UserDoc } from './documents.ts';

export interface CounterDoc {
  _id: string;
  value: number;
}

export interface MemberNoteDoc {
  _id: ObjectId;
  uid: string;
  text: string;
  at: Date;
  byUid: string;
  byName: string;
}

export interface MemberCollections {
  users: Collection<UserDoc>;
  counters: Collection<CounterDoc>;
  memberNotes: Collection<MemberNoteDoc>;
}

type MemberMethods = Pick<
  UserStore,
  'upsert' | 'getByCard' | 'register' | 'editDetails' | 'setBlock' | 'addNote' | 'listNotes'
>;

const CARD_COUNTER = 'memberCard';

/** Takes `count` numbers from the card counter in one write: the last `count` up to its new value. */
async function takeNumbers(counters: Collection<CounterDoc>, count: number): Promise<number[]> {
  const take = () =>
    counters.findOneAndUpdate(
      { _id: CARD_COUNTER },
      { $inc: { value: count } },
      { upsert: true, returnDocument: 'after' },
    );
  let doc: CounterDoc | null;
  try {
    doc = await take();
  } catch (error) {
    // Two first takes raced to create the counter; it exists now.
    if (!isDuplicateKey(error)) throw error;
    doc = await take();
  }
  if (!doc) throw new Error('The card counter returned nothing');
  const last = doc.value;
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/** The next card number no member holds (one staff typed in at registration is skipped). */
async function nextFreeCard(c: MemberCollections): Promise<string> {
  for (;;) {
    const [seq] = await takeNumbers(c.counters, 1);
    const card = memberCard(seq!);
    if (!(await c.users.findOne({ cardNumber: card }, { projection: { _id: 1 } }))) return card;
  }
}

const keyOf = (doc: UserDoc): string => memberKey(doc.name, doc.email, doc.cardNumber ?? null, doc.phone ?? null);

/**
 * Brings a member's search key in line with their name, e-mail, card and phone: only while those are still
 * what the key was worked out from, so a sign-in and an edit at once cannot leave an old key behind.
 */
async function settleKey(users: Collection<UserDoc>, doc: UserDoc): Promise<UserDoc> {
  const key = keyOf(doc);
  if (doc.searchKey === key) return doc;
  const { uid, name, email } = doc;
  const phone = doc.phone ?? null;
  const cardNumber = doc.cardNumber;
  const after = await users.findOneAndUpdate(
    { uid, name, email, phone, cardNumber },
    { $set: { searchKey: key } },
    { returnDocument: 'after' },
  );
  return after ?? doc;
}

/**
 * Gives every member without a card one, in sign-up order, in batches (idempotent: only while still missing,
 * since a sign-in in between may have given one). Run on open, after the unique index exists.
 */
export async function prepareMemberCards(c: MemberCollections): Promise<number> {
  let given = 0;
  for (;;) {
    const batch = await c.users
      .find({ cardNumber: { $exists: false } })
      .sort({ _id: 1 })
      .limit(100)
      .toArray();
    if (batch.length === 0) return given;
    const numbers = await takeNumbers(c.counters, batch.length);
    for (const [i, doc] of batch.entries()) {
      const cardNumber = memberCard(numbers[i]!);
      try {
        const done = await c.users.updateOne(
          { _id: doc._id, cardNumber: { $exists: false } },
          { $set: { cardNumber, searchKey: keyOf({ ...doc, cardNumber }) } },
        );
        given += done.modifiedCount;
      } catch (error) {
        // A card staff gave by hand has this number: the member gets a later one on the next round.
        if (!isDuplicateKey(error)) throw error;
      }
    }
  }
}

/**
 * Folds again the keys of members whose name holds a Bengali letter the folding learned to fold (ী ূ ঈ ঊ, Bengali
 * digits, zero-width joiners: library/rules/search-fold.ts), on open: only while their name, e-mail, card and phone
 * are what the key is worked out from (settleKey), so a reopen rewrites none. Returns how many it folded.
 */
export async function refoldMemberKeys(users: Collection<UserDoc>): Promise<number> {
  let folded = 0;
  const named = users.find({ name: { $regex: '[\u09c0\u09c2\u0988\u098a\u09e6-\u09ef\u200c\u200d]' } });
  for await (const doc of named) if ((await settleKey(users, doc)) !== doc) folded += 1;
  return folded;
}

export function mongoMembers(c: MemberCollections): MemberMethods {
  const { users } = c;

  /** The member's first sign-in gives the card in the insert; a member from before cards gets one after. */
  async function upsertOnce(profile: UserProfile, now: Date): Promise<UserDoc> {
    const uid = String(profile.uid);
    const existing = await users.findOne({ uid }, { projection: { cardNumber: 1 } });
    const card = existing?.cardNumber ?? (await nextFreeCard(c));
    const { email, name, photoURL, role } = profile;
    const doc = await users.findOneAndUpdate(
      { uid },
      {
        $set: { email, name, photoURL, role, lastLoginAt: now },
        $setOnInsert: {
          status: 'active',
          phone: null,
          createdAt: now,
          cardNumber: card,
          searchKey: memberKey(name, email, card, null),
        },
      },
      { upsert: true, returnDocument: 'after' },
    );
    if (!doc) throw new Error('Upsert returned no document');
    if (doc.cardNumber) return doc;
    const carded = await users.findOneAndUpdate(
      { uid, cardNumber: { $exists: false } },
      { $set: { cardNumber: card } },
      { returnDocument: 'after' },
    );
    return carded ?? ((await users.findOne({ uid })) as UserDoc);
  }

  return {
    async upsert(profile, at = new Date()) {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return toUser(await settleKey(users, await upsertOnce(profile, at)));
        } catch (error) {
          // Two first sign-ins raced to insert (the loser finds the winner's document next time), or a card
          // staff gave by hand took the number in between: try again with a fresh number.
          if (!isDuplicateKey(error) || attempt >= 3) throw error;
        }
      }
    },
    async getByCard(card) {
      const doc = await users.findOne({ cardNumber: String(card) });
      return doc ? toUser(doc) : null;
    },
    async register(member) {
      const uid = String(member.uid);
      if (await users.findOne({ uid }, { projection: { _id: 1 } })) throw new MemberExistsError(uid);
      const cardNumber = member.cardNumber ?? (await nextFreeCard(c));
      if (await users.findOne({ cardNumber }, { projection: { _id: 1 } })) throw new CardTakenError(cardNumber);
      const now = new Date();
      const { email, name, photoURL, role, phone } = member;
      const doc: UserDoc = {
        _id: new ObjectId(),
        uid,
        email,
        name,
        photoURL,
        role,
        status: 'active',
        phone,
        createdAt: now,
        lastLoginAt: now,
        cardNumber,
        searchKey: memberKey(name, email, cardNumber, phone),
      };
      try {
        await users.insertOne(doc);
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // Someone else took the uid or the card in between: say which.
        if (await users.findOne({ uid }, { projection: { _id: 1 } })) throw new MemberExistsError(uid);
        throw new CardTakenError(cardNumber);
      }
      return toUser(doc);
    },
    async editDetails(uid, details) {
      const set: Partial<UserDoc> = {};
      if (details.name !== undefined) set.name = details.name;
      if (details.email !== undefined) set.email = details.email;
      if (details.phone !== undefined) set.phone = details.phone;
      const doc = await users.findOneAndUpdate({ uid: String(uid) }, { $set: set }, { returnDocument: 'after' });
      return doc ? toUser(await settleKey(users, doc)) : null;
    },
    async setBlock(uid, block) {
      const doc = await users.findOneAndUpdate(
        { uid: String(uid) },
        { $set: { blockedReason: block?.reason ?? null, blockedAt: block?.at ?? null } },
        { returnDocument: 'after' },
      );
      return doc ? toUser(doc) : null;
    },
    async addNote(note) {
      const { id, ...rest } = note;
      const doc: MemberNoteDoc = { _id: ObjectId.createFromHexString(id), ...rest, uid: String(note.uid) };
      await c.memberNotes.insertOne(doc);
      return toNote(doc);
    },
    async listNotes(uid) {
      const docs = await c.memberNotes
        .find({ uid: String(uid) })
        .sort({ at: -1, _id: -1 })
        .toArray();
      return docs.map(toNote);
    },
  };
}

function toNote(doc: MemberNoteDoc): MemberNote {
  const { _id, ...rest } = doc;
  return { id: _id.toHexString(), ...rest };
}
