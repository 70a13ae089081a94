import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { dayError, isDayOffered, OUTSIDE_WINDOW } from '../src/components/date-window';
import { isValidRange, rangeInterval } from '../src/components/range-filter-config';
import WindowDatePicker from '../src/components/WindowDatePicker';

/** The shared date rule at the pickers (issue 21, section 1): days outside 2000-01-01…2099-12-31 are not sent. */

const WINDOW = 'between 2000-01-01 and 2099-12-31';

describe('the date window in the browser', () => {
  it('offers the days of the window in the calendars, and no others', () => {
    expect(isDayOffered(new Date(1999, 11, 31))).toBe(false);
    expect(isDayOffered(new Date(2000, 0, 1))).toBe(true);
    expect(isDayOffered(new Date(2024, 1, 29))).toBe(true);
    expect(isDayOffered(new Date(2099, 11, 31))).toBe(true);
    expect(isDayOffered(new Date(2100, 0, 1))).toBe(false);
  });

  it('names the field and the window for a typed day the API would refuse; empty is left to the form', () => {
    expect(dayError('Payment date', '2100-01-01')).toBe(`Payment date must be ${WINDOW}`);
    expect(dayError('Payment date', '9999-12-31')).toBe(`Payment date must be ${WINDOW}`);
    expect(dayError('Payment date', '2026-02-30')).toBe(`Payment date must be a real date ${WINDOW}`);
    expect(dayError('Payment date', '2026-03')).toBe(`Payment date must be a date (YYYY-MM-DD) ${WINDOW}`);
    expect(dayError('Payment date', '2026-03-05')).toBeUndefined();
    expect(dayError('Payment date', '')).toBeUndefined();
  });

  it('refuses a list range that leaves the window or is too wide, and never sends a saved one that does', () => {
    const absolute = (startDate: string, endDate: string) => ({ type: 'absolute' as const, startDate, endDate });
    expect(isValidRange(absolute('2099-12-01', '2099-12-31'))).toEqual({ valid: true });
    expect(isValidRange(absolute('2099-12-01', '2100-01-05'))).toEqual({ valid: false, errorMessage: OUTSIDE_WINDOW });
    expect(isValidRange(absolute('1999-12-25', '2000-01-05'))).toEqual({ valid: false, errorMessage: OUTSIDE_WINDOW });
    expect(isValidRange(absolute('2026-01-01', '2027-06-30'))).toMatchObject({ valid: false });
    const now = new Date(2026, 2, 5);
    expect(rangeInterval(absolute('9999-12-01', '9999-12-31'), now)).toBeNull();
    expect(rangeInterval(absolute('2026-03-01', '2026-03-05'), now)).not.toBeNull();
  });
});

function Picker({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <WindowDatePicker
      value={value}
      onChange={({ detail }) => setValue(detail.value)}
      ariaLabel="Delivery date"
      openCalendarAriaLabel={() => 'Choose date'}
      placeholder="YYYY/MM/DD"
    />
  );
}

describe('WindowDatePicker', () => {
  it('disables the days past the window in its calendar', async () => {
    const user = userEvent.setup();
    const { container } = render(<Picker initial="2099-12-31" />);
    const picker = createWrapper(container).findDatePicker()!;
    await user.click(picker.findOpenCalendarButton().getElement());
    const calendar = picker.findCalendar({ expandToViewport: false })!;
    /** The calendar's day cells whose (screen-reader) label holds `text`. */
    const daysOf = (text: string) =>
      Array.from(within(calendar.getElement()).getByRole('grid').querySelectorAll('td')).filter((td) =>
        td.textContent?.includes(text),
      );
    const [lastDay] = daysOf('December 31, 2099');
    expect(lastDay).toHaveAttribute('aria-disabled', 'false');
    await user.click(calendar.findNextButton().getElement());
    const january = daysOf('2100');
    expect(january.length).toBeGreaterThanOrEqual(31);
    for (const day of january) expect(day).toHaveAttribute('aria-disabled', 'true');
  });

  it('marks a typed day outside the window invalid', () => {
    const { container } = render(<Picker initial="2100-01-01" />);
    expect(screen.getByRole('textbox', { name: 'Delivery date' })).toHaveAttribute('aria-invalid', 'true');
    expect(createWrapper(container).findDatePicker()).not.toBeNull();
  });
});
