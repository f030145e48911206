// Apollo Server asks every plugin for a request listener at the start of every request and awaits each hook
// of each listener at every stage. A plugin whose hooks read all they need from the request context has no
// per-request state: one listener serves every request, and a hook with nothing to do answers with a promise
// already settled, so a request that none of them concerns makes no promise or closure of theirs.
import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';

/** A settled promise, shared by every hook that has nothing to do for this request. */
export const DONE: Promise<void> = Promise.resolve();

/** A plugin whose one listener (stateless: hooks take everything from their argument) serves every request. */
export function onePerServer<Context extends BaseContext>(
  listener: GraphQLRequestListener<Context>,
): ApolloServerPlugin<Context> {
  const ready = Promise.resolve(listener);
  return { requestDidStart: () => ready };
}
