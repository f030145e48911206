// The moon-dated holidays staff acted on, in MongoDB: one document per proposal's key (its _id), written only
// by a conditional update on the version it was read at (or an insert, which the unique _id keeps to one).
import type { Collection } from 'mongodb';
import type { HolidayMove, HolidayRecord, HolidayState, HolidayStore } from '../port.ts';
import { isDuplicateKey } from './documents.ts';

export interface HolidayDoc {
  _id: string;
  from: string;
  to: string;
  state: HolidayState;
  moved: HolidayMove[];
  version: number;
  decidedAt: Date;
}

const toHoliday = (doc: HolidayDoc): HolidayRecord => ({
  key: doc._id,
  from: doc.from,
  to: doc.to,
  state: doc.state,
  moved: doc.moved.map(({ loanId, was, to }) => ({ loanId, was, to })),
  version: doc.version,
  decidedAt: doc.decidedAt,
});

export function mongoHolidays(holidays: Collection<HolidayDoc>): HolidayStore {
  return {
    async get(keys) {
      if (keys.length === 0) return [];
      return (await holidays.find({ _id: { $in: [...keys] } }).toArray()).map(toHoliday);
    },
    async save(record) {
      const { key, ...rest } = record;
      const doc: HolidayDoc = {
        _id: key,
        ...rest,
        moved: rest.moved.map(({ loanId, was, to }) => ({ loanId, was, to })),
      };
      if (record.version === 1) {
        try {
          await holidays.insertOne(doc);
          return true;
        } catch (error) {
          if (isDuplicateKey(error)) return false;
          throw error;
        }
      }
      const { _id, ...fields } = doc;
      const result = await holidays.updateOne({ _id, version: record.version - 1 }, { $set: fields });
      return result.modifiedCount === 1;
    },
  };
}
