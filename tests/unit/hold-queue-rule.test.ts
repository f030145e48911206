// First come, first served (server/library/rules/hold-queue.ts): who is next of the holds waiting for a book,
// the one rule both stores ask when a copy comes free.
import { describe, expect, it } from 'vitest';
import { byArrival, nextWaiting } from '../../server/library/rules/hold-queue.ts';

const hold = (id: string, at: number) => ({ id, createdAt: new Date(at) });

describe('nextWaiting', () => {
  it('is null when nobody waits', () => {
    expect(nextWaiting([])).toBeNull();
  });

  it('is the hold placed first, whatever order the holds are read in', () => {
    const line = [hold('c', 3000), hold('a', 1000), hold('b', 2000)];
    expect(nextWaiting(line)?.id).toBe('a');
    expect(nextWaiting([...line].reverse())?.id).toBe('a');
  });

  it('takes the hold written first (the lower id) of two placed at the same instant', () => {
    expect(nextWaiting([hold('6620f0b2000000000000000b', 1000), hold('6620f0b2000000000000000a', 1000)])?.id).toBe(
      '6620f0b2000000000000000a',
    );
  });

  it('answers the hold as given, with whatever else the adapter read of it', () => {
    const mine = { ...hold('a', 1000), userId: 'u1' };
    expect(nextWaiting([hold('b', 2000), mine])).toBe(mine);
  });
});

describe('byArrival', () => {
  it('orders a line by time, then id, and keeps a hold level with itself', () => {
    const line = [hold('b', 1000), hold('a', 2000), hold('a', 1000)];
    expect([...line].sort(byArrival).map((h) => `${h.id}@${h.createdAt.getTime()}`)).toEqual([
      'a@1000',
      'b@1000',
      'a@2000',
    ]);
    expect(byArrival(hold('a', 1000), hold('a', 1000))).toBe(0);
  });
});
