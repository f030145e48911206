// The Firebase verifier of a gateway a bench runs in its own process: its members come with the gateway's own
// session tokens (signed with the bench's SECRET), so any call that would reach Firebase is refused.
import type { IdTokenVerifier } from '../server/library/identity.ts';

const unused = () => Promise.reject(new Error('not used by the benchmark'));

export const noSignIn: IdTokenVerifier = {
  verify: unused,
  deleteUser: unused,
  createUser: unused,
  updateUser: unused,
  close: async () => {},
};
