// The one rule for what a viewer reads of an audit entry, and which values go with an erased account
// (server/library/audit-privacy.ts), for every kind of value; the API tests meet it through the export and erasure.
import { describe, expect, it } from 'vitest';
import { ERASED_WITH_ACCOUNT, auditAsSeenBy } from '../../server/library/audit-privacy.ts';
import type { AuditRecord } from '../../server/store/port.ts';
import type { Session } from '../../server/library/identity.ts';

const entry = (over: Partial<AuditRecord>): AuditRecord => ({
  id: '0123456789abcdef01234567',
  at: new Date('2026-01-01T00:00:00Z'),
  actorUid: 'desk',
  actorName: 'Desk Staff',
  api: 'graphql',
  action: 'payment',
  field: 'balance',
  oldValue: '100',
  newValue: '0',
  bookId: null,
  uid: 'zara',
  ...over,
});
const session = (uid: string, role: Session['role'] = 'member'): Session => ({
  uid,
  email: `${uid}@x.org`,
  name: uid,
  role,
});
const noActor = { actorUid: '', actorName: '' };

describe('what a viewer reads of an audit entry', () => {
  const payment = entry({});
  const phone = entry({ action: 'member-edited', field: 'phone', oldValue: '01711', newValue: '01999' });
  const override = entry({ action: 'override', field: 'FEES_UNPAID', oldValue: 'You owe ৳100.', newValue: 'Paid now' });
  const note = entry({ action: 'member-note-added', field: 'note', oldValue: null, newValue: 'Argues at the desk' });

  it('gives staff every entry whole', () => {
    for (const e of [payment, phone, override, note]) expect(auditAsSeenBy(session('desk', 'admin'), e)).toBe(e);
  });

  it("gives the member it is about the library's facts and their own details, never who made them", () => {
    expect(auditAsSeenBy(session('zara'), payment)).toEqual({ ...payment, ...noActor });
    expect(auditAsSeenBy(session('zara'), phone)).toEqual({ ...phone, ...noActor });
  });

  it("gives the member the entry without staff's words, and nothing of a note staff keep on them", () => {
    expect(auditAsSeenBy(session('zara'), override)).toEqual({
      ...override,
      ...noActor,
      oldValue: null,
      newValue: null,
    });
    expect(auditAsSeenBy(session('zara'), note)).toBeNull();
  });

  it('gives anyone else nothing, an entry about no member included', () => {
    expect(auditAsSeenBy(session('bob'), payment)).toBeNull();
    expect(auditAsSeenBy(session('zara'), entry({ action: 'book-edited', uid: null }))).toBeNull();
  });
});

it('erases with an account the values of every action that is not the library’s facts', () => {
  expect([...ERASED_WITH_ACCOUNT].sort()).toEqual([
    'claims-returned',
    'member-blocked',
    'member-edited',
    'member-note-added',
    'member-registered',
    'member-unblocked',
    'override',
    'suggestion-decided',
  ]);
});
