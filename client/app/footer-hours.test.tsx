import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { FooterHours } from './footer-hours.tsx';
import { footerCalendarMock } from './footer-test-utils.ts';

const renderHours = (closures: { date: string; reason: string }[] = []) =>
  render(
    <MockedProvider mocks={[footerCalendarMock(closures)]}>
      <FooterHours />
    </MockedProvider>,
  );

describe('the footer hours', () => {
  // Thursday 26 November 2026, noon in Dhaka.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:00:00.000Z') }));
  afterEach(() => vi.useRealTimers());

  it('prints the hours at once, then says from the calendar that the library is open now', async () => {
    renderHours();
    expect(screen.getByText('Saturday to Thursday: 10am to 8pm')).toBeInTheDocument();
    expect(await screen.findByText('Open now, closes at 8pm')).toBeInTheDocument();
    expect(screen.getByText('Friday: 2pm to 8pm')).toBeInTheDocument();
  });

  it('says the library is closed today, and why', async () => {
    renderHours([{ date: '2026-11-26', reason: 'Eid ul-Fitr' }]);
    expect(await screen.findByText('Closed today (Eid ul-Fitr)')).toBeInTheDocument();
  });
});
