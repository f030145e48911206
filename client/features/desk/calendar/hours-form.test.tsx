// The desk's opening hours form: the week in force today to start from, a day left unticked closed, a period's
// last day, the changes already made listed, and the gateway's refusal shown as it said it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router-dom';
import { addDays, toDateInputValue } from '../../../lib/dates.ts';
import DeskCalendarPage, { DESK_CALENDAR_QUERY } from './desk-calendar-page.tsx';
import { SET_OPENING_HOURS } from './hours-form.tsx';

afterEach(() => vi.useRealTimers());

const hours = (weekday: string, opens: string, closes = '20:00') => ({
  __typename: 'OpeningHours',
  weekday,
  opens,
  closes,
});
const WEEK = [
  ...['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'].map((d) => hours(d, '10:00')),
  hours('FRIDAY', '14:00'),
];
const RAMADAN = {
  __typename: 'HoursChange',
  id: 'change-1',
  from: '2027-02-08',
  to: '2027-03-09',
  hours: ['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'].map((d) => hours(d, '09:00', '15:00')),
};

function calendarMock(): MockLink.MockedResponse {
  const today = toDateInputValue(new Date());
  return {
    request: { query: DESK_CALENDAR_QUERY, variables: { from: addDays(today, -31), to: addDays(today, 365) } },
    result: {
      data: {
        me: { __typename: 'User', id: 'staff-1', role: 'admin' },
        calendar: {
          __typename: 'LibraryCalendar',
          openingHours: WEEK,
          closures: [],
          holidays: [],
          hoursChanges: [RAMADAN],
        },
      },
    },
    maxUsageCount: 2,
  };
}

const renderPage = (mocks: MockLink.MockedResponse[]) =>
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <main>
          <DeskCalendarPage />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  );

/** Ramadan hours: 9am to 3pm every day but Friday, from the first day to the last. */
async function fillRamadan(form: HTMLElement) {
  fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2027-02-08' } });
  fireEvent.change(within(form).getByLabelText('Last day (leave empty: until changed)'), {
    target: { value: '2027-03-09' },
  });
  await userEvent.click(within(form).getByRole('checkbox', { name: 'Friday' }));
  expect(within(form).getByLabelText('Friday opens')).toBeDisabled();
  for (const day of ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday']) {
    fireEvent.change(within(form).getByLabelText(`${day} opens`), { target: { value: '09:00' } });
    fireEvent.change(within(form).getByLabelText(`${day} closes`), { target: { value: '15:00' } });
  }
}

const RAMADAN_INPUT = ['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'].map((weekday) => ({
  weekday,
  opens: '09:00',
  closes: '15:00',
}));

describe('the desk calendar: opening hours', () => {
  it('lists the changes made, and sets hours for a period with a day left out closed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2027, 0, 20, 9, 0) });
    const setHours: MockLink.MockedResponse = {
      request: {
        query: SET_OPENING_HOURS,
        variables: { from: '2027-02-08', to: '2027-03-09', hours: RAMADAN_INPUT },
      },
      result: {
        data: { setOpeningHours: { __typename: 'HoursChange', id: 'change-2', from: '2027-02-08', to: '2027-03-09' } },
      },
    };
    renderPage([calendarMock(), setHours]);
    const form = await screen.findByRole('form', { name: 'Change the opening hours' });
    const changes = screen.getByRole('heading', { name: 'Changes of hours' }).closest('section')!;
    expect(within(changes).getByText('8 Feb 2027 to 9 Mar 2027')).toBeInTheDocument();
    expect(within(changes).getByText('Saturday to Thursday: 9am to 3pm')).toBeInTheDocument();
    // The form starts from the week in force today.
    expect(within(form).getByRole('checkbox', { name: 'Friday' })).toBeChecked();
    expect(within(form).getByLabelText('Friday opens')).toHaveValue('14:00');
    await fillRamadan(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Save the hours' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'New hours from 8 Feb 2027 to 9 Mar 2027; the weekly hours return after.',
    );
  });

  it("shows the gateway's refusal and keeps what was entered", async () => {
    const refusal = 'The library must open before it closes: 18:00 is not before 10:00.';
    const refused: MockLink.MockedResponse = {
      request: { query: SET_OPENING_HOURS, variables: () => true },
      result: { errors: [new GraphQLError(refusal, { extensions: { code: 'BAD_USER_INPUT', field: 'hours' } })] },
    };
    renderPage([calendarMock(), refused]);
    const form = await screen.findByRole('form', { name: 'Change the opening hours' });
    await fillRamadan(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Save the hours' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(within(form).getByLabelText('From')).toHaveValue('2027-02-08');
  });
});
