import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { newId, parseId } from '../../server/store/ids.ts';

describe('newId', () => {
  it('makes ObjectIds that grow in the order they were made', () => {
    const ids = Array.from({ length: 1000 }, newId);
    for (const id of ids) {
      expect(parseId(id)).toBe(id);
      expect(ObjectId.isValid(id)).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Within one second the counter orders them (it may wrap once, from ffffff to 000000, in a run).
    const descents = ids.slice(1).filter((id, i) => id < ids[i]!).length;
    expect(descents).toBeLessThanOrEqual(1);
  });

  it('carries the time it was made, in seconds, as an ObjectId does', () => {
    const before = Math.floor(Date.now() / 1000);
    const seconds = new ObjectId(newId()).getTimestamp().getTime() / 1000;
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });
});
