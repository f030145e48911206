// Leases: one holder at a time, renewed by its holder, taken over only once it has lapsed, by the clock given.
import { describe, expect, it } from 'vitest';
import { useStore, type StoreFactory } from './harness.ts';

const TTL = 60_000;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

export function leasesContract(factory: StoreFactory): void {
  describe('leases', () => {
    const store = useStore(factory);

    it('grants a free lease, renews it for its holder only, and hands it over once it has lapsed', async () => {
      const { leases } = store();
      expect(await leases.acquire('schedule', 'a', at(0), TTL)).toBe(true);
      expect(await leases.acquire('schedule', 'b', at(1_000), TTL)).toBe(false);
      // Renewed at 30 s, so it runs to 90 s: b is refused at 60 s, when the first term would have ended.
      expect(await leases.acquire('schedule', 'a', at(30_000), TTL)).toBe(true);
      expect(await leases.acquire('schedule', 'b', at(TTL), TTL)).toBe(false);
      expect(await leases.acquire('schedule', 'b', at(89_999), TTL)).toBe(false);
      // a stopped renewing (it died): at the end of its lease b takes over, and a is now the one refused.
      expect(await leases.acquire('schedule', 'b', at(90_000), TTL)).toBe(true);
      expect(await leases.acquire('schedule', 'a', at(91_000), TTL)).toBe(false);
      // Names are separate leases.
      expect(await leases.acquire('other', 'a', at(91_000), TTL)).toBe(true);
    });

    it('lets a released lease be taken at once, and ignores a release by someone who does not hold it', async () => {
      const { leases } = store();
      expect(await leases.acquire('schedule', 'a', at(0), TTL)).toBe(true);
      await leases.release('schedule', 'b');
      expect(await leases.acquire('schedule', 'b', at(1_000), TTL)).toBe(false);
      await leases.release('schedule', 'a');
      expect(await leases.acquire('schedule', 'b', at(1_000), TTL)).toBe(true);
    });

    it('grants a lease to exactly one of many holders racing for it, whether it is new or has lapsed', async () => {
      const { leases } = store();
      const holders = Array.from({ length: 20 }, (_, i) => `gateway-${i}`);
      const race = (now: Date) => Promise.all(holders.map((holder) => leases.acquire('schedule', holder, now, TTL)));
      const first = await race(at(0));
      expect(first.filter(Boolean)).toHaveLength(1);
      expect((await race(at(TTL - 1))).filter(Boolean)).toHaveLength(1); // only the holder, renewing
      expect(await race(at(TTL - 1))).toEqual(first);
      // Lapsed (its holder stopped renewing at TTL - 1): again exactly one wins.
      expect((await race(at(2 * TTL))).filter(Boolean)).toHaveLength(1);
    });
  });
}
