// First come, first served (server/library/rules/hold-queue.ts): who is next of the holds waiting for a book,
// the one rule both stores ask when a copy comes free, passing over paused holds; and whether anyone waits, which
// holds up a renewal unless paused.
import { describe, expect, it } from 'vitest';
import { byArrival, nextWaiting, someoneWaitingAt } from '../../server/library/rules/hold-queue.ts';

const hold = (id: string, at: number, pausedUntil: number | null = null) => ({
  id,
  createdAt: new Date(at),
  pausedUntil: pausedUntil === null ? null : new Date(pausedUntil),
});
const NOW = new Date(10_000);

describe('nextWaiting', () => {
  it('is null when nobody waits', () => {
    expect(nextWaiting([], NOW)).toBeNull();
  });

  it('is the hold placed first, whatever order the holds are read in', () => {
    const line = [hold('c', 3000), hold('a', 1000), hold('b', 2000)];
    expect(nextWaiting(line, NOW)?.id).toBe('a');
    expect(nextWaiting([...line].reverse(), NOW)?.id).toBe('a');
  });

  it('takes the hold written first (the lower id) of two placed at the same instant', () => {
    expect(nextWaiting([hold('6620f0b2000000000000000b', 1000), hold('6620f0b2000000000000000a', 1000)], NOW)?.id).toBe(
      '6620f0b2000000000000000a',
    );
  });

  it('answers the hold as given, with whatever else the adapter read of it', () => {
    const mine = { ...hold('a', 1000), userId: 'u1' };
    expect(nextWaiting([hold('b', 2000), mine], NOW)).toBe(mine);
  });
});

describe('nextWaiting and paused holds', () => {
  it('passes over a hold paused at that instant: the copy goes to the next member', () => {
    const line = [hold('a', 1000, 20_000), hold('b', 2000), hold('c', 3000)];
    expect(nextWaiting(line, NOW)?.id).toBe('b');
  });

  it('takes a paused hold again from the instant its pause ends', () => {
    const line = [hold('a', 1000, 20_000), hold('b', 2000)];
    expect(nextWaiting(line, new Date(19_999))?.id).toBe('b');
    expect(nextWaiting(line, new Date(20_000))?.id).toBe('a');
  });

  it('is null when every hold waiting is paused', () => {
    expect(nextWaiting([hold('a', 1000, 20_000), hold('b', 2000, 30_000)], NOW)).toBeNull();
  });
});

describe('someoneWaitingAt (a renewal waits for them)', () => {
  const waiting = (id: string, pausedUntil: number | null = null) => ({
    ...hold(id, 1000, pausedUntil),
    status: 'waiting',
  });

  it('is true for a waiting hold, false for none or for one with its copy set aside', () => {
    expect(someoneWaitingAt([waiting('a')], NOW)).toBe(true);
    expect(someoneWaitingAt([], NOW)).toBe(false);
    expect(someoneWaitingAt([{ ...hold('a', 1000), status: 'ready' }], NOW)).toBe(false);
  });

  it('passes over a hold paused at that instant, and counts it again from the instant its pause ends', () => {
    expect(someoneWaitingAt([waiting('a', 20_000)], NOW)).toBe(false);
    expect(someoneWaitingAt([waiting('a', 20_000)], new Date(20_000))).toBe(true);
    expect(someoneWaitingAt([waiting('a', 20_000), waiting('b')], NOW)).toBe(true);
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
