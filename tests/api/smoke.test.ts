import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe('smoke', () => {
  it('signs in and borrows', async () => {
    const id = await gw.addBook({ quantity: 1 });
    const m = await gw.member();
    const r = await gw.request('POST', '/api/borrow', { token: m.token, body: { bookId: id, returnDate: '2099-01-01' } });
    expect(r.status).toBe(400);
    const g = await gw.gql('query { books { totalCount nodes { id title } } bookCount genres }');
    expect(g.body.data.books.totalCount).toBe(1);
  });
});
