// Click and collect in a staffed library (issue 40, docs/decisions/075), in real browsers against a gateway of its
// own with staff and the staffed defaults: a member borrows in the app and is told a copy will wait at the desk;
// staff pull it and put it on the hold shelf; the member's Holds tab says it is being fetched, then ready at the
// desk until its last pickup day with that day's hours; the desk checks it out by scanning the member's card and
// the copy's barcode; the member's loans show it. Once with the member in English, once in Bangla.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, uniqueEmail, type Account } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { startOwnGateway, type OwnGateway } from './support/own-gateway.ts';
import { expectAccessible } from './support/axe.ts';
import { uniqueTag } from './support/library.ts';

const desk: Account = { email: uniqueEmail('collect-desk'), password: 'Secret123', name: 'Collect Desk' };
let gateway: OwnGateway;

beforeAll(async () => {
  // Staff named, RETURNS and BORROWING left to their staffed defaults (desk, collect).
  gateway = await startOwnGateway('collect', { ADMIN_EMAILS: desk.email });
});

afterAll(() => gateway?.stop());

/** What a scanner does: the code, then Enter, into the scan box (which keeps the focus). */
async function scan(page: Page, code: string) {
  const box = page.getByRole('textbox', { name: 'Scan a card or an item' });
  await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

const WORDS = {
  en: {
    borrow: 'Borrow Book',
    request: 'Request for Pickup',
    agreement: 'The library sets a copy aside for you at the desk.',
    requested: 'Requested for Pickup',
    ok: 'OK',
    onPage: 'Requested: pick it up at the desk',
    holdsTab: 'Holds (1)',
    pickup: 'Pickup request',
    fetching: 'Being fetched: staff are setting it aside for you at the desk',
    ready: /^Ready at the desk until .+, .+ to .+$/,
    loansTab: 'Pending (1)',
  },
  bn: {
    borrow: 'বই ধার নিন',
    request: 'সংগ্রহের অনুরোধ করুন',
    agreement: 'লাইব্রেরি ডেস্কে আপনার জন্য একটি কপি আলাদা করে রাখবে।',
    requested: 'সংগ্রহের অনুরোধ গৃহীত',
    ok: 'ঠিক আছে',
    onPage: 'অনুরোধ করা হয়েছে: ডেস্ক থেকে সংগ্রহ করুন',
    holdsTab: 'রিজার্ভ (১)',
    pickup: 'সংগ্রহের অনুরোধ',
    fetching: 'আনা হচ্ছে: কর্মীরা ডেস্কে আপনার জন্য আলাদা করে রাখছেন',
    ready: /^.+ পর্যন্ত ডেস্কে রাখা আছে, .+ থেকে .+$/,
    loansTab: 'ফেরত বাকি (১)',
  },
} as const;

describe('click and collect (a staffed library)', () => {
  const browser = useBrowser('desktop');

  it.each(['en', 'bn'] as const)(
    'requests in the app, staff pull and shelve, the desk checks out by scanning (member in %s)',
    async (language) => {
      const words = WORDS[language];
      const tag = uniqueTag('');
      await createAccount(desk);
      const deskToken = await gateway.apiToken(desk);
      const title = `Collected ${tag}`;
      const { addBook } = await gateway.graphql<{ addBook: { id: string } }>(
        deskToken,
        'mutation($input: BookInput!) { addBook(input: $input) { id } }',
        {
          input: {
            title,
            author: 'Journey Author',
            genre: 'Drama',
            quantity: 2,
            rating: 4,
            description: 'A book for click and collect.',
            image: '/placeholder-book.jpg',
          },
        },
      );
      const member = await createAccount({ name: `Collect Reader ${tag}` });
      const shared = browser.context().browser()!;
      const reader = await gateway.openPage(shared, member);
      // The member's choice of Bangla, kept in this browser as the header's switch keeps it.
      if (language === 'bn') await reader.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
      const staffPage = await gateway.openPage(shared, desk);
      try {
        // The member borrows from the book's page: the dialog and its answer say a copy waits at the desk.
        await reader.goto(`/book-details/${addBook.id}`);
        await reader.getByRole('heading', { level: 1, name: title }).waitFor();
        await reader.getByRole('button', { name: words.borrow }).click();
        const dialog = reader.getByRole('dialog', { name: words.borrow });
        await dialog.getByText(words.agreement, { exact: false }).waitFor();
        await dialog.getByRole('button', { name: words.request }).click();
        await reader.getByRole('heading', { name: words.requested }).waitFor();
        await reader.getByRole('button', { name: words.ok }).click();
        await reader.getByText(words.onPage).waitFor();

        // Borrowed Books, Holds: the request, being fetched.
        await reader.goto('/borrowed-books');
        await reader.getByRole('tab', { name: words.holdsTab }).click();
        const request = reader.getByRole('article', { name: title });
        await request.getByText(words.pickup, { exact: true }).waitFor();
        await request.getByText(words.fetching).waitFor();
        await expectAccessible(reader);

        // Staff pull it and put it on the hold shelf.
        await staffPage.goto('/desk/hold-shelf');
        const row = staffPage.getByRole('region', { name: 'To pull' }).getByRole('row').filter({ hasText: title });
        await row.waitFor();
        expect(await row.textContent()).toContain(member.name);
        await row.getByRole('button', { name: 'Put it on the hold shelf' }).click();
        await row.waitFor({ state: 'detached' });

        // The member's view: ready at the desk until the last pickup day, with that day's hours.
        await reader.reload();
        await reader.getByRole('tab', { name: words.holdsTab }).click();
        await request.getByText(words.ready).waitFor();

        // At the desk: the member's card, then the copy set aside for them.
        const memberToken = await gateway.apiToken(member);
        const { me } = await gateway.graphql<{ me: { cardNumber: string; holds: { itemBarcode: string | null }[] } }>(
          memberToken,
          '{ me { cardNumber holds { itemBarcode } } }',
        );
        const barcode = me.holds[0]!.itemBarcode!;
        await staffPage.goto('/desk');
        await staffPage.getByRole('heading', { level: 1, name: 'Circulation Desk' }).waitFor();
        await scan(staffPage, me.cardNumber);
        await staffPage.getByRole('region', { name: member.name }).getByRole('heading', { level: 2 }).waitFor();
        await scan(staffPage, barcode);
        await staffPage.getByText(new RegExp(`^Checked out ${title}, due `)).waitFor();

        // The member's loans: the book on loan to them now.
        await reader.goto('/borrowed-books');
        await reader.getByRole('tab', { name: words.loansTab, selected: true }).waitFor();
        await reader.getByRole('article', { name: title }).waitFor();
      } finally {
        await reader.context().close();
        await staffPage.context().close();
      }
    },
  );
});
