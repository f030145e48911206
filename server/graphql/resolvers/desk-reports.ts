// The desk's reports: the day's cash-up and overdue reminders (library/desk-reports.ts decides).
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';

export const deskReportQueries: QueryResolvers = {
  async cashUp(_parent, { day }, ctx) {
    const cashUp = await ctx.library.reports.cashUp(sessionOf(ctx), day);
    return {
      day: cashUp.day,
      payments: cashUp.payments,
      waivers: cashUp.waivers,
      byStaff: cashUp.lines.map((line) => ({ ...line, count: line.entries })),
      entries: cashUp.entries.map((entry) => ({ ...entry, memberUid: entry.userId })),
    };
  },
};

export const deskReportMutations: MutationResolvers = {
  async sendOverdueReminder(_parent, { loanId }, ctx) {
    const { loan, fresh } = await ctx.library.reports.remind(sessionOf(ctx), loanId);
    return { loan, alreadySent: !fresh };
  },
};
