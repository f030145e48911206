// The desk run by scanning (issue 31), in a real browser against the real gateway: a USB scanner types a code and
// Enter into the desk's scan box, so the journeys type barcodes there. A member's card opens them and a copy's
// barcode checks it out to them, with a checkout receipt that prints alone; with nobody open a scanned copy is
// checked in, and the member waiting for it is named with their pickup day and a hold slip to print.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';
import { addBook, apiToken, graphql, keeperToken, libraryDay, sharedSession, uniqueTag } from './support/library.ts';
import { staff } from './support/staff.ts';

const staffSignedIn = sharedSession(staff());

const DAY_STYLE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const written = (day: string) => DAY_STYLE.format(Date.parse(day));

/** The copies of a book, as staff see them. */
const itemsOf = async (bookId: string) =>
  (
    await graphql<{ book: { items: { barcode: string; status: string }[] } }>(
      await keeperToken(),
      'query($id: ID!) { book(id: $id) { items { barcode status } } }',
      { id: bookId },
    )
  ).book.items;

/** What a scanner does: the code, then Enter, into whatever has the focus (the scan box, always). */
async function scan(page: Page, code: string) {
  const box = page.getByRole('textbox', { name: 'Scan a card or an item' });
  await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** window.print opens no dialog in a journey: it counts, and printing stays "on" as while a dialog is open. */
async function catchPrinting(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

async function openDesk(page: Page) {
  await page.goto('/desk');
  await page.getByRole('heading', { level: 1, name: 'Circulation Desk' }).waitFor();
}

describe('the desk by scanning', () => {
  const browser = useBrowser('desktop');

  it('opens a member by their card, checks a scanned copy out to them, and prints the receipt alone', async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const account = await createAccount({ name: `Scanned Member ${tag}` });
    const { me } = await graphql<{ me: { cardNumber: string } }>(await apiToken(account), '{ me { cardNumber } }');
    const book = await addBook({ title: `Scanned Out ${tag}`, quantity: 2 });
    const [copy] = await itemsOf(book.id);
    await catchPrinting(page);
    await staffSignedIn(browser);
    await openDesk(page);

    await scan(page, me.cardNumber);
    const panel = page.getByRole('region', { name: account.name });
    await panel.getByRole('heading', { level: 2, name: account.name }).waitFor();
    await scan(page, copy!.barcode);
    const due = libraryDay(14);
    await page.getByText(`Checked out ${book.title}, due ${written(due)}.`).waitFor();
    await panel.getByRole('listitem', { name: book.title }).waitFor();
    expect((await itemsOf(book.id)).find((item) => item.barcode === copy!.barcode)?.status).toBe('ON_LOAN');

    const receipt = page.getByRole('region', { name: 'Checkout receipt' });
    expect(await receipt.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      book.title,
      copy!.barcode,
      written(due),
    ]);
    await expectAccessible(page);
    await receipt.getByRole('button', { name: 'Print Checkout receipt' }).click();
    expect(await printed(page)).toBe(1);
    // The printed page: the receipt, and nothing of the desk around it.
    await page.emulateMedia({ media: 'print' });
    expect(await receipt.isVisible()).toBe(true);
    expect(await receipt.getByText(account.name).isVisible()).toBe(true);
    expect(await receipt.getByText(me.cardNumber).isVisible()).toBe(true);
    expect(await receipt.getByRole('cell', { name: copy!.barcode }).isVisible()).toBe(true);
    expect(await receipt.getByRole('button', { name: 'Print Checkout receipt' }).isVisible()).toBe(false);
    expect(await page.getByRole('textbox', { name: 'Scan a card or an item' }).isVisible()).toBe(false);
    expect(await panel.getByRole('heading', { level: 2 }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });

  it("reads a card's digits alone and a copy's barcode in lower case: the member opens, the copy is lent to them", async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const account = await createAccount({ name: `Digits Member ${tag}` });
    const { me } = await graphql<{ me: { cardNumber: string } }>(await apiToken(account), '{ me { cardNumber } }');
    const book = await addBook({ title: `Lower Case ${tag}`, quantity: 1 });
    const [copy] = await itemsOf(book.id);
    await staffSignedIn(browser);
    await openDesk(page);

    // As a scanner of the card's printed digits types them, with spaces around: each scan waits for the focus.
    await scan(page, ` ${me.cardNumber.slice(2)} `);
    await page.getByRole('region', { name: account.name }).getByRole('heading', { level: 2 }).waitFor();
    await scan(page, copy!.barcode.toLowerCase());
    await page.getByText(`Checked out ${book.title}, due ${written(libraryDay(14))}.`).waitFor();
    expect((await itemsOf(book.id))[0]?.status).toBe('ON_LOAN');
    // The box has the focus again for the next scan.
    const box = page.getByRole('textbox', { name: 'Scan a card or an item' });
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('checks a scanned copy in with nobody open: who had it, and the member waiting for it with a hold slip', async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const [borrower, waiting] = await Promise.all([
      createAccount({ name: `Had It ${tag}` }),
      createAccount({ name: `Waiting For It ${tag}` }),
    ]);
    const book = await addBook({ title: `Wanted Back ${tag}`, quantity: 1 });
    await graphql(
      await apiToken(borrower),
      'mutation($input: BorrowInput!) { borrow(input: $input) { currentQuantity } }',
      { input: { bookId: book.id, returnDate: libraryDay(7) } },
    );
    await graphql(await apiToken(waiting), 'mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: book.id });
    const [copy] = await itemsOf(book.id);
    expect(copy!.status).toBe('ON_LOAN');
    await catchPrinting(page);
    await staffSignedIn(browser);
    await openDesk(page);

    await scan(page, copy!.barcode);
    const result = page.getByRole('region', { name: 'Check-in' });
    await result.getByRole('heading', { name: `Checked in ${book.title} (${copy!.barcode})` }).waitFor();
    await result.getByText(`${borrower.name} had it, due ${written(libraryDay(7))}.`).waitFor();
    await result.getByText('Returned on time: no fee.').waitFor();
    const found = result.getByRole('alert');
    await found.getByRole('heading', { name: 'Hold found: put it on the hold shelf' }).waitFor();
    const slip = found.getByRole('region', { name: 'Hold slip' });
    expect(await slip.textContent()).toContain(waiting.name);
    expect(await slip.textContent()).toContain(`Barcode:${copy!.barcode}`);
    expect((await itemsOf(book.id))[0]!.status).toBe('ON_HOLD_SHELF');
    await expectAccessible(page);

    await slip.getByRole('button', { name: 'Print Hold slip' }).click();
    expect(await printed(page)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    // The page shows the slip alone (found from the page: the check-in around it is hidden, out of the page's roles).
    const printedSlip = page.getByRole('region', { name: 'Hold slip' });
    expect(await printedSlip.getByText(waiting.name).isVisible()).toBe(true);
    expect(await printedSlip.getByText(copy!.barcode).isVisible()).toBe(true);
    expect(await printedSlip.getByText(/^Pick up by:/).isVisible()).toBe(true);
    expect(await result.getByRole('heading', { name: /^Checked in/ }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });
});

describe('the desk on a 1280x800 laptop', () => {
  const browser = useBrowser('laptop');

  /** Whether an element lies wholly within the window, as staff see it without scrolling. */
  const inView = async (page: Page, box: { y: number; height: number } | null) => {
    const height = await page.evaluate(() => window.innerHeight);
    return box !== null && box.y >= 0 && box.y + box.height <= height;
  };

  it('keeps the header on one row, and the hold slip and the checkout receipt in view', async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const [borrower, waiting] = await Promise.all([
      createAccount({ name: `Laptop Had It ${tag}` }),
      createAccount({ name: `Laptop Waiting ${tag}` }),
    ]);
    const held = await addBook({ title: `Laptop Held ${tag}`, quantity: 1 });
    await graphql(
      await apiToken(borrower),
      'mutation($input: BorrowInput!) { borrow(input: $input) { currentQuantity } }',
      { input: { bookId: held.id, returnDate: libraryDay(7) } },
    );
    await graphql(await apiToken(waiting), 'mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: held.id });
    const [heldCopy] = await itemsOf(held.id);
    await staffSignedIn(browser);
    await openDesk(page);

    // The site's header: every link of the main navigation on one row, the header no taller than one.
    const nav = page.getByRole('navigation', { name: 'Main' });
    const tops = await nav.getByRole('link').evaluateAll((links) => links.map((l) => l.getBoundingClientRect().top));
    expect(tops.length).toBeGreaterThan(0);
    expect(new Set(tops).size).toBe(1);
    const heights = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);
    const banner = await page.getByRole('banner').boundingBox();
    expect(banner?.height).toBeLessThanOrEqual(72);

    await scan(page, heldCopy!.barcode);
    const slip = page.getByRole('region', { name: 'Hold slip' });
    await slip.waitFor();
    expect(await inView(page, await slip.boundingBox())).toBe(true);

    // With a member open, a copy scanned out to them: its receipt is in view too.
    const { me } = await graphql<{ me: { cardNumber: string } }>(await apiToken(borrower), '{ me { cardNumber } }');
    const book = await addBook({ title: `Laptop Lent ${tag}`, quantity: 1 });
    const [copy] = await itemsOf(book.id);
    await scan(page, me.cardNumber);
    await page.getByRole('region', { name: borrower.name }).getByRole('heading', { level: 2 }).waitFor();
    await scan(page, copy!.barcode);
    const receipt = page.getByRole('region', { name: 'Checkout receipt' });
    await receipt.getByRole('cell', { name: copy!.barcode }).waitFor();
    expect(await inView(page, await receipt.boundingBox())).toBe(true);
  });
});
