import { useState } from 'react';
import { isStopDone, STOP_STATE_LABELS, type DeliveryOutcome } from '@bo/shared';
import { CollectForm } from './CollectForm';
import { CompleteForm } from './CompleteForm';
import { stopViews } from './day-model';
import { useDriver } from './driver-context';
import { formatTime } from './format';
import { DRIVER_PATHS, Link } from './router';
import { LoadError, StopDetails, StopStateBadge } from './stop-parts';

/** One stop: its details, what happened there, and the money taken. Read from the day kept on the phone. */
export function StopPage({ orderId }: { orderId: string }) {
  const { today, queue } = useDriver();
  const [recorded, setRecorded] = useState<string[]>([]);
  const back = (
    <Link className="drv-back" to={DRIVER_PATHS.day}>
      ← Today&apos;s stops
    </Link>
  );
  if (!today.data)
    return (
      <>
        {back}
        <h1 tabIndex={-1}>Stop</h1>
        {today.error ? (
          <LoadError error={today.error} onRetry={today.refetch} what="today's stops" />
        ) : (
          <p className="drv-loading" role="status">
            Loading the stop…
          </p>
        )}
      </>
    );
  const stop = today.data.stops.find((s) => s.orderId === orderId);
  if (!stop)
    return (
      <>
        {back}
        <h1 tabIndex={-1}>Not on today&apos;s list</h1>
        <p>This order is not one of your stops today.</p>
      </>
    );
  const index = today.data.stops.indexOf(stop);
  const view = stopViews([stop], queue.entries)[0]!;
  const done = isStopDone(view.state);
  const note = (text: string) => setRecorded((list) => [...list, text]);
  const onCompleted = (outcome: DeliveryOutcome) => {
    note(`${STOP_STATE_LABELS[outcome]} recorded at ${formatTime(new Date().toISOString())}`);
  };

  return (
    <>
      {back}
      <div className="drv-page-head">
        <h1 tabIndex={-1}>{stop.customer.customerName}</h1>
        <p className="drv-page-head__sub">
          Stop {index + 1} · Order {stop.orderNum}
        </p>
        <StopStateBadge state={view.state} waiting={view.waiting} />
      </div>
      {recorded.length > 0 && (
        <div className="drv-note drv-note--success" role="status">
          {recorded.map((text, i) => (
            <p key={i}>
              {text}
              {queue.online ? '.' : '; it is kept on this phone and sent when the network is back.'}
            </p>
          ))}
        </div>
      )}
      <section className="drv-card" aria-label="Stop details">
        <StopDetails stop={stop} linesOpen />
        {stop.last && (
          <p className="drv-last">
            Last recorded: {STOP_STATE_LABELS[stop.last.outcome]} at {formatTime(stop.last.at)}
            {stop.last.receiverName ? `, received by ${stop.last.receiverName}` : ''}
            {stop.last.reason ? ` (${stop.last.reason})` : ''}
          </p>
        )}
      </section>
      {!done && <CompleteForm key={view.state} stop={stop} onRecorded={onCompleted} />}
      <CollectForm key={`collect-${recorded.length}`} stop={stop} onRecorded={note} />
      <Link className="drv-button" to={DRIVER_PATHS.day}>
        Back to today&apos;s stops
      </Link>
    </>
  );
}
