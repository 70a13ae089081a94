import { STOP_STATE_LABELS, type Stop, type StopState } from '@bo/shared';
import { isApiError } from '../api/client';
import { mapsLink, money, plural, telLink } from './format';

/** The stop's state as a badge, and "Waiting to send" while something done there is still on the phone. */
export function StopStateBadge({ state, waiting }: { state: StopState; waiting: boolean }) {
  return (
    <span className="drv-badges">
      <span className={`drv-badge drv-badge--${state.toLowerCase()}`}>{STOP_STATE_LABELS[state]}</span>
      {waiting && <span className="drv-badge drv-badge--waiting">Waiting to send</span>}
    </span>
  );
}

/** Address (opens the maps app), contact (tap to call), packing location, units, amount due, lines, notes. */
export function StopDetails({ stop, linesOpen = false }: { stop: Stop; linesOpen?: boolean }) {
  const { customer } = stop;
  const units = stop.units;
  return (
    <>
      <dl className="drv-facts">
        <div>
          <dt>Address</dt>
          <dd>
            {customer.address ? (
              <a href={mapsLink(customer.address)} target="_blank" rel="noopener noreferrer">
                {customer.address}
              </a>
            ) : (
              'No address on file'
            )}
          </dd>
        </div>
        {(customer.contactName || customer.contactPhone) && (
          <div>
            <dt>Contact</dt>
            <dd>
              {customer.contactName}
              {customer.contactPhone && (
                <a
                  className="drv-facts__phone"
                  href={telLink(customer.contactPhone)}
                  aria-label={`Call ${customer.contactName ?? customer.contactPhone}`}
                >
                  {customer.contactPhone}
                </a>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>Packed at</dt>
          <dd>{stop.packingLocation?.name ?? 'Not set'}</dd>
        </div>
        <div>
          <dt>Units</dt>
          <dd>{units}</dd>
        </div>
        <div>
          <dt>Amount due</dt>
          <dd className="drv-facts__money">{money(stop.amountDue)}</dd>
        </div>
        {stop.notes && (
          <div className="drv-facts__wide">
            <dt>Notes</dt>
            <dd>{stop.notes}</dd>
          </div>
        )}
      </dl>
      <details className="drv-lines" open={linesOpen}>
        <summary>{plural(stop.lines.length, 'line')}</summary>
        <ul aria-label={`Lines of order ${stop.orderNum}`}>
          {stop.lines.map((line) => (
            <li key={line.lineId}>
              <span className="drv-lines__qty">{line.quantity} ×</span> {line.name}{' '}
              <span className="drv-lines__sku">{line.sku}</span>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

/** A failed load with the reason and a retry. */
export function LoadError({
  error,
  onRetry,
  what,
  compact = false,
}: {
  error: unknown;
  onRetry: () => void;
  what: string;
  compact?: boolean;
}) {
  const reason =
    isApiError(error) && error.status === 0
      ? 'No connection.'
      : error instanceof Error && error.message
        ? error.message
        : 'Something went wrong.';
  return (
    <div className={`drv-note drv-note--error${compact ? ' drv-note--compact' : ''}`} role="alert">
      <p>
        Could not load {what}. {reason}
      </p>
      <button type="button" className="drv-button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
