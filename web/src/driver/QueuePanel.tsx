import { useId, useState } from 'react';
import { useDriver } from './driver-context';
import { describeAction, formatTime, plural, QUEUE_STATE_TEXT } from './format';

/**
 * What the phone still has to send, and what the server refused: "N waiting to send" opens the list; a refused
 * action stays with its reason until the driver dismisses it.
 */
export function QueuePanel() {
  const { queue } = useDriver();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { waiting, conflicts } = queue;
  const summary =
    waiting > 0
      ? `${waiting} waiting to send`
      : conflicts.length > 0
        ? plural(conflicts.length, 'action') + ' not sent'
        : 'Everything is sent';
  const expanded = open || conflicts.length > 0;
  return (
    <section className="drv-queue" aria-label="Send queue">
      <div className="drv-queue__row">
        <button
          type="button"
          className={`drv-queue__toggle${waiting > 0 || conflicts.length > 0 ? ' drv-queue__toggle--busy' : ''}`}
          aria-expanded={expanded}
          aria-controls={listId}
          disabled={queue.entries.length === 0}
          onClick={() => setOpen(!open)}
        >
          <span aria-live="polite">{summary}</span>
        </button>
        {waiting > 0 && queue.online && (
          <button
            type="button"
            className="drv-button drv-button--small"
            disabled={queue.flushing}
            onClick={() => void queue.flushNow()}
          >
            {queue.flushing ? 'Sending…' : 'Send now'}
          </button>
        )}
      </div>
      {expanded && queue.entries.length > 0 && (
        <ul id={listId} className="drv-queue__list" aria-label="Actions on this phone">
          {queue.entries.map((entry) => (
            <li key={entry.id} className={`drv-queue__item drv-queue__item--${entry.state}`}>
              <span className="drv-queue__what">{describeAction(entry.action)}</span>
              <span className="drv-queue__state">
                {QUEUE_STATE_TEXT[entry.state]} · {formatTime(entry.createdAt)}
              </span>
              {entry.error && <span className="drv-queue__error">{entry.error}</span>}
              {(entry.state === 'conflict' || entry.state === 'failed') && (
                <button
                  type="button"
                  className="drv-button drv-button--small"
                  aria-label={`Dismiss: ${describeAction(entry.action)}`}
                  onClick={() => void queue.dismiss(entry.id)}
                >
                  Dismiss
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
