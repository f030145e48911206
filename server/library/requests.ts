// Idempotency keys: a write sent again with the same key (a double click, a retry after a lost answer) answers
// what the first one did and records nothing; the same key with a different request is refused. One mechanism
// for every write that takes a key: the caller names the record its write makes or changes (`ref`) before it
// runs, the claim stores the key with that ref, and a repeat answers the record.
import { createHash } from 'node:crypto';
import type { Store } from '../store/port.ts';
import { LibraryError, badInput } from './errors.ts';

/** How long a key is kept: a repeat within a day is answered; after that the key is new again. */
export const REQUEST_KEPT_MS = 86_400_000;

const KEY = /^[\x21-\x7e]{1,128}$/;

/** The key as given, or null when the request carries none (then the write simply runs). */
export function requestKey(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !KEY.test(value)) throw badInput('idempotencyKey', 'requestKeyFormat');
  return value;
}

export interface Submission<T> {
  /** Whose key it is: the caller's uid. */
  actor: string;
  key: unknown;
  /** What is asked, as plain data: the same key must come with the same request. */
  request: readonly unknown[];
  /** The id of the record the write makes or changes. */
  ref: string;
  /** The first answer, read from the record; null while that write has not happened. */
  answer: (ref: string) => Promise<T | null>;
}

export type Once = <T>(submission: Submission<T>, write: () => Promise<T>) => Promise<T>;

export function createOnce(store: Store, now: () => Date): Once {
  return async (submission, write) => {
    const key = requestKey(submission.key);
    if (key === null) return write();
    const { actor, ref, answer } = submission;
    const fingerprint = createHash('sha256').update(JSON.stringify(submission.request)).digest('base64url');
    const claim = await store.requests.claim({ actor, key, fingerprint, ref, at: now() }, REQUEST_KEPT_MS);
    if (!claim.fresh) {
      if (claim.fingerprint !== fingerprint) throw new LibraryError('REQUEST_KEY_REUSED', 'requestKeyReused');
      const first = await answer(claim.ref);
      if (first !== null) return first;
      throw new LibraryError('REQUEST_IN_PROGRESS', 'requestInProgress');
    }
    try {
      return await write();
    } catch (error) {
      // A refusal recorded nothing: the key is free to be sent again. After an unexpected failure the key is
      // kept if the write may have happened (or nobody can tell), so a repeat answers it rather than writing.
      const happened = error instanceof LibraryError ? null : await answer(ref).catch(() => 'unknown');
      if (happened === null) await store.requests.release(actor, key);
      throw error;
    }
  };
}
