import { isException, isStopDone, type DeliveryBoard } from '@bo/shared';
import { countText } from '../../format/counts';
import { dayError } from '../../components/date-window';

/** The Deliveries board (issue 26): its texts, its columns, its day in the address. */

export type BoardDriver = DeliveryBoard['drivers'][number];
export type BoardStop = BoardDriver['stops'][number];

export const BOARD_TEXT = {
  title: 'Deliveries board',
  description: "Every driver's stops of the day in route order, what happened at each and the money collected.",
  day: 'Day',
  today: 'Today',
  loading: 'Loading deliveries',
  error: 'Error loading deliveries',
  retry: 'Retry',
  empty: 'No deliveries on this day',
  emptyDescription: 'Delivery orders assigned to a driver for this day appear here.',
  noStops: 'No stops',
  cash: 'Cash',
  checks: 'Checks',
  pending: 'Collections to confirm',
  toConfirm: 'Confirm collections',
  refreshNoun: 'deliveries',
} as const;

/** The board refreshes itself this often while the page is on screen. */
export const BOARD_REFRESH_MS = 60_000;

export type BoardColumnId = 'position' | 'orderNum' | 'customerName' | 'state' | 'at' | 'reason' | 'amountDue';

export const BOARD_COLUMNS: ReadonlyArray<{ id: BoardColumnId; header: string }> = [
  { id: 'position', header: '#' },
  { id: 'orderNum', header: 'Order #' },
  { id: 'customerName', header: 'Customer' },
  { id: 'state', header: 'State' },
  { id: 'at', header: 'Time' },
  { id: 'reason', header: 'Reason' },
  { id: 'amountDue', header: 'Amount due' },
];

/**
 * The day the address asks for (`?day=YYYY-MM-DD`), or undefined when it names none or one the API would refuse:
 * the board then shows the API's today (the business's day, whatever the browser's time zone).
 */
export const boardDayOf = (params: URLSearchParams): string | undefined => {
  const day = params.get('day') ?? '';
  return day && dayError('', day) === undefined ? day.slice(0, 10) : undefined;
};

/** Stops in route order (the API sends them so; a tie keeps the order number's order). */
export const inRouteOrder = (stops: readonly BoardStop[]): BoardStop[] =>
  [...stops].sort((a, b) => a.position - b.position || a.orderNum.localeCompare(b.orderNum, 'en-US'));

/** `3 delivered · 1 exception · 2 to deliver` under a driver's name. */
export function driverSummary(stops: readonly BoardStop[]): string {
  const done = stops.filter((s) => isStopDone(s.state)).length;
  const exceptions = stops.filter((s) => isException(s.state)).length;
  const todo = stops.filter((s) => s.state === 'TODO').length;
  return [`${done} delivered`, ...(exceptions ? [countText(exceptions, 'exception')] : []), `${todo} to deliver`].join(
    ' · ',
  );
}
