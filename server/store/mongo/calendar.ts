// The library's calendar in MongoDB: one document per weekday with hours (the defaults inserted on open, each
// by an upsert that only inserts, so two gateways opening at once write them once) and one per closure, keyed
// by its day, which the unique _id keeps to one, with its reason in English and in Bangla. Changes of hours are documents of their own, never updated.
import { ObjectId, type Collection } from 'mongodb';
import type { CalendarStore, ClosureRecord, HoursChange, OpeningHours } from '../port.ts';
import { DEFAULT_OPENING_HOURS, FIXED_HOLIDAYS } from '../seed/calendar.ts';
import { isDuplicateKey } from './documents.ts';

export interface OpeningHoursDoc {
  _id: number;
  opens: string;
  closes: string;
}

export interface ClosureDoc {
  _id: string;
  /** In English ('' when only the Bangla one was given). */
  reason: string;
  /** In Bangla; missing on closures recorded before issue 41 (a seeded holiday's is back-filled on open). */
  reasonBn?: string | null;
  createdAt: Date;
}

export interface HoursChangeDoc {
  _id: ObjectId;
  from: string;
  to: string | null;
  hours: OpeningHours[];
  setAt: Date;
}

const toHoursChange = (doc: HoursChangeDoc): HoursChange => ({
  id: doc._id.toHexString(),
  from: doc.from,
  to: doc.to,
  hours: doc.hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
  setAt: doc.setAt,
});

const toClosure = (doc: ClosureDoc): ClosureRecord => ({
  day: doc._id,
  reason: doc.reason,
  reasonBn: doc.reasonBn ?? null,
  createdAt: doc.createdAt,
});

export async function mongoCalendar(
  hours: Collection<OpeningHoursDoc>,
  closures: Collection<ClosureDoc>,
  changes: Collection<HoursChangeDoc>,
): Promise<CalendarStore> {
  if ((await hours.countDocuments({}, { limit: 1 })) === 0) {
    for (const h of DEFAULT_OPENING_HOURS) {
      await hours.updateOne(
        { _id: h.weekday },
        { $setOnInsert: { opens: h.opens, closes: h.closes } },
        { upsert: true },
      );
    }
  }

  // The fixed-date holidays seeded before closures had a Bangla reason get theirs (SQLite: migration 33).
  for (const { reason, reasonBn } of FIXED_HOLIDAYS)
    await closures.updateMany({ reason, reasonBn: { $exists: false } }, { $set: { reasonBn } });

  async function insert(closure: ClosureRecord): Promise<boolean> {
    try {
      const reasonBn = closure.reasonBn ?? null;
      await closures.insertOne({ _id: closure.day, reason: closure.reason, reasonBn, createdAt: closure.createdAt });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  return {
    async openingHours() {
      const docs = await hours.find({}).sort({ _id: 1 }).toArray();
      return docs.map((doc) => ({ weekday: doc._id, opens: doc.opens, closes: doc.closes }));
    },
    async hoursChanges(from, to) {
      const docs = await changes
        .find({ from: { $lte: to }, $or: [{ to: null }, { to: { $gte: from } }] })
        .sort({ setAt: 1, _id: 1 })
        .toArray();
      return docs.map(toHoursChange);
    },
    async addHoursChange(change) {
      const doc: HoursChangeDoc = {
        _id: new ObjectId(),
        from: change.from,
        to: change.to,
        hours: change.hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
        setAt: change.setAt,
      };
      await changes.insertOne(doc);
      return toHoursChange(doc);
    },
    async closures(from, to) {
      const docs = await closures
        .find({ _id: { $gte: from, $lte: to } })
        .sort({ _id: 1 })
        .toArray();
      return docs.map(toClosure);
    },
    async addClosure(closure) {
      if (await insert(closure)) return { ok: true, closure: { ...closure, reasonBn: closure.reasonBn ?? null } };
      const existing = await closures.findOne({ _id: closure.day });
      if (!existing) throw new Error('A closure was neither added nor found');
      return { ok: false, closure: toClosure(existing) };
    },
    async removeClosure(day) {
      const doc = await closures.findOneAndDelete({ _id: day });
      return doc ? toClosure(doc) : null;
    },
    async seedYear(year, list) {
      // Two gateways seeding at once may both see an empty year; the unique days keep each holiday once.
      if ((await closures.countDocuments({ _id: { $gte: `${year}-01-01`, $lte: `${year}-12-31` } }, { limit: 1 })) > 0)
        return 0;
      let added = 0;
      for (const closure of list) if (await insert(closure)) added += 1;
      return added;
    },
  };
}
