// The one rule for what a member sees of another (server/library/privacy.ts), on records the API tests cannot
// make (a phone number is never set through the API).
import { describe, expect, it } from 'vitest';
import { asSeenBy, maskEmail } from '../../server/library/privacy.ts';
import type { UserRecord } from '../../server/store/port.ts';
import type { Session } from '../../server/library/identity.ts';

const zara: UserRecord = {
  id: '0123456789abcdef01234567',
  uid: 'zara',
  email: 'zara@example.com',
  name: 'Zara',
  photoURL: 'https://example.com/z.jpg',
  role: 'member',
  status: 'active',
  phone: '+880 1711 000000',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  lastLoginAt: new Date('2026-01-02T00:00:00Z'),
  emailNotices: true,
  emailNoticesVersion: 0,
  smsNotices: false,
  locale: null,
  cardNumber: 'BM00000018',
  blockedReason: 'Three books unreturned',
  blockedAt: new Date('2026-01-03T00:00:00Z'),
};
const session = (uid: string, role: Session['role'] = 'member'): Session => ({
  uid,
  email: `${uid}@x.org`,
  name: uid,
  role,
});

describe('what a member sees of another', () => {
  it('masks an e-mail to its first character and domain', () => {
    expect(maskEmail('zara@example.com')).toBe('z•••@example.com');
    expect(maskEmail('ödön@example.org')).toBe('ö•••@example.org');
    // A character outside the BMP is one character, not half of one.
    expect(maskEmail('😀x@example.com')).toBe('😀•••@example.com');
  });

  it('shows another member a masked e-mail and no phone, photo, card or block; the rest as it is', () => {
    expect(asSeenBy(session('ben'), zara)).toEqual({
      ...zara,
      email: 'z•••@example.com',
      phone: null,
      photoURL: null,
      cardNumber: null,
      blockedReason: null,
      blockedAt: null,
    });
    expect(asSeenBy(null, zara)).toMatchObject({ email: 'z•••@example.com', phone: null });
  });

  it('shows the member themselves and staff everything', () => {
    expect(asSeenBy(session('zara'), zara)).toEqual(zara);
    expect(asSeenBy(session('desk', 'admin'), zara)).toEqual(zara);
  });
});
