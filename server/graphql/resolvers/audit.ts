// The audit trail for staff: a thin adapter over library/audit.ts.
import type { AuditEntryResolvers, QueryResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';

export const auditQueries: QueryResolvers = {
  async auditLog(_parent, { bookId, uid, first, after }, ctx) {
    const page = await ctx.library.audit.list(sessionOf(ctx), { bookId, uid }, first, after);
    return {
      nodes: page.nodes,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  },
};

export const auditEntryFields: AuditEntryResolvers = {
  actor: (entry) => ({ uid: entry.actorUid, name: entry.actorName }),
};
