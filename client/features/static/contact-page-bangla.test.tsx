// The Contact page and the footer in Bangla (issue 41): the phone number, the opening hours and every other number
// in Bengali digits; the e-mail address stays as it is.
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import bangla from '../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../lib/i18n.ts';
import { policyMock } from '../../lib/policy-test-utils.ts';
import ContactPage from './contact-page.tsx';
import { contactCalendarMock } from './calendar-test-utils.ts';

beforeEach(() => {
  applyCatalogue('bn', bangla);
});

/** Latin digits an element shows, the e-mail address taken out. */
const latinDigits = (element: Element) =>
  (element.textContent ?? '').replaceAll('info@bookhaven.com', ' ').match(/[0-9]+/g) ?? [];

describe('Contact page in Bangla', () => {
  it('writes the phone number and the opening hours in Bengali digits', async () => {
    render(
      <MockedProvider mocks={[policyMock(), contactCalendarMock()]}>
        <MemoryRouter>
          <ContactPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    const info = screen.getByRole('heading', { name: 'যোগাযোগের তথ্য' }).closest('section')!;
    expect(within(info).getByText('+৮৮০ ১৭১২-৩৪৫৬৭৮')).toBeInTheDocument();
    expect(within(info).getByText('info@bookhaven.com')).toBeInTheDocument();
    const hours = screen.getByRole('heading', { name: 'খোলার সময়' }).closest('section')!;
    expect(await within(hours).findByText('সকাল ১০টা থেকে রাত ৮টা')).toBeInTheDocument();
    expect(latinDigits(info)).toEqual([]);
    expect(latinDigits(hours)).toEqual([]);
  });
});
