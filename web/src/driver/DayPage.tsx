import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { moveStop, routeOrder, type Stop } from '@bo/shared';
import { stopViews, type StopView } from './day-model';
import { useDriver } from './driver-context';
import { formatDriverDay, plural } from './format';
import { enqueue } from './offline';
import { DRIVER_PATHS, Link } from './router';
import { LoadError, StopDetails, StopStateBadge } from './stop-parts';

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Today's stops in route order. Up and down (or dragging a stop by its handle) change the order at once on the
 * phone and queue it for the server, like every driver action.
 */
export function DayPage() {
  const { userId, day, today, queue } = useDriver();
  const stops = today.data?.stops;
  /**
   * The order the driver just chose, shown at once over the day it was chosen on; the next day read (the
   * offline layer lays the queued order over it) replaces it.
   */
  const [chosen, setChosen] = useState<{ base: readonly Stop[]; ids: string[] } | null>(null);
  const shown = useMemo(
    () => (stops && chosen?.base === stops ? routeOrder(stops, chosen.ids) : (stops ?? [])),
    [stops, chosen],
  );
  const views = useMemo(() => stopViews(shown, queue.entries), [shown, queue.entries]);
  const [announcement, setAnnouncement] = useState('');
  const refocus = useRef<{ orderId: string; direction: 'up' | 'down' } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const list = useRef<HTMLOListElement>(null);
  const drag = useRef<{ from: number; y: number; pointerId: number; item: HTMLElement } | null>(null);

  // After a move by button the list is drawn anew: the moved stop's button keeps the focus (or its other one,
  // at the top or bottom of the list).
  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const preferred = buttons.current.get(`${target.orderId}:${target.direction}`);
    const other = buttons.current.get(`${target.orderId}:${target.direction === 'up' ? 'down' : 'up'}`);
    (preferred && !preferred.disabled ? preferred : other)?.focus();
  }, [views]);

  const move = (from: number, to: number, direction?: 'up' | 'down') => {
    const ids = shown.map((s) => s.orderId);
    const next = moveStop(ids, from, to);
    if (sameOrder(ids, next) || !stops) return;
    const moved = shown[from]!;
    setChosen({ base: stops, ids: next });
    setAnnouncement(`Order ${moved.orderNum} is now stop ${to + 1} of ${next.length}`);
    if (direction) refocus.current = { orderId: moved.orderId, direction };
    void enqueue(userId, { kind: 'routeOrder', body: { day: today.data?.day ?? day, orderIds: next } });
  };

  /**
   * Dragging a stop by its handle, with pointer events (touch, pen or mouse alike; HTML5 drag and drop does not
   * work on phones): the card follows the finger, and where it is let go among the other cards' middles is its
   * new place.
   */
  const dragging: DragHandlers = {
    start: (event, index) => {
      const item = event.currentTarget.closest('li');
      if (event.button !== 0 || !item) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      drag.current = { from: index, y: event.clientY, pointerId: event.pointerId, item };
      item.classList.add('drv-stop--dragging');
    },
    follow: (event) => {
      const d = drag.current;
      if (d?.pointerId === event.pointerId) d.item.style.transform = `translateY(${event.clientY - d.y}px)`;
    },
    end: (event) => {
      const d = drag.current;
      if (d?.pointerId !== event.pointerId) return;
      const others = [...(list.current?.children ?? [])].filter((el) => el !== d.item);
      const to = others.filter((el) => {
        const r = el.getBoundingClientRect();
        return r.top + r.height / 2 < event.clientY;
      }).length;
      dragging.cancel();
      move(d.from, to);
    },
    cancel: () => {
      const d = drag.current;
      drag.current = null;
      if (!d) return;
      d.item.style.transform = '';
      d.item.classList.remove('drv-stop--dragging');
    },
  };

  const done = views.filter((v) => v.state !== 'TODO').length;
  return (
    <>
      <div className="drv-page-head">
        <h1 tabIndex={-1}>Today&apos;s stops</h1>
        <p className="drv-page-head__sub">
          {formatDriverDay(today.data?.day ?? day)}
          {stops && stops.length > 0 ? ` · ${done} of ${plural(stops.length, 'stop')} done` : ''}
        </p>
      </div>
      <p className="drv-visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {!stops ? (
        today.error ? (
          <LoadError error={today.error} onRetry={today.refetch} what="today's stops" />
        ) : (
          <p className="drv-loading" role="status">
            Loading today&apos;s stops…
          </p>
        )
      ) : stops.length === 0 ? (
        <div className="drv-empty">
          <p>
            <strong>No stops today.</strong>
          </p>
          <p>Deliveries assigned to you for today (or late ones) show here.</p>
          <button type="button" className="drv-button" onClick={today.refetch}>
            Check again
          </button>
        </div>
      ) : (
        <>
          {today.error !== null && today.error !== undefined && (
            <LoadError error={today.error} onRetry={today.refetch} what="the latest stops" compact />
          )}
          <ol ref={list} className="drv-stops" aria-label="Today's stops">
            {views.map((view, index) => (
              <StopCard
                key={view.stop.orderId}
                view={view}
                index={index}
                count={views.length}
                onMove={move}
                drag={dragging}
                buttonRef={(direction, el) => {
                  const key = `${view.stop.orderId}:${direction}`;
                  if (el) buttons.current.set(key, el);
                  else buttons.current.delete(key);
                }}
              />
            ))}
          </ol>
        </>
      )}
    </>
  );
}

