// Holds and notices in real browsers against the real gateway, three members at once: A borrows the last copy;
// B places a hold and is first in the queue; A cannot renew (the book is requested) and returns it; B's bell
// counts the hold-ready notice, whose link leads to the book, where B borrows the copy set aside; C, meanwhile,
// finds it out of stock. Then a ready hold left past its pickup day (the library's clock moved) passes the copy
// to the next member in the queue, seen when the page is opened again.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { memberBrowser, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn } from './support/accounts.ts';
import { resetLibraryClock, setLibraryOffsetDays } from './support/clock.ts';
import { addBook, apiToken, borrowBook, friendlyDate, graphql, libraryDay, uniqueTag } from './support/library.ts';

let pickupDays: number;

beforeAll(async () => {
  pickupDays = (await graphql<{ policy: { holdPickupDays: number } }>(null, '{ policy { holdPickupDays } }')).policy
    .holdPickupDays;
});

// Every journey runs in one gateway: whatever happens here, the library's clock goes back to real time.
afterEach(async () => {
  await resetLibraryClock();
});

const holdRegion = (page: Page) => page.getByRole('region', { name: 'Hold' });
const borrowButton = (page: Page) => page.getByRole('button', { name: 'Borrow Book' });

async function placeHoldByApi(token: string, bookId: string) {
  await graphql(token, 'mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId });
}

async function returnByApi(token: string, bookId: string) {
  const { borrowedBooks } = await graphql<{ borrowedBooks: { id: string; bookId: string; status: string }[] }>(
    token,
    '{ borrowedBooks { id bookId status } }',
  );
  const loan = borrowedBooks.find((l) => l.bookId === bookId && l.status === 'BORROWED');
  if (!loan) throw new Error('no active loan to return');
  await graphql(token, 'mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loan.id });
}

describe('holds and notices', () => {
  const browser = useBrowser('desktop');

  it('queues B behind A’s loan, refuses A’s renewal, and sets the returned copy aside for B alone', async () => {
    const tag = uniqueTag('');
    const [a, b, c] = await Promise.all(
      ['A', 'B', 'C'].map((who) => createAccount({ name: `Holds Member ${who} ${tag}` })),
    );
    const book = await addBook({ title: `Much Wanted ${tag}`, quantity: 1 });

    // A borrows the last copy, in the SPA.
    const pageA = browser.page();
    await signIn(pageA, a!);
    await pageA.goto(`/book-details/${book.id}`);
    await borrowButton(pageA).click();
    await pageA.getByRole('dialog', { name: 'Borrow Book' }).getByRole('button', { name: 'Confirm Borrow' }).click();
    await pageA.getByRole('heading', { name: 'Book Borrowed!' }).waitFor();
    await pageA.getByRole('button', { name: 'OK' }).click();

    const memberB = await memberBrowser(browser.context(), b!);
    const memberC = await memberBrowser(browser.context(), c!);
    try {
      // B finds it out of stock and joins the queue.
      const pageB = memberB.page;
      await pageB.goto(`/book-details/${book.id}`);
      await pageB.getByText('Out of Stock').waitFor();
      expect(await borrowButton(pageB).isDisabled()).toBe(true);
      await holdRegion(pageB).getByRole('button', { name: 'Place Hold' }).click();
      await holdRegion(pageB).getByText('You are number 1 in the queue').waitFor();
      await holdRegion(pageB).getByRole('button', { name: 'Cancel Hold' }).waitFor();
      await expectAccessible(pageB);

      // A may not renew now that B is waiting, and says so beside the disabled button.
      await pageA.goto('/borrowed-books');
      const card = pageA.getByRole('article', { name: book.title });
      const renew = card.getByRole('button', { name: `Renew: ${book.title}` });
      await renew.waitFor();
      expect(await renew.isDisabled()).toBe(true);
      await card
        .getByText('Another member has requested this book, so it cannot be renewed. Please return it by its due date.')
        .waitFor();

      // A returns it; the copy is set aside for B.
      await card.getByRole('button', { name: /Return/ }).click();
      await pageA.getByRole('button', { name: 'Yes, return it!' }).click();
      await pageA.getByRole('heading', { name: 'Book Returned!' }).waitFor();
      await pageA.getByRole('button', { name: 'OK' }).click();

      // B's bell counts the notice; its link leads to the book, where the copy waits for B.
      await pageB.goto('/');
      const bell = pageB.getByRole('button', { name: 'Notices, 1 unread' });
      await bell.click();
      const panel = pageB.getByRole('region', { name: 'Notices' });
      const notice = panel.getByRole('article', { name: new RegExp(book.title) });
      await notice.waitFor();
      await expectAccessible(pageB);
      await notice.getByRole('link', { name: /^Open/ }).click();
      await pageB.waitForURL(`**/book-details/${book.id}`);
      const until = await friendlyDate(pageB, libraryDay(pickupDays));
      await holdRegion(pageB).getByText(`Ready for you until ${until}`).waitFor();
      await pageB.getByText('Out of Stock').waitFor();

      // C sees no copy: out of stock, Borrow disabled.
      await memberC.page.goto(`/book-details/${book.id}`);
      await holdRegion(memberC.page).getByRole('button', { name: 'Place Hold' }).waitFor();
      await memberC.page.getByText('Out of Stock').waitFor();
      expect(await borrowButton(memberC.page).isDisabled()).toBe(true);

      // B borrows the copy set aside.
      await borrowButton(pageB).click();
      await pageB.getByRole('dialog', { name: 'Borrow Book' }).getByRole('button', { name: 'Confirm Borrow' }).click();
      await pageB.getByRole('heading', { name: 'Book Borrowed!' }).waitFor();
      await pageB.getByRole('button', { name: 'OK' }).click();
      await pageB.getByText('Already Borrowed').waitFor();

      // The notice was read by nobody yet: Mark all read empties the bell.
      await pageB.getByRole('button', { name: 'Notices, 1 unread' }).click();
      await pageB.getByRole('region', { name: 'Notices' }).getByRole('button', { name: 'Mark all read' }).click();
      await pageB.getByRole('button', { name: 'Notices', exact: true }).waitFor();

      expect(memberB.problems).toEqual([]);
      expect(memberC.problems).toEqual([]);
    } finally {
      await memberB.close();
      await memberC.close();
    }
  });

  it('passes the copy on when a ready hold is not borrowed by its pickup day', async () => {
    const tag = uniqueTag('');
    const [a, b, c] = await Promise.all(
      ['A', 'B', 'C'].map((who) => createAccount({ name: `Pickup Member ${who} ${tag}` })),
    );
    const [tokenA, tokenB, tokenC] = await Promise.all([a!, b!, c!].map(apiToken));
    const book = await addBook({ title: `Left On The Shelf ${tag}`, quantity: 1 });
    await borrowBook(tokenA!, book.id);
    await placeHoldByApi(tokenB!, book.id);
    await placeHoldByApi(tokenC!, book.id);
    await returnByApi(tokenA!, book.id);

    const page = browser.page();
    await signIn(page, c!);
    await page.goto(`/book-details/${book.id}`);
    await holdRegion(page).getByText('You are number 2 in the queue').waitFor();

    // Past B's last pickup day, the copy passes to C: seen when the page is opened again.
    await setLibraryOffsetDays(pickupDays + 1);
    await page.goto('/borrowed-books');
    await page.getByRole('tab', { name: 'Holds (1)' }).click();
    const until = await friendlyDate(page, libraryDay(2 * pickupDays + 1));
    await page.getByRole('article', { name: book.title }).getByText(`Ready for you until ${until}`).waitFor();
    await page.goto(`/book-details/${book.id}`);
    await holdRegion(page).getByText(`Ready for you until ${until}`).waitFor();
    expect(await borrowButton(page).isDisabled()).toBe(false);
    await expectAccessible(page);

    const holdsOfB = await graphql<{ me: { holds: { bookId: string; status: string }[] } }>(
      tokenB!,
      '{ me { holds { bookId status } } }',
    );
    expect(holdsOfB.me.holds.find((h) => h.bookId === book.id)?.status).toBe('EXPIRED');
  });
});
