// The calendar forms' pair of days: the first required, the last optional and never before the first.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DateRangeFields } from './date-range-fields.tsx';

function Range() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <form aria-label="Days">
      <DateRangeFields
        from={from}
        to={to}
        onFromChange={setFrom}
        onToChange={setTo}
        fromLabel="First day"
        toLabel="Last day"
      />
    </form>
  );
}

describe('DateRangeFields', () => {
  it('asks for a first day, offers a last one from the first on, and hands each change back', () => {
    render(<Range />);
    const first = screen.getByLabelText('First day');
    const last = screen.getByLabelText('Last day');
    expect(first).toHaveAttribute('type', 'date');
    expect(first).toBeRequired();
    expect(last).not.toBeRequired();
    expect(last).not.toHaveAttribute('min');
    fireEvent.change(first, { target: { value: '2027-03-08' } });
    expect(first).toHaveValue('2027-03-08');
    expect(last).toHaveAttribute('min', '2027-03-08');
    fireEvent.change(last, { target: { value: '2027-03-10' } });
    expect(last).toHaveValue('2027-03-10');
  });
});
