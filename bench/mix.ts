// S5's requests, made one at a time by the paced client (paced-client.ts): 60% catalogue reads (S1-S3's
// distinct bodies), 25% a signed-in member's own loans and notices (S4), 15% circulation by 1,000 members
// under the whole policy. A member borrows, renews or returns only what it learnt from its own answers, and
// sends one circulation request at a time, so every step is one a person could take.
import { gql } from './load.ts';

export const BORROW = 'mutation Borrow($i: BorrowInput!) { borrow(input: $i) { record { id } currentQuantity } }';
export const RETURN = 'mutation Return($id: ID!) { returnBook(borrowId: $id) { id status fee } }';
export const RENEW = 'mutation Renew($id: ID!) { renewLoan(loanId: $id) { id dueDate renewals } }';

export interface MixJob {
  /** Catalogue reads, taken in turn. */
  reads: string[];
  /** S4's body and the session tokens of the members who send it, taken in turn. */
  mine: string;
  readers: string[];
  /** The session tokens of the members who borrow, renew and return. */
  borrowers: string[];
  /** Books they borrow from (each with copies to spare at the start). */
  books: string[];
  /** The loans each borrower knows it holds at the start (what it learnt in the last step), by borrower. */
  held?: string[][];
  returnDate: string;
  seed: number;
}

export interface MixRequest {
  body: string;
  authorization?: string;
  /** Reads the answer (circulation only: what the member learns from it). */
  answered?: (body: string) => void;
}

/** A small seeded generator, so every target is sent the same sequence of choices. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The next request of the mix, and the counts of what circulation was answered (codes of refusals). */
export function createMix(job: MixJob) {
  const rand = random(job.seed);
  const outcomes: Record<string, number> = {};
  const members = job.borrowers.map((token, i) => ({
    authorization: `Bearer ${token}`,
    loans: [...(job.held?.[i] ?? [])],
    busy: false,
  }));
  let read = 0;
  let reader = 0;
  let borrower = 0;
  const tally = (body: string, what: string) => {
    const code = /"code":"([A-Z_]+)"/.exec(body)?.[1] ?? (body.includes('"errors"') ? 'error' : null);
    const key = code ? `${what} ${code}` : what;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  };
  // A member with loans it learnt of returns or renews one; otherwise the next idle member borrows. So at any
  // rate every kind of step happens, rather than each of 1,000 members borrowing once per run.
  const idle = (withLoans: boolean) => {
    for (let tries = 0; tries < members.length; tries++) {
      const member = members[borrower++ % members.length]!;
      if (!member.busy && (!withLoans || member.loans.length > 0)) return member;
    }
    return null;
  };
  let holders = members.filter((m) => m.loans.length > 0).length;
  const circulation = (): MixRequest | null => {
    const choice = rand();
    const holder = choice < 2 / 3 && holders > 0 ? idle(true) : null;
    const member = holder ?? idle(false);
    if (!member) return null;
    member.busy = true;
    const done = () => {
      member.busy = false;
      holders = members.filter((m) => m.loans.length > 0).length;
    };
    if (holder && choice < 1 / 3) {
      const id = member.loans.shift()!;
      return {
        body: gql(RETURN, { id }),
        authorization: member.authorization,
        answered: (body) => {
          if (!body.includes('"returnBook":{')) member.loans.push(id);
          done();
          tally(body, 'return');
        },
      };
    }
    if (holder) {
      const id = member.loans[Math.floor(rand() * member.loans.length)]!;
      return {
        body: gql(RENEW, { id }),
        authorization: member.authorization,
        answered: (body) => {
          done();
          tally(body, 'renew');
        },
      };
    }
    const bookId = job.books[Math.floor(rand() * job.books.length)]!;
    return {
      body: gql(BORROW, { i: { bookId, returnDate: job.returnDate } }),
      authorization: member.authorization,
      answered: (body) => {
        const id = /"record":\{"id":"([^"]+)"/.exec(body)?.[1];
        if (id) member.loans.push(id);
        done();
        tally(body, 'borrow');
      },
    };
  };
  const next = (): MixRequest => {
    const choice = rand();
    if (choice >= 0.85) {
      const request = circulation();
      if (request) return request;
    }
    if (choice >= 0.6) return { body: job.mine, authorization: `Bearer ${job.readers[reader++ % job.readers.length]}` };
    return { body: job.reads[read++ % job.reads.length]! };
  };
  /** What each borrower knows it holds now: the next step's `held`, so a member returns what it borrowed. */
  const held = () => members.map((m) => [...m.loans]);
  return { next, outcomes, held };
}
