import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dayResult, makeDay, makeEntry, makeStop, queueResult, renderDriver, DRIVER_SESSION } from './driver-fixtures';
import { offline } from './driver-offline-mock';

vi.mock('../src/driver/offline', () => import('./driver-offline-mock'));

const FIRST = makeStop({ orderId: 'o-1', orderNum: '1001', position: 1, notes: 'Ring twice' });
const SECOND = makeStop({
  orderId: 'o-2',
  orderNum: '1002',
  position: 2,
  customer: { customerId: 'c-2', customerName: 'Harbor View', address: '5 Pier St, Astoria' },
  packingLocation: { id: '2', name: 'North dock' },
  amountDue: 0,
});
const THIRD = makeStop({ orderId: 'o-3', orderNum: '1003', position: 3, state: 'NOBODY_THERE' });

beforeEach(() => {
  offline.enqueue.mockClear();
  offline.state.today = dayResult(makeDay([FIRST, SECOND, THIRD]));
  offline.state.queue = queueResult();
});

const stopList = () => screen.findByRole('list', { name: "Today's stops" });
const orderOfCards = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === list)
    .map((li) => li.getAttribute('data-order'));

describe("the driver's stops", () => {
  it('lists the stops in route order with address, contact, packing location, units, amount due and notes', async () => {
    renderDriver('/driver');
    const list = await stopList();
    expect(orderOfCards(list)).toEqual(['1001', '1002', '1003']);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: 'Stop 1: order 1001, Customer 1001' })).toHaveAttribute(
      'href',
      '/driver/stop/o-1',
    );
    expect(within(first).getByRole('link', { name: '12 Harbor Road, Portland, OR' })).toHaveAttribute(
      'href',
      'https://maps.google.com/?q=12%20Harbor%20Road%2C%20Portland%2C%20OR',
    );
    expect(within(first).getByRole('link', { name: 'Call Pat Buyer' })).toHaveAttribute('href', 'tel:5035550100');
    expect(within(first).getByText('Main warehouse')).toBeInTheDocument();
    expect(within(first).getByText('$120.00')).toBeInTheDocument();
    expect(within(first).getByText('Ring twice')).toBeInTheDocument();
    expect(within(first).getByText('2 lines')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: 'Lines of order 1001' })).toHaveTextContent('4 × Blue Dream');
    expect(within(first).getByText('To deliver')).toBeInTheDocument();
    expect(within(list).getByText('Nobody there')).toBeInTheDocument();
    expect(screen.getByText(/1 of 3 stops done/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toBeDefined();
  });

  it('moves a stop down and up: the list follows at once and each new order is queued', async () => {
    const user = userEvent.setup();
    renderDriver('/driver');
    const list = await stopList();
    expect(screen.getByRole('button', { name: 'Move order 1001 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move order 1003 down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move order 1001 down' }));
    expect(orderOfCards(list)).toEqual(['1002', '1001', '1003']);
    expect(offline.enqueue).toHaveBeenLastCalledWith(DRIVER_SESSION.userId, {
      kind: 'routeOrder',
      body: { day: '2026-11-27', orderIds: ['o-2', 'o-1', 'o-3'] },
    });
    // The moved stop keeps the focus, and its new place is announced.
    expect(screen.getByRole('button', { name: 'Move order 1001 down' })).toHaveFocus();
    expect(screen.getByText('Order 1001 is now stop 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move order 1003 up' }));
    expect(orderOfCards(list)).toEqual(['1002', '1003', '1001']);
    expect(offline.enqueue).toHaveBeenLastCalledWith(DRIVER_SESSION.userId, {
      kind: 'routeOrder',
      body: { day: '2026-11-27', orderIds: ['o-2', 'o-3', 'o-1'] },
    });
    expect(offline.enqueue).toHaveBeenCalledTimes(2);
  });

  it('marks a stop whose action is still on the phone, and lists the queue with its refusals to dismiss', async () => {
    const user = userEvent.setup();
    const delivered = makeStop({ ...FIRST, state: 'DELIVERED' });
    offline.state.today = dayResult(makeDay([delivered, SECOND, THIRD]));
    const waiting = makeEntry({
      kind: 'complete',
      orderId: 'o-1',
      orderNum: '1001',
      body: { outcome: 'DELIVERED', at: '2026-11-27T10:00:00.000Z', modifiedOn: FIRST.modifiedOn },
    });
    const refused = makeEntry(
      {
        kind: 'collect',
        orderId: 'o-3',
        orderNum: '1003',
        body: { method: 'CASH', amount: 500, at: '2026-11-27T10:05:00.000Z' },
      },
      { state: 'conflict', error: 'The amount is more than the balance of $120.00' },
    );
    offline.state.queue = queueResult([waiting, refused]);
    renderDriver('/driver');
    const list = await stopList();
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Delivered')).toBeInTheDocument();
    expect(within(first).getByText('Waiting to send')).toBeInTheDocument();

    const queue = screen.getByRole('region', { name: 'Send queue' });
    expect(within(queue).getByRole('button', { name: '1 waiting to send' })).toHaveAttribute('aria-expanded', 'true');
    const entries = within(queue).getByRole('list', { name: 'Actions on this phone' });
    expect(entries).toHaveTextContent('Delivered: order 1001');
    expect(entries).toHaveTextContent('Cash $500.00: order 1003');
    expect(entries).toHaveTextContent('The amount is more than the balance of $120.00');
    await user.click(within(queue).getByRole('button', { name: 'Dismiss: Cash $500.00: order 1003' }));
    expect(offline.state.queue.dismiss).toHaveBeenCalledWith(refused.id);
    await user.click(within(queue).getByRole('button', { name: 'Send now' }));
    expect(offline.state.queue.flushNow).toHaveBeenCalled();
  });

  it('says when it is offline and shows the copy kept on the phone', async () => {
    offline.state.today = dayResult(makeDay([FIRST]), { fromCache: true, savedAt: '2026-11-27T07:30:00.000Z' });
    offline.state.queue = queueResult([], { online: false });
    renderDriver('/driver');
    await stopList();
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByText(/Showing the copy on this phone from/)).toBeInTheDocument();
  });

  it('shows loading, then an error with a retry, and an empty day', async () => {
    const user = userEvent.setup();
    offline.state.today = dayResult(undefined);
    const view = renderDriver('/driver');
    expect(await screen.findByText("Loading today's stops…")).toBeInTheDocument();

    const refetch = vi.fn();
    offline.state.today = dayResult(undefined, { isPending: false, error: new Error('Server is down'), refetch });
    view.rerender(<></>);
    view.unmount();
    renderDriver('/driver');
    expect(await screen.findByRole('alert')).toHaveTextContent("Could not load today's stops. Server is down");
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('has no stops to show on an empty day', async () => {
    offline.state.today = dayResult(makeDay([]));
    renderDriver('/driver');
    expect(await screen.findByText('No stops today.')).toBeInTheDocument();
  });

  it('turns away a user without the DRIVER role, towards the back office', async () => {
    renderDriver('/driver', { ...DRIVER_SESSION, roles: ['SALES'] });
    expect(await screen.findByRole('heading', { name: 'The driver app is for drivers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the back office' })).toHaveAttribute('href', '/');
  });

  it('signs a driver in with a plain form that says what is missing', async () => {
    const user = userEvent.setup();
    renderDriver('/driver', null);
    expect(await screen.findByRole('heading', { name: 'Driver sign-in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
