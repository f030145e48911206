// A book's history at the desk (issue 40, item 6), in a real browser against the real gateway: a member retitles
// a book as the spec lets them; staff open the book's page at the desk, find the edit in its history with who
// made it, revert it, and see the old title back and the revert in the history; the page reads the same in Bangla.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';
import { addBook, apiToken, bookById, graphql, sharedSession, uniqueTag } from './support/library.ts';
import { staff } from './support/staff.ts';

const staffSignedIn = sharedSession(staff());

/** The rows of the book's history, each as its cells' text (the header row left out). */
const historyRows = async (page: Page) => {
  const rows = page.getByRole('region', { name: /History of this book|এই বইয়ের ইতিহাস/ }).getByRole('row');
  return (await rows.all()).slice(1);
};

describe("a book's history at the desk", () => {
  const browser = useBrowser('desktop');

  it("shows a member's edit with who made it, reverts it, and shows the revert, in English and in Bangla", async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const title = `Gitanjali History ${tag}`;
    const vandalised = `${title} (defaced)`;
    const book = await addBook({ title, quantity: 1 });
    const member = await createAccount({ name: `Eager Editor ${tag}` });
    await graphql(
      await apiToken(member),
      'mutation($id: ID!, $input: BookUpdateInput!) { updateBook(id: $id, input: $input) { id } }',
      {
        id: book.id,
        input: {
          title: vandalised,
          author: book.author,
          genre: book.genre,
          rating: book.rating,
          image: '/placeholder-book.jpg',
        },
      },
    );

    await staffSignedIn(browser);
    await page.goto(`/desk/books/${book.id}`);
    await page.getByRole('heading', { level: 1, name: vandalised }).waitFor();
    const history = page.getByRole('region', { name: 'History of this book' });
    await history.getByText(`title: ${title} → ${vandalised}`).waitFor();
    const [edit] = await historyRows(page);
    await expect.poll(async () => edit!.textContent()).toContain(member.name);
    await expectAccessible(page);

    await edit!.getByRole('button', { name: `Revert title to “${title}”` }).click();
    await history.getByText(`Reverted: title is “${title}” again.`).waitFor();
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect((await bookById(book.id))?.title).toBe(title);
    const [revert, edited] = await historyRows(page);
    expect(await revert!.getByRole('cell').nth(1).textContent()).toBe('Reverted');
    expect(await revert!.getByRole('cell').nth(2).textContent()).toBe(`title: ${vandalised} → ${title}`);
    expect(await edited!.getByRole('cell').nth(1).textContent()).toBe('Edited');

    // The edit it undid is no longer the title's latest change: no button to revert it again.
    expect(await edited!.getByRole('button').count()).toBe(0);

    // The same page in Bangla: the history's heading and its actions in Bangla, titles as entered.
    await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
    await page.reload();
    const bangla = page.getByRole('region', { name: 'এই বইয়ের ইতিহাস' });
    await bangla.getByText('আগের অবস্থায় ফেরানো হয়েছে').waitFor();
    await bangla.getByText('সম্পাদিত').waitFor();
    expect(await bangla.getByText(`title: ${title} → ${vandalised}`).count()).toBe(1);
  });
});
