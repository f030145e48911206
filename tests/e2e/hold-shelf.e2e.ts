// The hold shelf in a real browser against the real gateway (decision 058): a copy added for a member waiting
// is set aside but not on the hold shelf, so staff see it in To pull; Put it on the hold shelf moves it to
// Awaiting pickup. The staff account is staff() (ADMIN_EMAILS).
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';
import { addBook, apiToken, borrowBook, graphql, keeperToken, sharedSession, uniqueTag } from './support/library.ts';
import { staff } from './support/staff.ts';

const staffSignedIn = sharedSession(staff());

describe('the hold shelf', () => {
  const browser = useBrowser('desktop');

  it('lists a copy added for a waiting member to pull, and Put it on the hold shelf moves it to Awaiting pickup', async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const account = await createAccount({ name: `Shelf Member ${tag}` });
    const book = await addBook({ title: `Held For Pickup ${tag}`, quantity: 1 });
    // Its one copy is out with another member, so the member waits for it.
    await borrowBook(await apiToken(await createAccount()), book.id);
    await graphql(await apiToken(account), 'mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: book.id });
    // A copy added at the back office: set aside for the member, still on a trolley.
    await graphql(await keeperToken(), 'mutation($id: ID!) { addItems(bookId: $id, count: 1) { barcode } }', {
      id: book.id,
    });

    await staffSignedIn(browser);
    await page.goto('/desk/hold-shelf');
    await page.getByRole('heading', { level: 1, name: 'Hold shelf' }).waitFor();
    const toPull = page.getByRole('region', { name: 'To pull' });
    const row = toPull.getByRole('row').filter({ hasText: book.title });
    await row.waitFor();
    expect(await row.textContent()).toContain(account.name);
    await expectAccessible(page);

    await row.getByRole('button', { name: 'Put it on the hold shelf' }).click();
    await row.waitFor({ state: 'detached' });
    const awaiting = page.getByRole('region', { name: 'Awaiting pickup' });
    const waiting = awaiting.getByRole('row').filter({ hasText: book.title });
    await waiting.getByText(/^On the hold shelf since /).waitFor();
    expect(await waiting.getByRole('button', { name: 'Put it on the hold shelf' }).count()).toBe(0);
  });
});
