import type { Session } from '../library/identity.ts';
import { requireSession } from '../auth/viewer.ts';
import type { GraphQLContext } from './context.ts';

/** The caller's session in a resolver of a 'signedIn' field (ACCESS has already let only sessions through). */
export const sessionOf = (ctx: GraphQLContext): Session => requireSession(ctx.viewer);
