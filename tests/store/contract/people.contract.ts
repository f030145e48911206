// Contract: categories, users and the store itself.
import { describe, expect, it } from 'vitest';
import { HEX24, profile, useStore } from './harness.ts';
import type { StoreFactory } from './harness.ts';

const CATEGORIES = [
  { name: 'Thriller', image: '/assets/library/categories/thriller.svg', description: 'Suspense.' },
  { name: 'Poetry', image: '/assets/library/categories/poetry.svg', description: 'Verse.' },
  { name: 'Drama', image: '/assets/library/categories/drama.svg', description: 'Plays.' },
];

export function peopleContract(factory: StoreFactory): void {
  describe('categories, users and health', () => {
    const store = useStore(factory);

    it('seeds categories only while there are none, and lists them in seed order', async () => {
      expect(await store().categories.list()).toEqual([]);
      expect(await store().categories.seed(CATEGORIES)).toBe(3);
      const listed = await store().categories.list();
      expect(listed.map(({ id: _id, ...rest }) => rest)).toEqual(CATEGORIES);
      expect(listed.every((c) => HEX24.test(c.id))).toBe(true);
      expect(await store().categories.seed([{ name: 'Romance', image: '/r.svg', description: 'Love.' }])).toBe(0);
      expect(await store().categories.list()).toEqual(listed);
    });

    it('creates a user on first sign-in', async () => {
      const before = Date.now();
      const user = await store().users.upsert(profile({ photoURL: 'https://example.com/ada.png' }));
      expect(user).toMatchObject({
        ...profile({ photoURL: 'https://example.com/ada.png' }),
        status: 'active',
        phone: null,
      });
      expect(user.id).toMatch(HEX24);
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(user.lastLoginAt).toBeInstanceOf(Date);
      expect(user.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);
      expect(await store().users.getByUid('uid-ada')).toEqual(user);
    });

    it('refreshes profile and role on later sign-ins, keeping id and createdAt', async () => {
      const first = await store().users.upsert(profile());
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await store().users.upsert(
        profile({ name: 'Ada L.', email: 'ada@new.example', role: 'admin', photoURL: '/p.png' }),
      );
      expect(second).toMatchObject({
        id: first.id,
        name: 'Ada L.',
        email: 'ada@new.example',
        role: 'admin',
        photoURL: '/p.png',
        status: 'active',
      });
      expect(second.createdAt).toEqual(first.createdAt);
      expect(second.lastLoginAt.getTime()).toBeGreaterThan(first.lastLoginAt.getTime());
      expect(await store().users.list()).toHaveLength(1);
    });

    it('joins a user at the moment given (the seed back-dates its members), later sign-ins moving only lastLoginAt', async () => {
      const joined = new Date('2024-03-02T05:00:00.000Z');
      const first = await store().users.upsert(profile(), joined);
      expect(first.createdAt).toEqual(joined);
      expect(first.lastLoginAt).toEqual(joined);
      const later = new Date('2025-01-09T08:30:00.000Z');
      const again = await store().users.upsert(profile({ name: 'Ada L.' }), later);
      expect(again.createdAt).toEqual(joined);
      expect(again.lastLoginAt).toEqual(later);
    });

    it('keeps one user when the first sign-in happens twice at once', async () => {
      const [a, b] = await Promise.all([store().users.upsert(profile()), store().users.upsert(profile())]);
      expect(a.id).toBe(b.id);
      expect(await store().users.list()).toHaveLength(1);
    });

    it('lists users oldest first and answers null for an unknown uid', async () => {
      await store().users.upsert(profile({ uid: 'first' }));
      await store().users.upsert(profile({ uid: 'second' }));
      await store().users.upsert(profile({ uid: 'first', name: 'Signed in again' }));
      expect((await store().users.list()).map((u) => u.uid)).toEqual(['first', 'second']);
      expect(await store().users.getByUid('nobody')).toBeNull();
    });

    it('e-mails notices to a member until they turn it off, and a later sign-in keeps their choice', async () => {
      expect((await store().users.upsert(profile())).emailNotices).toBe(true);
      expect(await store().users.setEmailNotices('uid-ada', false)).toMatchObject({
        uid: 'uid-ada',
        emailNotices: false,
      });
      expect((await store().users.upsert(profile({ name: 'Ada again' }))).emailNotices).toBe(false);
      expect((await store().users.getByUid('uid-ada'))?.emailNotices).toBe(false);
      expect((await store().users.setEmailNotices('uid-ada', true))?.emailNotices).toBe(true);
      expect(await store().users.setEmailNotices('nobody', false)).toBeNull();
    });

    it('sends notices by SMS only once the member chooses it, and a later sign-in keeps their choice', async () => {
      expect((await store().users.upsert(profile())).smsNotices).toBe(false);
      expect(await store().users.setSmsNotices('uid-ada', true)).toMatchObject({ uid: 'uid-ada', smsNotices: true });
      expect((await store().users.upsert(profile({ name: 'Ada again' }))).smsNotices).toBe(true);
      expect((await store().users.setSmsNotices('uid-ada', false))?.smsNotices).toBe(false);
      expect(await store().users.setSmsNotices('nobody', true)).toBeNull();
    });

    it('counts every change of the e-mail setting, and turns it off at a version only while that is current', async () => {
      expect((await store().users.upsert(profile())).emailNoticesVersion).toBe(0);
      // Never changed: version 0, as for a member who signed up before versions were counted.
      expect(await store().users.turnOffEmailNoticesAt('uid-ada', 1)).toMatchObject({
        applied: false,
        user: { emailNotices: true, emailNoticesVersion: 0 },
      });
      expect(await store().users.turnOffEmailNoticesAt('uid-ada', 0)).toMatchObject({
        applied: true,
        user: { emailNotices: false, emailNoticesVersion: 1 },
      });
      expect((await store().users.setEmailNotices('uid-ada', true))?.emailNoticesVersion).toBe(2);
      // A link made at version 0 or 1 is older than the member's last change: nothing moves.
      for (const version of [0, 1]) {
        expect(await store().users.turnOffEmailNoticesAt('uid-ada', version)).toMatchObject({
          applied: false,
          user: { emailNotices: true, emailNoticesVersion: 2 },
        });
      }
      expect((await store().users.upsert(profile({ name: 'Ada again' }))).emailNoticesVersion).toBe(2);
      // Two uses of one current link at once: one applies.
      const both = await Promise.all([0, 1].map(() => store().users.turnOffEmailNoticesAt('uid-ada', 2)));
      expect(both.map((r) => r?.applied).sort()).toEqual([false, true]);
      expect(await store().users.getByUid('uid-ada')).toMatchObject({ emailNotices: false, emailNoticesVersion: 3 });
      expect(await store().users.turnOffEmailNoticesAt('nobody', 0)).toBeNull();
    });

    it("keeps the member's language: none until chosen, then the last one chosen, across sign-ins", async () => {
      expect((await store().users.upsert(profile())).locale).toBeNull();
      expect((await store().users.setLocale('uid-ada', 'bn'))?.locale).toBe('bn');
      expect((await store().users.upsert(profile({ name: 'Ada again' }))).locale).toBe('bn');
      expect((await store().users.getByUid('uid-ada'))?.locale).toBe('bn');
      expect((await store().users.setLocale('uid-ada', 'en'))?.locale).toBe('en');
      expect((await store().users.list()).find((u) => u.uid === 'uid-ada')?.locale).toBe('en');
      expect(await store().users.setLocale('nobody', 'bn')).toBeNull();
    });

    it('answers a ping', async () => {
      await expect(store().ping()).resolves.toBeUndefined();
      expect(['sqlite', 'mongodb']).toContain(store().kind);
    });
  });
}
