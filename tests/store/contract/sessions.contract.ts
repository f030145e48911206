// Ended sessions: one signed out is ended until its token expires (then pruned by a later sign-out), and a
// member's sessions all end at a moment, those issued after it going on.
import { describe, expect, it } from 'vitest';
import { useStore, type StoreFactory } from './harness.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

export function sessionsContract(factory: StoreFactory): void {
  describe('sessions', () => {
    const store = useStore(factory);

    it('ends one session, leaving the member’s others, and forgets it once its token has expired', async () => {
      const { sessions } = store();
      expect(await sessions.ended('s1', 'u1', at(0))).toBe(false);
      await sessions.end('s1', at(60_000), at(1_000));
      await sessions.end('s1', at(60_000), at(2_000));
      expect(await sessions.ended('s1', 'u1', at(0))).toBe(true);
      expect(await sessions.ended('s2', 'u1', at(0))).toBe(false);
      // Another sign-out after s1's token expired prunes it: it could not be used anyway.
      await sessions.end('s3', at(120_000), at(60_000));
      expect(await sessions.ended('s1', 'u1', at(0))).toBe(false);
      expect(await sessions.ended('s3', 'u1', at(0))).toBe(true);
    });

    it('ends every session of a member issued up to a moment, not those issued after it nor another’s', async () => {
      const { sessions } = store();
      await sessions.endAllOf('u1', at(10_000));
      expect(await sessions.ended('a', 'u1', at(0))).toBe(true);
      expect(await sessions.ended('b', 'u1', at(10_000))).toBe(true);
      expect(await sessions.ended('c', 'u1', at(10_001))).toBe(false);
      expect(await sessions.ended('a', 'u2', at(0))).toBe(false);
      // An earlier moment does not bring ended sessions back.
      await sessions.endAllOf('u1', at(5_000));
      expect(await sessions.ended('b', 'u1', at(10_000))).toBe(true);
    });
  });
}
