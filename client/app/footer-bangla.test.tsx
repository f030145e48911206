// The footer in Bangla (issue 41): its phone number, hours and year in Bengali digits; the e-mail address as it is.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import bangla from '../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../lib/i18n.ts';
import { Footer } from './footer.tsx';
import { footerCalendarMock } from './footer-test-utils.ts';

// Thursday 26 November 2026, noon in Dhaka.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:00:00.000Z') });
  applyCatalogue('bn', bangla);
});
afterEach(() => vi.useRealTimers());

describe('the footer in Bangla', () => {
  it('writes the phone number, the hours and the year in Bengali digits', async () => {
    render(
      <MockedProvider mocks={[footerCalendarMock()]}>
        <MemoryRouter>
          <Footer />
        </MemoryRouter>
      </MockedProvider>,
    );
    const phone = screen.getByRole('link', { name: '+৮৮০ ১৭১২-৩৪৫৬৭৮' });
    expect(phone).toHaveAttribute('href', 'tel:+8801712345678');
    expect(await screen.findByText('এখন খোলা, বন্ধ হবে রাত্রি ৮টা')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('© ২০২৬', { exact: false })).toBeInTheDocument();
    const text = (footer.textContent ?? '').replaceAll('info@bookhaven.com', ' ');
    expect(text.match(/[0-9]+/g) ?? []).toEqual([]);
  });
});
