// "Remind everyone N+ days overdue" on the overdue list: a preview of how many, a confirmation, the outcome; in
// English and in Bangla (Bengali digits), for the days the list's filter shows.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import bangla from '../../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../../lib/i18n.ts';
import { axeViolations } from '../../../test/axe.ts';
import { OverdueList } from './overdue-list.tsx';
import { OVERDUE_REMINDER_PREVIEW, SEND_OVERDUE_REMINDERS } from './remind-everyone.tsx';
import { overdueMock, overdueRow } from '../desk-test-data.ts';

const rows = { nodes: [overdueRow('l1', { overdueDays: 9 })], totalCount: 1, endCursor: null, hasNextPage: false };
const preview = (minDays: number, members: number, loans: number, alreadyToday: number): MockLink.MockedResponse => ({
  request: { query: OVERDUE_REMINDER_PREVIEW, variables: { minDays } },
  result: {
    data: { overdueReminderPreview: { __typename: 'OverdueReminderPreview', members, loans, alreadyToday } },
  },
});
const sent = (minDays: number, members: number, loans: number, skipped: number): MockLink.MockedResponse => ({
  request: { query: SEND_OVERDUE_REMINDERS, variables: { minDays } },
  result: { data: { sendOverdueReminders: { __typename: 'OverdueRemindersSent', members, loans, skipped } } },
});

const renderList = (mocks: MockLink.MockedResponse[]) =>
  render(
    <MockedProvider mocks={[overdueMock(null, rows), overdueMock(null, rows, 7), ...mocks]}>
      <MemoryRouter>
        <main>
          <OverdueList symbol="৳" onOpenMember={() => {}} />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  ).container;

describe('reminding everyone overdue at once', () => {
  it('previews how many at the chosen days late, sends on confirmation and says what it did', async () => {
    const container = renderList([preview(7, 12, 17, 3), sent(7, 9, 14, 3)]);
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Days late' }), 'At least 7 days');
    await userEvent.click(screen.getByRole('button', { name: 'Remind everyone 7+ days overdue' }));
    expect(await screen.findByText('12 members, 17 loans; 3 reminded today already.')).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Send 9 reminders' }));
    expect(
      await screen.findByText('9 members were reminded (14 loans); 3 reminded earlier today left out.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send \d+ reminders?$/ })).not.toBeInTheDocument();
  });

  it('offers nothing to confirm when everyone was reminded today already, and cancels', async () => {
    renderList([preview(1, 2, 2, 2), preview(1, 2, 3, 0)]);
    await screen.findByRole('table');
    const remind = screen.getByRole('button', { name: 'Remind everyone 1+ days overdue' });
    await userEvent.click(remind);
    expect(await screen.findByText('2 members, 2 loans; 2 reminded today already.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send \d+ reminders?$/ })).not.toBeInTheDocument();
    await userEvent.click(remind);
    expect(await screen.findByText('2 members, 3 loans; nobody reminded today yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Send 2 reminders' })).not.toBeInTheDocument();
  });

  it('says the preview and the outcome in Bangla with Bengali digits', async () => {
    applyCatalogue('bn', bangla);
    renderList([preview(7, 12, 17, 3), sent(7, 9, 14, 3)]);
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'কত দিন দেরি' }), 'অন্তত ৭ দিন');
    await userEvent.click(screen.getByRole('button', { name: '৭+ দিন দেরি হওয়া সবাইকে মনে করিয়ে দিন' }));
    expect(await screen.findByText('১২ জন সদস্য, ১৭টি ধার; ৩ জনকে আজ আগেই মনে করানো হয়েছে।')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '৯ জনকে মনে করিয়ে দিন' }));
    expect(
      await screen.findByText('৯ জন সদস্যকে মনে করিয়ে দেওয়া হয়েছে (১৪টি ধার); আজ আগেই মনে করানো ৩ জনকে বাদ রাখা হয়েছে।'),
    ).toBeInTheDocument();
  });
});
