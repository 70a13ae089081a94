import { formatUsd, toCents, type Cents } from '@bo/shared';
import type { QueuedAction, QueueEntry } from './offline';

/** Dollars as the driver's screens show them: `$1,234.50`. */
export const money = (dollars: number): string => formatUsd(toCents(dollars));
export const moneyOfCents = (cents: Cents): string => formatUsd(cents);

const dayLabel = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
const timeLabel = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** `YYYY-MM-DD` as `Friday, November 27`. */
export const formatDriverDay = (day: string): string => {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayLabel.format(d);
};

export const formatTime = (iso: string | undefined): string => {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? timeLabel.format(d) : '';
};

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const OUTCOME_TEXT: Record<string, string> = {
  DELIVERED: 'Delivered',
  PARTIAL: 'Partly delivered',
  NOBODY_THERE: 'Nobody there',
  REFUSED: 'Refused',
};

/** One line naming a queued action, for the send queue's list. */
export function describeAction(action: QueuedAction): string {
  if (action.kind === 'routeOrder') return `Route order (${plural(action.body.orderIds.length, 'stop')})`;
  if (action.kind === 'complete')
    return `${OUTCOME_TEXT[action.body.outcome] ?? action.body.outcome}: order ${action.orderNum}`;
  const how = action.body.method === 'CHECK' ? `Check ${action.body.checkNumber ?? ''}`.trim() : 'Cash';
  return `${how} ${money(Number(action.body.amount ?? 0))}: order ${action.orderNum}`;
}

export const QUEUE_STATE_TEXT: Record<QueueEntry['state'], string> = {
  waiting: 'Waiting to send',
  sending: 'Sending',
  conflict: 'Refused',
  failed: 'Not sent',
};

/** Google Maps opens the phone's maps app on Android and iOS; a plain link elsewhere. */
export const mapsLink = (address: string): string => `https://maps.google.com/?q=${encodeURIComponent(address)}`;
export const telLink = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