interface DragHandlers {
  start: (event: ReactPointerEvent<HTMLElement>, index: number) => void;
  follow: (event: ReactPointerEvent<HTMLElement>) => void;
  end: (event: ReactPointerEvent<HTMLElement>) => void;
  cancel: () => void;
}

interface StopCardProps {
  view: StopView;
  index: number;
  count: number;
  onMove: (from: number, to: number, direction?: 'up' | 'down') => void;
  drag: DragHandlers;
  buttonRef: (direction: 'up' | 'down', el: HTMLButtonElement | null) => void;
}

function StopCard({ view, index, count, onMove, drag, buttonRef }: StopCardProps) {
  const { stop } = view;
  return (
    <li className="drv-stop" data-state={view.state} data-order={stop.orderNum}>
      <div className="drv-stop__head">
        <span className="drv-stop__position" aria-hidden="true">
          {index + 1}
        </span>
        <h2 className="drv-stop__title">
          <Link
            to={DRIVER_PATHS.stop(stop.orderId)}
            aria-label={`Stop ${index + 1}: order ${stop.orderNum}, ${stop.customer.customerName}`}
          >
            <span className="drv-stop__customer">{stop.customer.customerName}</span>
            <span className="drv-stop__order">Order {stop.orderNum}</span>
          </Link>
        </h2>
        <StopStateBadge state={view.state} waiting={view.waiting} />
      </div>
      <StopDetails stop={stop} />
      <div className="drv-stop__actions">
        <button
          type="button"
          className="drv-button drv-button--icon"
          ref={(el) => buttonRef('up', el)}
          aria-label={`Move order ${stop.orderNum} up`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1, 'up')}
        >
          ↑
        </button>
        <button
          type="button"
          className="drv-button drv-button--icon"
          ref={(el) => buttonRef('down', el)}
          aria-label={`Move order ${stop.orderNum} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1, 'down')}
        >
          ↓
        </button>
        <span
          className="drv-stop__handle"
          aria-hidden="true"
          title="Drag to reorder"
          onPointerDown={(e) => drag.start(e, index)}
          onPointerMove={drag.follow}
          onPointerUp={drag.end}
          onPointerCancel={drag.cancel}
        >
          ⠿
        </span>
        <Link className="drv-button drv-button--primary drv-stop__open" to={DRIVER_PATHS.stop(stop.orderId)}>
          Open stop
        </Link>
      </div>
    </li>
  );
}
