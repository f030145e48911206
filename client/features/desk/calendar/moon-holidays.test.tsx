// The desk calendar's moon-dated holidays: the proposals listed with their state, Confirm on a provisional one,
// Move to the days announced, Drop, and the gateway's refusal shown as it said it.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router-dom';
import { addDays, toDateInputValue } from '../../../lib/dates.ts';
import DeskCalendarPage, { DESK_CALENDAR_QUERY } from './desk-calendar-page.tsx';
import { CONFIRM_HOLIDAY as CONFIRM, DROP_HOLIDAY as DROP, MOVE_HOLIDAY as MOVE } from './moon-holidays.tsx';

const hours = (weekday: string, opens: string) => ({ __typename: 'OpeningHours', weekday, opens, closes: '20:00' });
const holiday = (key: string, name: string, from: string, to: string, state: string) => ({
  __typename: 'Holiday',
  key,
  name,
  from,
  to,
  state,
});
const FITR = holiday('eid-ul-fitr-2027', 'Eid ul-Fitr', '2027-03-08', '2027-03-10', 'PROVISIONAL');
const ADHA = holiday('eid-ul-adha-2027', 'Eid ul-Adha', '2027-05-15', '2027-05-17', 'CONFIRMED');
const ASHURA = holiday('ashura-2027', 'Ashura', '2027-06-15', '2027-06-15', 'DROPPED');

function calendarMock(): MockLink.MockedResponse {
  const today = toDateInputValue(new Date());
  return {
    request: { query: DESK_CALENDAR_QUERY, variables: { from: addDays(today, -31), to: addDays(today, 365) } },
    result: {
      data: {
        me: { __typename: 'User', id: 'staff-1', role: 'admin' },
        calendar: {
          __typename: 'LibraryCalendar',
          openingHours: ['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((d) =>
            hours(d, '10:00'),
          ),
          closures: [],
          holidays: [FITR, ADHA, ASHURA],
          hoursChanges: [],
        },
      },
    },
    maxUsageCount: 5,
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

describe('the desk calendar: moon-dated holidays', () => {
  it('lists the proposals with their state, without the dropped ones, and confirms a provisional one', async () => {
    const confirm: MockLink.MockedResponse = {
      request: { query: CONFIRM, variables: { key: 'eid-ul-fitr-2027' } },
      result: { data: { confirmHoliday: { __typename: 'Holiday', key: 'eid-ul-fitr-2027', state: 'CONFIRMED' } } },
    };
    renderPage([calendarMock(), confirm]);
    const list = await screen.findByRole('list', { name: 'Proposed holidays' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('8 Mar 2027 to 10 Mar 2027Eid ul-Fitr (provisional)');
    expect(rows[1]).toHaveTextContent('15 May 2027 to 17 May 2027Eid ul-Adha (confirmed)');
    expect(within(list).queryByText(/Ashura/)).not.toBeInTheDocument();
    // A confirmed one can be moved or dropped, not confirmed again.
    expect(within(rows[1]!).queryByRole('button', { name: 'Confirm Eid ul-Adha' })).not.toBeInTheDocument();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Confirm Eid ul-Fitr' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Eid ul-Fitr confirmed: the library is closed');
  });

  it('moves a holiday to the days announced, and drops one', async () => {
    const move: MockLink.MockedResponse = {
      request: { query: MOVE, variables: { key: 'eid-ul-adha-2027', from: '2027-05-16', to: '2027-05-18' } },
      result: {
        data: {
          moveHoliday: { __typename: 'Holiday', key: 'eid-ul-adha-2027', from: '2027-05-16', to: '2027-05-18' },
        },
      },
    };
    const drop: MockLink.MockedResponse = {
      request: { query: DROP, variables: { key: 'eid-ul-fitr-2027' } },
      result: { data: { dropHoliday: { __typename: 'Holiday', key: 'eid-ul-fitr-2027', state: 'DROPPED' } } },
    };
    renderPage([calendarMock(), move, drop]);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Eid ul-Adha' }));
    const form = screen.getByRole('form', { name: 'Move Eid ul-Adha' });
    expect(within(form).getByLabelText('First day')).toHaveValue('2027-05-15');
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2027-05-16' } });
    fireEvent.change(within(form).getByLabelText('Last day (leave empty for one day)'), {
      target: { value: '2027-05-18' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Move the holiday' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Eid ul-Adha is now from 16 May 2027 to 18 May 2027.');
    expect(screen.queryByRole('form', { name: 'Move Eid ul-Adha' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Drop Eid ul-Fitr' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Eid ul-Fitr dropped. Dates it had moved went back.');
  });

  it("shows the gateway's refusal", async () => {
    const refusal = 'A holiday can be moved at most a month from the day proposed.';
    const refused: MockLink.MockedResponse = {
      request: { query: MOVE, variables: () => true },
      result: { errors: [new GraphQLError(refusal, { extensions: { code: 'BAD_USER_INPUT', field: 'from' } })] },
    };
    renderPage([calendarMock(), refused]);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Eid ul-Fitr' }));
    const form = screen.getByRole('form', { name: 'Move Eid ul-Fitr' });
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2027-06-20' } });
    fireEvent.change(within(form).getByLabelText('Last day (leave empty for one day)'), {
      target: { value: '2027-06-22' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Move the holiday' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(within(form).getByLabelText('First day')).toHaveValue('2027-06-20');
  });
});
