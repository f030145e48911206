// A client that writes its idempotency key (or any value) into the query text sends a document of its own with
// each request. The gateway keeps what it makes of a document (Apollo's parse, the compiled function of
// jit-executor.ts) for the documents sent again and again, not for every one it has seen: 2,000 such writes
// had grown a gateway's heap by 37 MB and its RSS from 149 to 208 MB (bench/keyed-writes.ts). The figure
// asserted is the heap left after a full collection, so garbage not yet collected does not count. The store
// plays no part (the documents are the GraphQL layer's), so SQLite alone.
import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS_KEPT } from '../../server/graphql/document-store.ts';
import { startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
setFlagsFromString('--no-expose-gc');

/** The heap in use after a full collection, in MB. */
function retainedMb(): number {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

describe('documents sent once', () => {
  let gw: TestGateway;
  let member: Member;
  beforeAll(async () => {
    gw = await startTestGateway();
    member = await gw.member();
  });
  afterAll(() => gw?.close());

  it(`are not all kept: ${DOCUMENTS_KEPT * 3} keyed writes, each with its key in the query text`, async () => {
    const bookId = await gw.addBook({ quantity: 1 });
    // Each a return of a loan the member does not have, with a 128-character key: refused, nothing recorded.
    const write = () =>
      gw.gql(
        `mutation { returnBook(borrowId: "${bookId}", idempotencyKey: "${randomBytes(96).toString('base64url')}") { id } }`,
        {},
        member.token,
      );
    // The gateway's code paths first, so what they load is not counted.
    for (let i = 0; i < 50; i++) await write();
    const before = retainedMb();
    const codes = new Set<string | undefined>();
    for (let i = 0; i < DOCUMENTS_KEPT * 3; i++) codes.add((await write()).body.errors?.[0]?.extensions?.code);
    const grown = retainedMb() - before;
    console.log(`${DOCUMENTS_KEPT * 3} documents sent once: heap ${grown.toFixed(1)} MB larger`);
    expect([...codes]).toEqual(['NOT_FOUND']);
    // With every document kept and compiled, these left 27.1 MB; the 500 kept now, uncompiled, 5.4 MB.
    expect(grown).toBeLessThan(8);
  });
});
