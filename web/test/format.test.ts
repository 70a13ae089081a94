import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, NO_VALUE } from '../src/format/dates';
import { formatMoney } from '../src/format/money';
import { formatStatus, statusOptions } from '../src/format/statuses';

describe('dates: one en-US style everywhere', () => {
  it('shows a calendar day as written, whatever the time zone', () => {
    expect(formatDay('2025-03-05')).toBe('Mar 5, 2025');
    // The date part of an instant is the day meant (a delivery date stored at midnight UTC).
    expect(formatDay('2025-12-31T00:00:00.000Z')).toBe('Dec 31, 2025');
  });

  it('shows instants in the same style, with the time where asked', () => {
    const noon = '2025-03-05T12:00:00.000Z';
    // Noon UTC is 5 March from UTC-11 to UTC+11 (the test may run in any of them).
    expect(formatDate(noon)).toBe('Mar 5, 2025');
    expect(formatDateTime(noon)).toMatch(/^Mar 5, 2025, \d{1,2}:00 (AM|PM)$/);
  });

  it("shows '-' for nothing and leaves what is not a date as it came", () => {
    for (const f of [formatDate, formatDateTime, formatDay]) {
      expect(f(undefined)).toBe(NO_VALUE);
      expect(f(null)).toBe(NO_VALUE);
      expect(f('')).toBe(NO_VALUE);
    }
    expect(formatDate('soon')).toBe('soon');
    expect(formatDay('soon')).toBe('soon');
  });
});

describe('statuses: the pickers and the lists use the same words', () => {
  it('labels order, payment and product statuses', () => {
    expect(formatStatus('order', 'FULFILLMENT')).toBe('Fulfillment');
    expect(formatStatus('payment', 'AWAITING')).toBe('Awaiting');
    expect(formatStatus('product', 'COMINGSOON')).toBe('Coming soon');
    expect(formatStatus('order', 'LOST')).toBe('LOST');
  });

  it("gives a picker's options in the spec's display order with those labels", () => {
    expect(statusOptions('payment')).toEqual([
      { value: 'DRAFT', label: 'Draft' },
      { value: 'AWAITING', label: 'Awaiting' },
      { value: 'PENDING', label: 'Pending' },
      { value: 'PARTIAL', label: 'Partial' },
      { value: 'PAID', label: 'Paid' },
      { value: 'REFUNDED', label: 'Refunded' },
      { value: 'CANCELLED', label: 'Cancelled' },
    ]);
    expect(statusOptions('order').map((o) => o.value)[0]).toBe('DRAFT');
  });
});

describe('money', () => {
  it('shows dollars with cents and thousands, rounded at the cent', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0.005)).toBe('$0.01');
    expect(formatMoney(undefined)).toBe(NO_VALUE);
  });
});
