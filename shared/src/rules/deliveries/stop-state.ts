import type { DeliveryOutcome, StopState } from '../../schemas/deliveries';

/** What a stop shows: the outcome of its latest record (by the time it happened), or TODO before any. */
export function stopStateOf(records: ReadonlyArray<{ outcome: DeliveryOutcome; at: string }>): StopState {
  let latest: { outcome: DeliveryOutcome; at: string } | undefined;
  for (const r of records) if (!latest || r.at >= latest.at) latest = r;
  return latest?.outcome ?? 'TODO';
}

/** A stop is done when the goods were handed over; after an exception the driver may still come back. */
export const isStopDone = (state: StopState): boolean => state === 'DELIVERED' || state === 'PARTIAL';

/** The stop states that are exceptions the office acts on. */
export const isException = (state: StopState): boolean => state === 'NOBODY_THERE' || state === 'REFUSED';

export const STOP_STATE_LABELS: Readonly<Record<StopState, string>> = {
  TODO: 'To deliver',
  DELIVERED: 'Delivered',
  PARTIAL: 'Partly delivered',
  NOBODY_THERE: 'Nobody there',
  REFUSED: 'Refused',
};
