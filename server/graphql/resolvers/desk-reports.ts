// The desk's reports: the day's cash-up and overdue reminders (library/desk-reports.ts and overdue-reminders.ts decide).
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';
import type { GraphQLContext } from '../context.ts';
import { ledgerNote } from '../../library/ledger-notes.ts';

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
  overdueReminderPreview: (_parent, { minDays }, ctx) => ctx.library.overdueReminders.preview(sessionOf(ctx), minDays),
  async receipt(_parent, { reference }, ctx) {
    const found = await ctx.library.reports.receipt(sessionOf(ctx), reference);
    return found && { ...found, memberUid: found.userId };
  },
};

/** A ledger entry's note (LedgerEntry, CashUpEntry) in the reader's language, or staff's words as typed. */
export const ledgerNoteField = {
  note: async (entry: { note: string }, _args: unknown, ctx: GraphQLContext) =>
    ledgerNote(entry.note, await ctx.locale()),
};

export const deskReportMutations: MutationResolvers = {
  async sendOverdueReminder(_parent, { loanId }, ctx) {
    const { loan, fresh } = await ctx.library.reports.remind(sessionOf(ctx), loanId);
    return { loan, alreadySent: !fresh };
  },
  sendOverdueReminders: (_parent, { minDays }, ctx) => ctx.library.overdueReminders.send(sessionOf(ctx), minDays),
};
