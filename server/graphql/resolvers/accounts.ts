import type { MutationResolvers, QueryResolvers, UserResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';
import { say } from '../../library/i18n/index.ts';
import { perRequest, type GraphQLContext } from '../context.ts';
import type { AccountSummary, UserRecord } from '../../store/port.ts';

export const accountQueries: QueryResolvers = {
  users: (_parent, args, ctx) => ctx.library.accounts.list(sessionOf(ctx), args),
  userCount: (_parent, { search }, ctx) => ctx.library.accounts.count(sessionOf(ctx), search),
  me: (_parent, _args, ctx) => ctx.account(),
  member: (_parent, { uid }, ctx) => ctx.library.accounts.member(sessionOf(ctx), uid),
  accountDeletionCheck: (_parent, _args, ctx) => ctx.library.myData.deletionCheck(sessionOf(ctx)),
  async members(_parent, { search, first, after }, ctx) {
    const page = await ctx.library.accounts.members(sessionOf(ctx), search, first, after);
    return {
      nodes: page.nodes,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  },
};

export const accountMutations: MutationResolvers = {
  issueToken: (_parent, { input }, ctx) => ctx.signIn(input),
  async signOut(_parent, _args, ctx) {
    await ctx.library.sessions.end(ctx.viewer.session);
    return true;
  },
  markNoticesRead: (_parent, { ids }, ctx) => ctx.library.notices.markRead(sessionOf(ctx), ids),
  setEmailNotices: (_parent, { enabled }, ctx) => ctx.library.mail.set(sessionOf(ctx), enabled),
  setMyPhone: (_parent, { phone }, ctx) => ctx.library.sms.setPhone(sessionOf(ctx), phone),
  setSmsNotices: (_parent, { enabled }, ctx) => ctx.library.sms.set(sessionOf(ctx), enabled),
  deleteMyAccount: (_parent, _args, ctx) => ctx.library.myData.deleteAccount(sessionOf(ctx)),
  setLocale: (_parent, { locale }, ctx) => ctx.library.language.set(sessionOf(ctx), locale),
  setReadingHistory: (_parent, { keep }, ctx) => ctx.library.readingHistory.set(sessionOf(ctx), keep),
  deleteReadingHistory: (_parent, _args, ctx) => ctx.library.readingHistory.delete(sessionOf(ctx)),
};

// A member's balance and notice counts, read once per record a request shows: a member's page asks for all three.
// Per record, not per member, so a mutation's answer reads them after its write, not before.
const summaries = perRequest<UserRecord, Promise<AccountSummary>>();

const summaryOf = (user: UserRecord, ctx: GraphQLContext): Promise<AccountSummary> =>
  summaries(ctx, user, () => ctx.library.accounts.summary(sessionOf(ctx), user.uid));

// A member's account: the member themselves or staff (the services refuse anyone else).
export const userFields: UserResolvers = {
  loans: (user, _args, ctx) => ctx.library.circulation.loansOf(sessionOf(ctx), user.uid),
  balance: async (user, _args, ctx) => (await summaryOf(user, ctx)).balance,
  ledger: (user, _args, ctx) => ctx.library.circulation.ledger(sessionOf(ctx), user.uid),
  holds: (user, _args, ctx) => ctx.library.holds.of(sessionOf(ctx), user.uid),
  async notices(user, { unreadOnly, first, after }, ctx) {
    const summary = await summaryOf(user, ctx);
    const page = await ctx.library.notices.list(sessionOf(ctx), user.uid, {
      unreadOnly: unreadOnly === true,
      first,
      after,
      total: unreadOnly === true ? summary.unreadNotices : summary.notices,
    });
    return {
      nodes: page.nodes,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  },
  unreadNoticeCount: async (user, _args, ctx) => (await summaryOf(user, ctx)).unreadNotices,
  emailNotices: (user, _args, ctx) => ctx.library.mail.settingOf(sessionOf(ctx), user),
  smsNotices: (user, _args, ctx) => ctx.library.sms.settingOf(sessionOf(ctx), user),
  noticeChannels: (user, _args, ctx) => {
    ctx.library.sms.settingOf(sessionOf(ctx), user); // the member and staff only
    return [
      ...(ctx.library.mail.enabled ? ['EMAIL' as const] : []),
      ...(ctx.library.sms.enabled ? ['SMS' as const] : []),
    ];
  },
  locale: (user, _args, ctx) => ctx.library.language.of(sessionOf(ctx), user),
  keepsReadingHistory: (user, _args, ctx) => ctx.library.readingHistory.keeps(sessionOf(ctx), user),
  async readingHistory(user, { first, after }, ctx) {
    const page = await ctx.library.readingHistory.page(sessionOf(ctx), user.uid, first, after);
    return {
      nodes: page.nodes,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  },
  // The refusal said in the reader's language, as a borrow's own refusal is.
  borrowing: async (user, _args, ctx) => {
    const { allowed, code, said } = await ctx.library.circulation.borrowing(sessionOf(ctx), user.uid);
    return { allowed, code, message: said ? say(await ctx.locale(), said.key, said.values) : null };
  }, // One computation (circulation/standing.ts); the refusal said in the reader's language.
  standing: async (user, _args, ctx) => {
    const { owed, accruing, refusal } = await ctx.library.circulation.memberStanding(sessionOf(ctx), user.uid);
    return {
      owed,
      accruing,
      canBorrow: refusal === null,
      refusal: refusal && {
        code: refusal.code,
        message: say(await ctx.locale(), refusal.said.key, refusal.said.values),
      },
    };
  },
};
