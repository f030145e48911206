// Member cards in a real browser against the real gateway and Auth emulator: staff register a member at the
// desk and block them with a reason; the member sets a password through "Forgot password", signs in, and is
// told why they cannot borrow, on the book's page and on their account page. A member opens their account and
// sees their card as a Code 128 barcode with its number under it; the print view shows that card alone.
import { describe, expect, inject, it } from 'vitest';
import { memberBrowser, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn, uniqueEmail } from './support/accounts.ts';
import { addBook, sharedSession, uniqueTag } from './support/library.ts';
import { staff } from './support/staff.ts';
import { setPasswordAndSignIn } from '../support/password-reset.ts';

const staffSignedIn = sharedSession(staff());
const CARD = /^BM\d{8}$/;

describe('member cards', () => {
  const browser = useBrowser('desktop');

  it('staff register a member at the desk and block them; the member is told why they cannot borrow', async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const name = `Registered Reader ${tag}`;
    const email = uniqueEmail('registered');
    const reason = `Three books unreturned ${tag}`;
    const book = await addBook({ title: `Wanted Book ${tag}`, quantity: 2 });

    await staffSignedIn(browser);
    await page.goto('/desk');
    await page.getByRole('heading', { level: 1, name: 'Circulation Desk' }).waitFor();
    const form = page.getByRole('region', { name: 'Register a member' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Phone').fill('+880 1711-000111');
    await form.getByRole('button', { name: 'Register member' }).click();
    const registered = form.getByText(new RegExp(`^${name} is registered with card BM\\d{8}\\.`));
    await registered.waitFor();
    const card = /card (BM\d{8})\./.exec((await registered.textContent()) ?? '')?.[1] ?? '';
    expect(card).toMatch(CARD);

    // The new member opens at the desk: their card, then a block with its reason.
    const panel = page.getByRole('region', { name });
    await panel.getByText(`Card ${card}`).waitFor();
    await panel.getByRole('button', { name: 'Block', exact: true }).click();
    await panel.getByLabel('Reason (the member is told it)').fill(reason);
    await panel.getByRole('button', { name: 'Block member' }).click();
    await panel.getByText(`${name} is blocked.`).waitFor();
    await panel.getByText(new RegExp(`^Blocked since .*: ${reason}$`)).waitFor();
    await expectAccessible(page);

    // Staff find them again by card number.
    await page.getByLabel('Search members').fill(card);
    await page.getByRole('region', { name: 'Members' }).getByText('1 member', { exact: true }).waitFor();

    // The member sets a password with "Forgot password" (the emulator's reset e-mail) and signs in.
    await setPasswordAndSignIn(inject('authEmulatorUrl'), email, 'Secret123');
    const member = await memberBrowser(browser.context(), { email, password: 'Secret123', name });
    try {
      await member.page.goto(`/book-details/${book.id}`);
      const refusal = member.page.getByRole('note', { name: 'You cannot borrow now' });
      await refusal
        .getByText(
          `Your card is blocked (“${reason}”), so you cannot borrow books or place holds. Please speak to the library staff.`,
        )
        .waitFor();
      expect(await member.page.getByRole('button', { name: 'Borrow Book' }).count()).toBe(0);

      await member.page.goto('/my-account');
      const account = member.page.getByRole('region', { name: 'Your library card' });
      await account.getByText(card, { exact: true }).waitFor();
      await account.getByRole('alert').getByText(`Your card is blocked: ${reason}.`, { exact: false }).waitFor();
      expect(member.problems).toEqual([]);
    } finally {
      await member.close();
    }
  });

  it('shows a member their card as a barcode with the number under it, and prints the card alone', async () => {
    const page = browser.page();
    const account = await createAccount({ name: `Card Holder ${uniqueTag('')}` });
    await signIn(page, account);
    await page.goto('/my-account');
    const region = page.getByRole('region', { name: 'Your library card' });
    const barcode = region.getByRole('img', { name: /^Barcode of library card BM\d{8}$/ });
    const svg = barcode.locator('svg');
    await svg.waitFor();
    const label = (await barcode.getAttribute('aria-label')) ?? '';
    const card = label.replace('Barcode of library card ', '');
    expect(card).toMatch(CARD);
    // Bars: bwip-js draws them as the rectangles of one path.
    const bars = (await svg.locator('path').first().getAttribute('d')) ?? '';
    expect(bars.match(/M/g)?.length ?? 0).toBeGreaterThan(10);
    const number = region.getByText(card, { exact: true });
    const [svgBox, numberBox] = [await svg.boundingBox(), await number.boundingBox()];
    expect(svgBox && numberBox && numberBox.y >= svgBox.y + svgBox.height).toBe(true);
    await expectAccessible(page);

    // Printed, the page shows the card and nothing else (hidden, the rest also leaves the accessibility tree, so
    // the print view is read by CSS selectors).
    const printed = page.locator('.print-only-card');
    const [dataHeading, printButton] = [
      page.locator('#my-data-heading'),
      page.locator('button', { hasText: 'Print my card' }),
    ];
    expect(await dataHeading.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await printed.locator('svg').isVisible()).toBe(true);
    expect(await printed.getByText(card, { exact: true }).isVisible()).toBe(true);
    expect(await dataHeading.isVisible()).toBe(false);
    expect(await printButton.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });
});
