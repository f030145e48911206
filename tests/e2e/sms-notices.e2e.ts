// Notices by SMS in Bangla (issue 41), in a real browser against a gateway with an SMPP account: a member who
// reads the app in Bangla enters a mobile number (in Bengali digits) and chooses SMS on the account page; a hold
// of theirs becomes ready; the SMPP server the journey started receives the hold-ready notice in Bangla, as
// UCS-2 in concatenated parts, the same sentences the app shows.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { startOwnGateway, type OwnGateway } from './support/own-gateway.ts';
import { libraryDay } from './support/library.ts';
import { startTestSmpp, type TestSmpp } from '../support/smpp-server.ts';

let smpp: TestSmpp;
let gateway: OwnGateway;

beforeAll(async () => {
  smpp = await startTestSmpp();
  gateway = await startOwnGateway('sms', smpp.env);
});

afterAll(async () => {
  await gateway?.stop();
  await smpp?.close();
});

describe('notices by SMS, in Bangla', () => {
  const browser = useBrowser('desktop');

  it('a member enters a phone number and chooses SMS; a hold becomes ready; the SMPP server gets it in Bangla', async () => {
    const tag = randomUUID().slice(0, 6);
    const title = `অপেক্ষার বই ${tag}`;
    const reader = await createAccount({ name: `Shirin ${tag}` });
    const page = await gateway.openPage(browser.context().browser()!, reader);
    try {
      await page.getByRole('button', { name: 'বাংলা' }).click();
      await page.getByRole('button', { name: 'English' }).waitFor();

      // The account page, in Bangla: a mobile number typed in Bengali digits, kept in the one form, then SMS.
      await page.goto('/my-account');
      await page.getByRole('heading', { name: 'মোবাইল নম্বর ও এসএমএস' }).waitFor();
      const phone = page.getByLabel('মোবাইল নম্বর', { exact: true });
      await phone.fill('০১৭১১-২২২৩৩৩');
      await page.getByRole('button', { name: 'নম্বর সংরক্ষণ করুন' }).click();
      await page.getByText('আপনার মোবাইল নম্বর সংরক্ষিত হয়েছে।').waitFor();
      expect(await phone.inputValue()).toBe('+8801711222333');
      const sms = page.getByRole('checkbox', { name: 'আমার নোটিশ এসএমএসেও পাঠান' });
      // The box follows the member's saved choice: it is ticked once the gateway has taken it.
      await sms.click();
      await expect.poll(() => sms.isChecked()).toBe(true);
      const token = (await page.evaluate(() => localStorage.getItem('bookHavenToken'))) ?? '';
      expect((await gateway.graphql<{ me: object }>(token, '{ me { phone smsNotices locale } }')).me).toEqual({
        phone: '+8801711222333',
        smsNotices: true,
        locale: 'bn',
      });

      // Another member has the only copy; the reader waits for it; it comes back: the hold is ready.
      const other = await gateway.apiToken(await createAccount({ name: `Lender ${tag}` }));
      const book = await gateway.graphql<{ addBook: { id: string } }>(
        other,
        'mutation($input: BookInput!) { addBook(input: $input) { id } }',
        {
          input: {
            title,
            author: 'রবীন্দ্রনাথ ঠাকুর',
            genre: 'Poetry',
            quantity: 1,
            rating: 4,
            description: 'A book made by a browser journey.',
            image: '/placeholder-book.jpg',
          },
        },
      );
      const loan = await gateway.graphql<{ borrow: { record: { id: string } } }>(
        other,
        'mutation($input: BorrowInput!) { borrow(input: $input) { record { id } } }',
        { input: { bookId: book.addBook.id, returnDate: libraryDay(7) } },
      );
      await gateway.graphql(token, 'mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: book.addBook.id });
      await gateway.graphql(other, 'mutation($id: ID!) { returnBook(borrowId: $id) { id } }', {
        id: loan.borrow.record.id,
      });

      // The schedule's minute, now: the SMS goes to the SMPP server.
      await fetch(`${gateway.control}/schedule`, { method: 'POST' });
      await expect.poll(() => smpp.to('8801711222333').length).toBe(1);
      const [received] = smpp.to('8801711222333');
      const { me } = await gateway.graphql<{ me: { notices: { nodes: { kind: string; message: string }[] } } }>(
        token,
        '{ me { notices { nodes { kind message } } } }',
      );
      const notice = me.notices.nodes.find((n) => n.kind === 'HOLD_READY');
      expect(notice?.message).toMatch(new RegExp(`^“${title}” [০-৯].* পর্যন্ত আপনার জন্য রাখা আছে।`));
      expect(received).toMatchObject({ from: 'BookHaven', dataCoding: 8, text: notice?.message });
      expect(received!.parts.length).toBeGreaterThanOrEqual(2);
      expect(received!.parts.map((p) => p.concat?.number)).toEqual(received!.parts.map((_, i) => i + 1));
    } finally {
      await page.context().close();
    }
  });
});
