import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import {
  STOP_STATE_LABELS,
  type CollectionMethod,
  type CollectionStatus,
  type DeliveryOutcome,
  type StopState,
} from '@bo/shared';

/**
 * A driver's day (issue 26) as the office's screens show it: the Deliveries board, an order's Delivery section and
 * the collections to confirm. Labels come from the shared rules; only the indicator colours are the web's.
 */

export const STOP_STATE_INDICATOR: Readonly<Record<StopState, StatusIndicatorProps.Type>> = {
  TODO: 'pending',
  DELIVERED: 'success',
  PARTIAL: 'warning',
  NOBODY_THERE: 'error',
  REFUSED: 'error',
};

/** A stop's state, or a record's outcome, as a status indicator: delivered, partly, nobody there, refused, to do. */
export function StopStateCell({ state }: { state: StopState | DeliveryOutcome }) {
  return (
    <StatusIndicator type={STOP_STATE_INDICATOR[state]} wrapText={false}>
      {STOP_STATE_LABELS[state]}
    </StatusIndicator>
  );
}

const COLLECTION_METHOD_LABELS: Readonly<Record<CollectionMethod, string>> = { CASH: 'Cash', CHECK: 'Check' };

export const COLLECTION_STATUS_LABELS: Readonly<Record<CollectionStatus, string>> = {
  PENDING: 'To confirm',
  CONFIRMED: 'Confirmed',
  REJECTED: 'Rejected',
};

const COLLECTION_STATUS_INDICATOR: Readonly<Record<CollectionStatus, StatusIndicatorProps.Type>> = {
  PENDING: 'pending',
  CONFIRMED: 'success',
  REJECTED: 'stopped',
};

export function CollectionStatusCell({ status }: { status: CollectionStatus }) {
  return (
    <StatusIndicator type={COLLECTION_STATUS_INDICATOR[status]} wrapText={false}>
      {COLLECTION_STATUS_LABELS[status]}
    </StatusIndicator>
  );
}

/** `Cash`, or `Check #1042`. */
export const collectionMethodText = (c: { method: CollectionMethod; checkNumber?: string | undefined }): string =>
  c.method === 'CHECK' && c.checkNumber
    ? `${COLLECTION_METHOD_LABELS.CHECK} #${c.checkNumber}`
    : COLLECTION_METHOD_LABELS[c.method];

/** A position as a link that opens a map (the phone's maps app, or the browser's). */
export const mapsHref = (p: { latitude: number; longitude: number }): string =>
  `https://www.google.com/maps/search/?api=1&query=${p.latitude},${p.longitude}`;

/** A time of day (`3:06 PM`) in the user's time zone, for a stop of the day shown. */
const timeOfDay = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
export function formatTime(iso: string | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : timeOfDay.format(d);
}
