// The library's calendar and fair fees in a real browser against the real gateway, with the library's clock
// moved instead of waiting days: a member with an overdue book is told on Book details why they cannot
// borrow (no Borrow button to fill in and fail); returning the late book says what it charged; the Fees tab
// lists the charge; staff close the library on a day from the desk's calendar page, the loan due that day moves
// to the next open day, and they open the day again.
import { afterEach, describe, expect, it } from 'vitest';
import { memberBrowser, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';
import { resetLibraryClock, setLibraryOffsetDays } from './support/clock.ts';
import { addBook, apiToken, friendlyDate, graphql, libraryDay, sharedSession, uniqueTag } from './support/library.ts';
import { staff } from './support/staff.ts';

const staffSignedIn = sharedSession(staff());

// Every journey runs in one gateway: whatever happens here, the library's clock goes back to real time.
afterEach(async () => {
  await resetLibraryClock();
});

async function borrow(token: string, bookId: string, returnDate: string): Promise<void> {
  await graphql(token, 'mutation($input: BorrowInput!) { borrow(input: $input) { currentQuantity } }', {
    input: { bookId, returnDate },
  });
}

describe('the calendar, fees and refusals told up front', () => {
  const browser = useBrowser('desktop');

  it('tells a member with an overdue book why they cannot borrow, says what the late return charged, and lists it under Fees', async () => {
    const tag = uniqueTag('');
    const account = await createAccount({ name: `Late Reader ${tag}` });
    const late = await addBook({ title: `Kept Past Its Day ${tag}`, quantity: 1, replacementCost: 1000 });
    const wanted = await addBook({ title: `Wanted Next ${tag}`, quantity: 1 });
    await borrow(await apiToken(account), late.id, libraryDay(1));
    // Three days on, the loan due tomorrow is two days late: ৳100 at the default ৳50 a day.
    await setLibraryOffsetDays(3);
    const member = await memberBrowser(browser.context(), account);
    const { page } = member;
    try {
      await page.goto(`/book-details/${wanted.id}`);
      const refusal = page.getByRole('note', { name: 'You cannot borrow now' });
      await refusal.getByText(`“${late.title}” is overdue. Please return it before borrowing another book.`).waitFor();
      expect(await page.getByRole('button', { name: 'Borrow Book' }).count()).toBe(0);
      await expectAccessible(page);

      await refusal.getByRole('link', { name: 'Return it from My Borrowed Books' }).click();
      const card = page.getByRole('article', { name: late.title });
      await card.getByRole('button', { name: `Return Book: ${late.title}` }).click();
      await page.getByRole('button', { name: 'Yes, return it!' }).click();
      await page.getByRole('heading', { name: 'Book Returned!' }).waitFor();
      await page.getByText('A late fee of ৳100 was added to your account.').waitFor();
      await page.getByRole('button', { name: 'OK' }).click();

      await page.getByRole('tab', { name: 'Fees' }).click();
      const fees = page.getByRole('region', { name: 'Fees' });
      await fees.getByText('৳100', { exact: true }).waitFor();
      const charge = fees.getByRole('row', { name: new RegExp(`Late fee ${late.title}`) });
      expect(await charge.getByRole('cell').allTextContents()).toEqual([
        expect.any(String),
        'Late fee',
        late.title,
        'Returned late',
        '+৳100',
      ]);
      await expectAccessible(page);

      // Back on the book, the reason is now the fee, with where and when to pay it.
      await page.goto(`/book-details/${wanted.id}`);
      await refusal.getByText('You owe ৳100 in fees. Please pay at the desk before borrowing more.').waitFor();
      await refusal.getByRole('link', { name: 'opening hours' }).waitFor();
      expect(member.problems).toEqual([]);
    } finally {
      await member.close();
    }
  });

  it("lets staff close the library on a day from the desk's calendar page, moving the loan due then, and open it again", async () => {
    const tag = uniqueTag('');
    const account = await createAccount({ name: `Due Reader ${tag}` });
    const token = await apiToken(account);
    const book = await addBook({ title: `Due On The Holiday ${tag}`, quantity: 1 });
    // A day no other journey's loan falls due on (the borrow modal proposes 14 days).
    const closed = libraryDay(13);
    await borrow(token, book.id, closed);
    const page = browser.page();
    await staffSignedIn(browser);
    await page.goto('/desk');
    await page.getByRole('link', { name: 'Library calendar: opening hours and closures' }).click();
    await page.getByRole('heading', { level: 1, name: 'Library Calendar' }).waitFor();
    const hours = page.getByRole('region', { name: 'Opening hours' });
    await hours.getByText('Saturday to Thursday').waitFor();
    await hours.getByText('2pm to 8pm').waitFor();

    const form = page.getByRole('form', { name: 'Close the library' });
    await form.getByLabel('Date').fill(closed);
    await form.getByLabel('Reason in English').fill(`Eid ul-Fitr ${tag}`);
    await form.getByRole('button', { name: 'Close the library on this day' }).click();
    const day = await friendlyDate(page, closed);
    await page
      .getByRole('status')
      .getByText(new RegExp(`^Closed on ${day} \\(Eid ul-Fitr ${tag}\\)`))
      .waitFor();
    const list = page.getByRole('list', { name: 'Days the library is closed' });
    await list.getByText(`Eid ul-Fitr ${tag}`).waitFor();
    await expectAccessible(page);

    // The loan due that day is now due the next open day, and its member was told.
    const me = await graphql<{ me: { loans: { dueDate: string }[]; notices: { nodes: { message: string }[] } } }>(
      token,
      '{ me { loans { dueDate } notices { nodes { message } } } }',
    );
    expect(me.me.loans).toEqual([{ dueDate: libraryDay(14) }]);
    expect(me.me.notices.nodes[0]?.message).toMatch(/^The library is closed on .*; your loan of “Due On The Holiday/);

    // A second closure of the same day is refused in the gateway's words.
    await form.getByLabel('Date').fill(closed);
    await form.getByLabel('Reason in English').fill('Twice');
    await form.getByRole('button', { name: 'Close the library on this day' }).click();
    await page
      .getByRole('alert')
      .getByText(`The library is already closed on ${closed} (Eid ul-Fitr ${tag}).`)
      .waitFor();

    await list.getByRole('button', { name: `Reopen ${day}` }).click();
    await page
      .getByRole('status')
      .getByText(new RegExp(`^Open again on ${day}`))
      .waitFor();
    await list.getByText(`Eid ul-Fitr ${tag}`).waitFor({ state: 'detached' });
  });

  it('lets staff close the library for several days at once: both loans due then move past them, told in one notice', async () => {
    const tag = uniqueTag('');
    const account = await createAccount({ name: `Range Reader ${tag}` });
    const token = await apiToken(account);
    // Days no other journey's loan falls due on.
    const [first, last] = [libraryDay(11), libraryDay(12)];
    await borrow(token, (await addBook({ title: `Due First ${tag}`, quantity: 1 })).id, first);
    await borrow(token, (await addBook({ title: `Due Last ${tag}`, quantity: 1 })).id, last);
    const page = browser.page();
    await staffSignedIn(browser);
    await page.goto('/desk/calendar');
    const form = page.getByRole('form', { name: 'Close the library' });
    await form.getByLabel('Date').fill(first);
    await form.getByLabel('Last day').fill(last);
    await form.getByLabel('Reason in English').fill(`Flood ${tag}`);
    await form.getByRole('button', { name: 'Close the library on these days' }).click();
    const [from, to] = [await friendlyDate(page, first), await friendlyDate(page, last)];
    await page
      .getByRole('status')
      .getByText(new RegExp(`^Closed from ${from} to ${to} \\(Flood ${tag}\\)`))
      .waitFor();
    const list = page.getByRole('list', { name: 'Days the library is closed' });
    expect(await list.getByText(`Flood ${tag}`).count()).toBe(2);
    await expectAccessible(page);

    const me = await graphql<{ me: { loans: { dueDate: string }[]; notices: { nodes: { message: string }[] } } }>(
      token,
      '{ me { loans { dueDate } notices { nodes { message } } } }',
    );
    expect(me.me.loans.map((l) => l.dueDate)).toEqual([libraryDay(13), libraryDay(13)]);
    expect(me.me.notices.nodes).toHaveLength(1);
    expect(me.me.notices.nodes[0]?.message).toMatch(
      new RegExp(
        `^The library is closed from .* to .*\\. Your loan of “Due (First|Last) ${tag}” is now due on .*\\. Your loan of “Due (First|Last) ${tag}”`,
      ),
    );
    for (const day of [first, last])
      await list.getByRole('button', { name: `Reopen ${await friendlyDate(page, day)}` }).click();
    await list.getByText(`Flood ${tag}`).first().waitFor({ state: 'detached' });
  });
});
