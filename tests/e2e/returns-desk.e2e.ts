// RETURNS=desk in the browser: a member's Return Book records a claim. They are told the desk closes the loan,
// and Borrowed Books keeps it on the Pending tab with its own badge, the copy still out (docs/decisions/041).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { startOwnGateway, type OwnGateway } from './support/own-gateway.ts';
import { expectAccessible } from './support/axe.ts';
import { libraryDay } from './support/library.ts';

let gateway: OwnGateway;

beforeAll(async () => {
  gateway = await startOwnGateway('returns', { RETURNS: 'desk' });
});

afterAll(() => gateway?.stop());

describe('a return claim (RETURNS=desk)', () => {
  const browser = useBrowser('desktop');

  it('tells the member the desk closes the loan and keeps it pending with a "Return claimed" badge', async () => {
    const reader = await createAccount({ name: 'Claim Reader' });
    const page = await gateway.openPage(browser.context().browser()!, reader);
    try {
      const token = await page.evaluate(() => localStorage.getItem('bookHavenToken'));
      const { books } = await gateway.graphql<{ books: { nodes: { id: string; title: string; quantity: number }[] } }>(
        null,
        '{ books(filter: { availableOnly: true }, first: 1) { nodes { id title quantity } } }',
      );
      const book = books.nodes[0]!;
      await gateway.graphql(token, 'mutation($input: BorrowInput!) { borrow(input: $input) { record { id } } }', {
        input: { bookId: book.id, returnDate: libraryDay(7) },
      });

      await page.goto('/borrowed-books');
      const card = page.getByRole('article', { name: book.title });
      await card.getByRole('button', { name: `Return Book: ${book.title}` }).click();
      await page.getByRole('button', { name: 'Yes, return it!' }).click();
      await page.getByRole('heading', { name: 'Return Recorded' }).waitFor();
      await page.getByText("We'll close this loan when the book reaches the desk or the book drop.").first().waitFor();
      await page.getByRole('button', { name: 'OK' }).click();
      await page.locator('.swal2-container').waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: 'Pending (1)', selected: true }).waitFor();
      await card.getByText('Return claimed').waitFor();
      await card.getByText(/We'll close this loan when the book reaches the desk or the book drop\./).waitFor();
      expect(await card.getByRole('button', { name: /Return Book/ }).count()).toBe(0);
      // The copy is still out: the book's count did not go back up.
      const after = await gateway.graphql<{ book: { quantity: number } }>(
        null,
        'query($id: ID!) { book(id: $id) { quantity } }',
        {
          id: book.id,
        },
      );
      expect(after.book.quantity).toBe(book.quantity - 1);
      await expectAccessible(page);
    } finally {
      await page.context().close();
    }
  });
});
