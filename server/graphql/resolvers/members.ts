// Members at the desk: thin adapters over library/members.ts.
import type {
  MemberNoteResolvers,
  MutationResolvers,
  QueryResolvers,
  UserResolvers,
} from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';

export const memberQueries: QueryResolvers = {
  memberByCard: (_parent, { card }, ctx) => ctx.library.members.byCard(sessionOf(ctx), card),
};

export const memberMutations: MutationResolvers = {
  registerMember: (_parent, { input, idempotencyKey }, ctx) =>
    ctx.library.members.register(sessionOf(ctx), input, idempotencyKey),
  editMember: (_parent, { uid, input, idempotencyKey }, ctx) =>
    ctx.library.members.edit(sessionOf(ctx), uid, input, idempotencyKey),
  blockMember: (_parent, { uid, reason, idempotencyKey }, ctx) =>
    ctx.library.members.block(sessionOf(ctx), uid, reason, idempotencyKey),
  unblockMember: (_parent, { uid, idempotencyKey }, ctx) =>
    ctx.library.members.unblock(sessionOf(ctx), uid, idempotencyKey),
  addMemberNote: (_parent, { uid, text, idempotencyKey }, ctx) =>
    ctx.library.members.addNote(sessionOf(ctx), uid, text, idempotencyKey),
};

/** A member's card and block come with the record (privacy.ts nulls them for other members); notes are staff's. */
export const memberUserFields: Pick<UserResolvers, 'block' | 'notes'> = {
  block: (user) =>
    user.blockedReason === null ? null : { reason: user.blockedReason, at: user.blockedAt ?? new Date(0) },
  notes: (user, _args, ctx) => ctx.library.members.notes(sessionOf(ctx), user.uid),
};

export const memberNoteFields: MemberNoteResolvers = {
  by: (note) => ({ uid: note.byUid, name: note.byName }),
};
