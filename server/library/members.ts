// Members at the desk (issue 31): find one by card, register one (their sign-in account and their record),
// edit their details, block and unblock them with a reason, and keep notes on them. Staff only; every write
// takes an idempotency key (requests.ts) and is recorded in the audit trail (audit.ts).
import type { MemberNote, Role, Store, UserRecord } from '../store/port.ts';
import { CardTakenError, MemberExistsError } from '../store/port.ts';
import { newId } from '../store/ids.ts';
import { EmailTakenError, type IdTokenVerifier, type Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import { requireStaff } from './circulation.ts';
import type { AuditChange, AuditTrail } from './audit.ts';
import { createOnce } from './requests.ts';
import * as check from './validate.ts';
import * as input from './member-input.ts';

export interface NewMemberInput {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  cardNumber?: unknown;
}

export interface MemberEdit {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
}

export interface Members {
  /** The member holding this card, or null when none does (as `member(uid)` answers an unknown uid). */
  byCard(session: Session, card: unknown): Promise<UserRecord | null>;
  register(session: Session, member: NewMemberInput, idempotencyKey?: unknown): Promise<UserRecord>;
  edit(session: Session, uid: unknown, edit: MemberEdit, idempotencyKey?: unknown): Promise<UserRecord>;
  block(session: Session, uid: unknown, reason: unknown, idempotencyKey?: unknown): Promise<UserRecord>;
  unblock(session: Session, uid: unknown, idempotencyKey?: unknown): Promise<UserRecord>;
  addNote(session: Session, uid: unknown, text: unknown, idempotencyKey?: unknown): Promise<MemberNote>;
  notes(session: Session, uid: string): Promise<MemberNote[]>;
}

const cardTaken = (card: string) => new LibraryError('CONFLICT', 'cardTaken', { card });
const emailTaken = (email: string) => new LibraryError('CONFLICT', 'emailTaken', { email });

export function createMembers(
  store: Store,
  deps: { verifier: IdTokenVerifier; adminEmails: string[]; audit: AuditTrail; now: () => Date },
): Members {
  const once = createOnce(store, deps.now);
  const roleOf = (email: string): Role => (deps.adminEmails.includes(email) ? 'admin' : 'member');
  const uidOf = (value: unknown) => check.text(value, 'uid', { max: 128 });

  async function existing(uid: string): Promise<UserRecord> {
    const user = await store.users.getByUid(uid);
    if (!user) throw new LibraryError('NOT_FOUND', 'memberNotFound');
    return user;
  }

  /** The member with this e-mail, if any: a registration's first answer. */
  async function byEmail(email: string): Promise<UserRecord | null> {
    const page = await store.users.page(email, { first: 20 });
    return page.nodes.find((user) => user.email === email) ?? null;
  }

  async function registerNow(session: Session, member: RegisterFields): Promise<UserRecord> {
    const { name, email, phone, cardNumber } = member;
    if (cardNumber !== null && (await store.users.getByCard(cardNumber))) throw cardTaken(cardNumber);
    let uid: string;
    try {
      uid = await deps.verifier.createUser({ email, name });
    } catch (error) {
      if (error instanceof EmailTakenError) throw emailTaken(email);
      throw error;
    }
    let user: UserRecord;
    try {
      user = await store.users.register({ uid, email, name, photoURL: null, role: roleOf(email), phone, cardNumber });
    } catch (error) {
      // The card went to someone else in between: the sign-in account made for nothing goes too.
      await deps.verifier.deleteUser(uid);
      if (error instanceof CardTakenError) throw cardTaken(error.card);
      if (error instanceof MemberExistsError) throw emailTaken(email);
      throw error;
    }
    await deps.audit.record(session, [
      { action: 'member-registered', field: 'cardNumber', newValue: user.cardNumber, uid: user.uid },
    ]);
    return user;
  }

  return {
    async byCard(session, card) {
      requireStaff(session);
      return input.memberByCard(store.users, card);
    },

    async register(session, raw, idempotencyKey) {
      requireStaff(session);
      const member: RegisterFields = {
        name: input.memberName(raw.name),
        email: input.memberEmail(raw.email),
        phone: input.memberPhone(raw.phone),
        cardNumber: input.cardNumber(raw.cardNumber),
      };
      const request = ['register-member', member.name, member.email, member.phone, member.cardNumber];
      const submission = { actor: session.uid, key: idempotencyKey, request, ref: member.email, answer: byEmail };
      return once(submission, () => registerNow(session, member));
    },

    async edit(session, rawUid, raw, idempotencyKey) {
      requireStaff(session);
      const uid = uidOf(rawUid);
      const wanted = {
        ...(raw.name == null ? {} : { name: input.memberName(raw.name) }),
        ...(raw.email == null ? {} : { email: input.memberEmail(raw.email) }),
        ...(raw.phone === undefined ? {} : { phone: input.memberPhone(raw.phone) }),
      };
      if (Object.keys(wanted).length === 0) throw badInput('name', 'memberEditEmpty');
      const matches = (user: UserRecord) =>
        Object.entries(wanted).every(([field, value]) => user[field as keyof typeof wanted] === value);
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['edit-member', uid, wanted],
        ref: uid,
        answer: async (ref: string) => {
          const user = await store.users.getByUid(ref);
          return user && matches(user) ? user : null;
        },
      };
      return once(submission, async () => {
        const before = await existing(uid);
        const changed = Object.entries(wanted).filter(
          ([field, value]) => before[field as keyof typeof wanted] !== value,
        );
        if (changed.length === 0) return before;
        const fields = Object.fromEntries(changed) as typeof wanted;
        if (fields.email !== undefined || fields.name !== undefined) {
          try {
            await deps.verifier.updateUser(uid, { email: fields.email, name: fields.name });
          } catch (error) {
            if (error instanceof EmailTakenError) throw emailTaken(fields.email ?? '');
            throw error;
          }
        }
        const after = (await store.users.editDetails(uid, fields)) ?? (await existing(uid));
        const changes: AuditChange[] = changed.map(([field, value]) => ({
          action: 'member-edited',
          field,
          oldValue: before[field as keyof typeof wanted],
          newValue: value,
          uid,
        }));
        await deps.audit.record(session, changes);
        return after;
      });
    },

    async block(session, rawUid, rawReason, idempotencyKey) {
      requireStaff(session);
      const uid = uidOf(rawUid);
      const why = input.reason(rawReason);
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['block-member', uid, why],
        ref: uid,
        answer: async (ref: string) => {
          const user = await store.users.getByUid(ref);
          return user?.blockedReason === why ? user : null;
        },
      };
      return once(submission, async () => {
        const before = await existing(uid);
        const after = await store.users.setBlock(uid, { reason: why, at: deps.now() });
        if (!after) throw new LibraryError('NOT_FOUND', 'memberNotFound');
        const change = { field: 'blockedReason', oldValue: before.blockedReason, newValue: why, uid };
        await deps.audit.record(session, [{ action: 'member-blocked', ...change }]);
        return after;
      });
    },

    async unblock(session, rawUid, idempotencyKey) {
      requireStaff(session);
      const uid = uidOf(rawUid);
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['unblock-member', uid],
        ref: uid,
        answer: async (ref: string) => {
          const user = await store.users.getByUid(ref);
          return user && user.blockedReason === null ? user : null;
        },
      };
      return once(submission, async () => {
        const before = await existing(uid);
        // Not blocked: nothing to change, and nothing to record.
        if (before.blockedReason === null) return before;
        const after = await store.users.setBlock(uid, null);
        if (!after) throw new LibraryError('NOT_FOUND', 'memberNotFound');
        const change = { field: 'blockedReason', oldValue: before.blockedReason, newValue: null, uid };
        await deps.audit.record(session, [{ action: 'member-unblocked', ...change }]);
        return after;
      });
    },

    async addNote(session, rawUid, rawText, idempotencyKey) {
      requireStaff(session);
      const uid = uidOf(rawUid);
      const text = input.noteText(rawText);
      const id = newId();
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['member-note', uid, text],
        ref: id,
        answer: async (ref: string) => (await store.users.listNotes(uid)).find((note) => note.id === ref) ?? null,
      };
      return once(submission, async () => {
        await existing(uid);
        const note = await store.users.addNote({
          id,
          uid,
          text,
          at: deps.now(),
          byUid: session.uid,
          byName: session.name,
        });
        await deps.audit.record(session, [{ action: 'member-note-added', field: 'note', newValue: text, uid }]);
        return note;
      });
    },

    async notes(session, uid) {
      requireStaff(session);
      return store.users.listNotes(uid);
    },
  };
}

interface RegisterFields {
  name: string;
  email: string;
  phone: string | null;
  cardNumber: string | null;
}
