import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';

/**
 * The date range each list read by date opens on. Apart from the lists' own configuration, so the route table's
 * prefetch asks for the very interval the page will (without loading the page's chunk).
 */
const lastDays = (amount: number): DateRangePickerProps.RelativeValue => ({
  type: 'relative',
  key: `last-${amount}-days`,
  amount,
  unit: 'day',
});

export const ORDERS_DEFAULT_RANGE = lastDays(30);
export const PAYMENTS_DEFAULT_RANGE = lastDays(30);
export const PURCHASES_DEFAULT_RANGE = lastDays(90);

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the calendar day it is in the browser's time zone, YYYY-MM-DD. */
export const localDay = (iso: string): string => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
