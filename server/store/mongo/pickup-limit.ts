// The loan limit of pickup requests (click and collect, decision 075) on MongoDB: a member's active loans
// (account.onLoan) and open pickup requests (account.requested, their hold ids) stay under the limit together. A
// request takes its place in one conditional update of the member's account: matched only while onLoan is the
// count read and `requested` has fewer than limit - onLoan entries, so two requests sent at once (through two
// gateways) cannot both take the last place; a loan moving in between makes the filter miss and the request read
// again. The place goes back when the request ends (cancelled, expired, fulfilled: hold-steps.ts settleEnded).
import { ObjectId, type Collection, type Filter } from 'mongodb';
import type { AccountDoc, HoldDoc } from './documents.ts';
import { isDuplicateKey } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

/** A hold open, or being placed (its first write, read by nobody). */
const OPEN_OR_PLACING: HoldDoc['status'][] = ['placing', 'waiting', 'ready'];

/** A place taken longer ago than this whose hold is not open was left by a gateway stopped in between. */
const STALE_MS = 60_000;

export function pickupLimit(c: { accounts: Collection<AccountDoc>; holds: Collection<HoldDoc> }, lock: KeyLock) {
  const { accounts, holds } = c;
  const memberLock = <T>(userId: string, work: () => Promise<T>) => lock.run(`member:${userId}`, work);

  /** Drops places of requests whose hold never came to be or has ended (a gateway stopped between two writes). */
  async function pruneStale(userId: string, requested: string[], now: number): Promise<void> {
    const old = requested.filter(
      (id) => ObjectId.isValid(id) && now - new ObjectId(id).getTimestamp().getTime() > STALE_MS,
    );
    if (old.length === 0) return;
    const open = await holds
      .find(
        { _id: { $in: old.map((id) => new ObjectId(id)) }, status: { $in: OPEN_OR_PLACING } },
        { projection: { _id: 1 } },
      )
      .toArray();
    const gone = old.filter((id) => !open.some((h) => h._id.toHexString() === id));
    if (gone.length) await accounts.updateOne({ _id: userId }, { $pull: { requested: { $in: gone } } });
  }

  return {
    /** Takes the request's place under the loan limit unless it has one; false at the limit. */
    async reserve(userId: string, holdId: string, limit: number): Promise<boolean> {
      for (;;) {
        const account = await accounts.findOne({ _id: userId }, { projection: { onLoan: 1, requested: 1 } });
        const requested = account?.requested ?? [];
        if (requested.includes(holdId)) return true;
        await pruneStale(userId, requested, Date.now());
        const onLoan = account?.onLoan ?? 0;
        if (onLoan >= limit) return false;
        const filter = {
          _id: userId,
          onLoan,
          [`requested.${limit - onLoan - 1}`]: { $exists: false },
          requested: { $ne: holdId },
        } as Filter<AccountDoc>;
        try {
          const taken = await memberLock(userId, () =>
            accounts.updateOne(filter, { $addToSet: { requested: holdId } }, { upsert: account === null }),
          );
          if (taken.modifiedCount === 1 || taken.upsertedCount === 1) return true;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        // Missed: at the limit, or the account moved since it was read (a loan, another request): read again.
        const now = await accounts.findOne({ _id: userId }, { projection: { onLoan: 1, requested: 1 } });
        if (now?.requested?.includes(holdId)) return true;
        if ((now?.onLoan ?? 0) === onLoan && (now?.requested?.length ?? 0) >= limit - onLoan) {
          // Still full after pruning what was stale: at the limit.
          await pruneStale(userId, now?.requested ?? [], Date.now());
          const after = await accounts.findOne({ _id: userId }, { projection: { requested: 1 } });
          if ((after?.requested?.length ?? 0) >= limit - onLoan) return false;
        }
      }
    },

    /** Gives back a request's place under the loan limit if it holds one (any hold: a no-op for others). */
    async release(userId: string, holdId: string): Promise<void> {
      await memberLock(userId, () =>
        accounts.updateOne({ _id: userId, requested: holdId }, { $pull: { requested: holdId } }),
      );
    },
  };
}
