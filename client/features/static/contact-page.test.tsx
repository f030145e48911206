import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import { policyMock } from '../../lib/policy-test-utils.ts';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES_KEY } from './contact-messages.ts';
import ContactPage from './contact-page.tsx';
import { contactCalendarMock } from './calendar-test-utils.ts';
import { stubDialogs } from '../../test/dialogs.ts';

const dialogs = stubDialogs();

describe('ContactPage', () => {
  it('"sends" for 1500 ms without a network call, alerts for 3000 ms, keeps the message locally and clears the form', () => {
    vi.useFakeTimers();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(
      <MockedProvider mocks={[policyMock(), contactCalendarMock()]}>
        <MemoryRouter>
          <ContactPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    const values = {
      'Your Name': 'Ada',
      'Your Email': 'ada@example.com',
      Subject: 'Hours',
      Message: 'Open on Friday?',
    };
    for (const [label, value] of Object.entries(values)) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.required).toBe(true);
      fireEvent.change(input, { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(dialogs.showSuccess).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(dialogs.showSuccess).toHaveBeenCalledWith('Message Sent!', "We'll get back to you as soon as possible.", {
      timer: 3000,
    });
    expect((screen.getByLabelText('Your Name') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CONTACT_MESSAGES_KEY) ?? '[]')).toMatchObject([
      { name: 'Ada', subject: 'Hours' },
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the calendar's hours, whether the library is open today, and the closures coming up", async () => {
    // The library's day (Asia/Dhaka, the policy's time zone), which may be ahead of the machine's.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
    render(
      <MockedProvider mocks={[policyMock(), contactCalendarMock([{ date: today, reason: 'Eid ul-Fitr' }])]}>
        <MemoryRouter>
          <ContactPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    const hours = screen.getByRole('heading', { name: 'Opening Hours' }).closest('section')!;
    expect(await within(hours).findByText('Closed today (Eid ul-Fitr)')).toBeInTheDocument();
    expect(within(hours).getByText('10am to 8pm')).toBeInTheDocument();
    expect(within(hours).getByText(/: Eid ul-Fitr$/)).toBeInTheDocument();
  });

  it('shows the moon-dated holidays not confirmed yet as expected closures', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
    const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const holidays = [
      { key: 'eid-ul-adha-2027', from: day(10), to: day(12), name: 'Eid ul-Adha', state: 'PROVISIONAL' },
      { key: 'ashura-2027', from: day(20), to: day(20), name: 'Ashura', state: 'CONFIRMED' },
      { key: 'shab-e-barat-2027', from: day(30), to: day(30), name: 'Shab-e-Barat', state: 'DROPPED' },
    ];
    render(
      <MockedProvider mocks={[policyMock(), contactCalendarMock([], [], holidays)]}>
        <MemoryRouter>
          <ContactPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    const hours = screen.getByRole('heading', { name: 'Opening Hours' }).closest('section')!;
    expect(
      await within(hours).findByRole('heading', {
        name: 'Expected closed (the dates follow the moon and are confirmed nearer the day)',
      }),
    ).toBeInTheDocument();
    expect(within(hours).getByText(/ to .*: Eid ul-Adha \(expected\)$/)).toBeInTheDocument();
    expect(within(hours).queryByText(/Ashura|Shab-e-Barat/)).not.toBeInTheDocument();
  });

  it('says whether the library is open from the hours in force today, which staff may have changed', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
    // The weekly hours open every day; today's, in force for a period, leave it closed.
    const days = [{ date: today, open: false, opens: null, closes: null }];
    render(
      <MockedProvider mocks={[policyMock(), contactCalendarMock([], days)]}>
        <MemoryRouter>
          <ContactPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    const hours = screen.getByRole('heading', { name: 'Opening Hours' }).closest('section')!;
    expect(await within(hours).findByText('Closed today')).toBeInTheDocument();
  });

  it('shows opening hours, a local map and the FAQ', () => {
    render(
      <MockedProvider mocks={[policyMock(), contactCalendarMock()]}>
        <MemoryRouter>
          <ContactPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    const hours = screen.getByRole('heading', { name: 'Opening Hours' }).closest('section')!;
    expect(within(hours).getByText('Saturday to Thursday')).toBeInTheDocument();
    expect(within(hours).getByText('2pm to 8pm')).toBeInTheDocument();
    expect(within(hours).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Map showing BookHaven/ }).getAttribute('src')).toBe('/images/map.svg');
    for (const q of [
      'How do I borrow a book?',
      'How long is the loan period?',
      'Are there late fees?',
      'How do I return a book?',
    ]) {
      expect(screen.getByText(q)).toBeInTheDocument();
    }
  });
});
