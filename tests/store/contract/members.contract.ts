// Contract: member cards, registration at the desk, details, blocks and staff notes (issue 31).
import { describe, expect, it } from 'vitest';
import { CardTakenError, MemberExistsError } from '../../../server/store/port.ts';
import type { NewMember } from '../../../server/store/port.ts';
import { isMemberCard, memberCard } from '../../../shared/barcodes.ts';
import { newId } from '../../../server/store/ids.ts';
import { profile, useStore } from './harness.ts';
import type { StoreFactory } from './harness.ts';

const newMember = (overrides: Partial<NewMember> = {}): NewMember => ({
  ...profile({ uid: 'uid-zula', email: 'zula@example.com', name: 'Zula Haque' }),
  phone: '+880 1711-000000',
  cardNumber: null,
  ...overrides,
});

export function membersContract(factory: StoreFactory): void {
  describe('member cards, blocks and notes', () => {
    const store = useStore(factory);

    it('gives a card at the first sign-in, keeps it on later ones, and finds the member by it', async () => {
      const ada = await store().users.upsert(profile());
      expect(ada.cardNumber).toBe(memberCard(1));
      expect(ada).toMatchObject({ blockedReason: null, blockedAt: null });
      const again = await store().users.upsert(profile({ name: 'Ada again' }));
      expect(again.cardNumber).toBe(ada.cardNumber);
      const ben = await store().users.upsert(profile({ uid: 'uid-ben', email: 'ben@example.com' }));
      expect(ben.cardNumber).toBe(memberCard(2));
      expect(await store().users.getByCard(memberCard(2))).toMatchObject({ uid: 'uid-ben' });
      expect(await store().users.getByCard(memberCard(3))).toBeNull();
      expect(await store().users.getByCard('')).toBeNull();
    });

    it('gives every member a card of their own when many first sign-ins happen at once', async () => {
      const uids = Array.from({ length: 12 }, (_, i) => `uid-${i}`);
      // Each member signs in twice at once as well: still one record and one card each.
      const users = await Promise.all(
        [...uids, ...uids].map((uid) => store().users.upsert(profile({ uid, email: `${uid}@example.com` }))),
      );
      const listed = await store().users.list();
      expect(listed).toHaveLength(12);
      const cards = listed.map((u) => u.cardNumber);
      expect(new Set(cards).size).toBe(12);
      expect(cards.every((card) => card !== null && isMemberCard(card))).toBe(true);
      for (const user of users) expect(listed.find((u) => u.uid === user.uid)?.cardNumber).toBe(user.cardNumber);
    });

    it('registers a member with the next card, or with the card staff give, refusing one that is taken', async () => {
      const zula = await store().users.register(newMember());
      expect(zula).toMatchObject({ uid: 'uid-zula', phone: '+880 1711-000000', cardNumber: memberCard(1) });
      expect(await store().users.getByUid('uid-zula')).toEqual(zula);
      const old = await store().users.register(newMember({ uid: 'uid-old', email: 'o@x.org', cardNumber: 'LIB-0042' }));
      expect(old.cardNumber).toBe('LIB-0042');
      await expect(
        store().users.register(newMember({ uid: 'uid-dup', email: 'd@x.org', cardNumber: 'LIB-0042' })),
      ).rejects.toBeInstanceOf(CardTakenError);
      await expect(store().users.register(newMember({ email: 'z2@x.org' }))).rejects.toBeInstanceOf(MemberExistsError);
      expect((await store().users.list()).map((u) => u.uid)).toEqual(['uid-zula', 'uid-old']);
    });

    it('skips a number staff gave by hand when the counter reaches it', async () => {
      await store().users.register(newMember({ cardNumber: memberCard(1) }));
      expect((await store().users.upsert(profile())).cardNumber).toBe(memberCard(2));
    });

    it('lets staff find a member by card number and phone, and a member search only names', async () => {
      await store().users.register(newMember());
      await store().users.upsert(profile());
      const names = async (search: string, within?: 'name') =>
        (await store().users.page(search, { first: 10 }, within)).nodes.map((u) => u.name);
      expect(await names(memberCard(1))).toEqual(['Zula Haque']);
      expect(await names(memberCard(1).toLowerCase())).toEqual(['Zula Haque']);
      expect(await names('01711000000')).toEqual(['Zula Haque']);
      expect(await names('1711-000000')).toEqual(['Zula Haque']);
      expect(await names(memberCard(2))).toEqual(['Ada Reader']);
      expect(await names(memberCard(1), 'name')).toEqual([]);
      expect(await names('01711', 'name')).toEqual([]);
    });

    it("edits a member's details, and the search follows them", async () => {
      await store().users.register(newMember());
      const edited = await store().users.editDetails('uid-zula', { name: 'Zulaikha Haque', phone: '01999 123456' });
      expect(edited).toMatchObject({ name: 'Zulaikha Haque', email: 'zula@example.com', phone: '01999 123456' });
      expect(edited?.cardNumber).toBe(memberCard(1));
      const found = async (search: string) => (await store().users.page(search, { first: 10 })).totalCount;
      expect(await found('zulaikha')).toBe(1);
      expect(await found('01999123456')).toBe(1);
      expect(await found('01711000000')).toBe(0);
      expect((await store().users.editDetails('uid-zula', { email: 'zh@example.org', phone: null }))?.phone).toBeNull();
      expect(await found('zh@example.org')).toBe(1);
      expect(await store().users.editDetails('nobody', { name: 'X' })).toBeNull();
    });

    it('blocks a member with a reason, keeps the block across sign-ins, and unblocks them', async () => {
      await store().users.upsert(profile());
      const at = new Date('2026-05-01T10:00:00.000Z');
      expect(await store().users.setBlock('uid-ada', { reason: 'Three books unreturned', at })).toMatchObject({
        blockedReason: 'Three books unreturned',
        blockedAt: at,
      });
      expect(await store().users.upsert(profile({ name: 'Ada again' }))).toMatchObject({
        blockedReason: 'Three books unreturned',
      });
      expect(await store().users.setBlock('uid-ada', null)).toMatchObject({ blockedReason: null, blockedAt: null });
      expect(await store().users.getByUid('uid-ada')).toMatchObject({ blockedReason: null, blockedAt: null });
      expect(await store().users.setBlock('nobody', { reason: 'x', at })).toBeNull();
    });

    it('keeps staff notes on a member, newest first, and erases them with the account', async () => {
      await store().users.upsert(profile());
      const note = (text: string, at: string) =>
        store().users.addNote({
          id: newId(),
          uid: 'uid-ada',
          text,
          at: new Date(at),
          byUid: 'desk',
          byName: 'Desk Staff',
        });
      const first = await note('Prefers large print', '2026-05-01T10:00:00.000Z');
      expect(first).toMatchObject({ uid: 'uid-ada', text: 'Prefers large print', byName: 'Desk Staff' });
      await note('Moved house', '2026-05-02T10:00:00.000Z');
      expect((await store().users.listNotes('uid-ada')).map((n) => n.text)).toEqual([
        'Moved house',
        'Prefers large print',
      ]);
      expect(await store().users.listNotes('nobody')).toEqual([]);
      await store().erasure.erase('uid-ada', { auditActions: [] });
      expect(await store().users.listNotes('uid-ada')).toEqual([]);
    });
  });
}
