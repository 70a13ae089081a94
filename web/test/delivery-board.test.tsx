import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliveryBoard } from '@bo/shared';
import { today } from '../src/format/today';
import { boardDayOf, driverSummary, inRouteOrder } from '../src/pages/delivery-board/delivery-board-config';
import { fakeApi, makeSession, makeUser, preloadLazyModules, renderApp } from './helpers';

beforeAll(async () => {
  await preloadLazyModules();
  await import('../src/pages/delivery-board/DeliveryBoardPage');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const INVENTORY = makeSession({ userId: 'u-inv', roles: ['INVENTORY'] });
const SALES = makeSession({ userId: 'u-sales', roles: ['SALES'] });

const BOARD: DeliveryBoard = {
  day: '2026-03-05',
  drivers: [
    {
      driverId: 'u-dora',
      name: 'Dora Driver',
      stops: [
        {
          orderId: 'o-2',
          orderNum: '1002',
          customerName: 'Harbor View',
          position: 2,
          state: 'NOBODY_THERE',
          at: '2026-03-05T15:10:00.000Z',
          reason: 'Shop closed',
          amountDue: 80,
        },
        {
          orderId: 'o-1',
          orderNum: '1001',
          customerName: 'Green Leaf',
          position: 1,
          state: 'DELIVERED',
          at: '2026-03-05T14:05:00.000Z',
          amountDue: 0,
        },
        { orderId: 'o-3', orderNum: '1003', customerName: 'Blue Barn', position: 3, state: 'TODO', amountDue: 125.5 },
      ],
      cash: 240,
      checksTotal: 60,
      pendingCollections: 2,
    },
    {
      driverId: 'u-dan',
      name: 'Dan Driver',
      stops: [
        { orderId: 'o-4', orderNum: '1004', customerName: 'Sun Co', position: 1, state: 'PARTIAL', amountDue: 10 },
      ],
      cash: 0,
      checksTotal: 0,
      pendingCollections: 0,
    },
    // A driver without stops that day is left out.
    { driverId: 'u-idle', name: 'Ida Idle', stops: [], cash: 0, checksTotal: 0, pendingCollections: 0 },
  ],
};

function setup(session = INVENTORY, reply: () => { status?: number; body?: unknown } = () => ({ body: BOARD })) {
  return fakeApi()
    .on('GET', `/api/db/users/getById/${session.userId}`, {
      body: makeUser({ id: session.userId, role: session.roles }),
    })
    .on('GET', '/api/db/deliveries/board', reply);
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('Deliveries board', () => {
  it("shows each driver's stops in route order with their state, time, reason and amount due", async () => {
    const api = setup();
    renderApp('/delivery-board', INVENTORY);
    const dora = await screen.findByRole('table', { name: 'Stops of Dora Driver' });
    // No day in the address: the API's today.
    expect(api.callsTo('GET', '/api/db/deliveries/board')[0]!.query.has('day')).toBe(false);
    expect(screen.getByText('Mar 5, 2026')).toBeInTheDocument();

    const rows = rowsOf(dora);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2', '3']);
    expect(within(rows[0]!).getByRole('link', { name: /^1001/ })).toHaveAttribute('href', '/orders/1001');
    expect(within(rows[0]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Nobody there')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Shop closed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$80.00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('To deliver')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('$125.50')).toBeInTheDocument();
    expect(screen.getByText('1 delivered · 1 exception · 1 to deliver')).toBeInTheDocument();

    const money = screen.getByTestId('board-driver-u-dora');
    expect(within(money).getByText('$240.00')).toBeInTheDocument();
    expect(within(money).getByText('$60.00')).toBeInTheDocument();
    // INVENTORY may not open the collections page: the count is text, not a link.
    expect(within(money).getByText('2 collections')).toBeInTheDocument();
    expect(within(money).queryByRole('link', { name: '2 collections' })).not.toBeInTheDocument();

    const dan = screen.getByRole('table', { name: 'Stops of Dan Driver' });
    expect(within(dan).getByText('Partly delivered')).toBeInTheDocument();
    expect(screen.queryByText('Ida Idle')).not.toBeInTheDocument();
  });

  it('reads the day from the address, and links SALES to that day’s collections', async () => {
    const api = setup(SALES);
    renderApp('/delivery-board?day=2026-03-05', SALES);
    const link = await screen.findByRole('link', { name: '2 collections' });
    expect(link).toHaveAttribute('href', '/payments/collections?day=2026-03-05');
    expect(api.callsTo('GET', '/api/db/deliveries/board')[0]!.query.get('day')).toBe('2026-03-05');
    expect(screen.getByText('Mar 5, 2026')).toBeInTheDocument();
  });

  it('goes back to today from another day', async () => {
    const user = userEvent.setup();
    const api = setup();
    const { router } = renderApp('/delivery-board?day=2026-03-05', INVENTORY);
    await screen.findByRole('table', { name: 'Stops of Dora Driver' });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/db/deliveries/board').some((c) => !c.query.has('day'))).toBe(true),
    );
  });

  it("says 'No deliveries on this day'", async () => {
    setup(INVENTORY, () => ({ body: { day: today(), drivers: [] } }));
    renderApp('/delivery-board', INVENTORY);
    expect(await screen.findByText('No deliveries on this day')).toBeInTheDocument();
  });

  it('shows an error with Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = setup(INVENTORY, () => (fail ? { status: 500, body: { message: 'Board broke' } } : { body: BOARD }));
    renderApp('/delivery-board', INVENTORY);
    expect(await screen.findByText('Error loading deliveries')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Stops of Dora Driver' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/db/deliveries/board').length).toBeGreaterThanOrEqual(2);
  });

  it('is not for drivers', async () => {
    const api = setup(makeSession({ userId: 'u-driver', roles: ['DRIVER'] }));
    renderApp('/delivery-board', makeSession({ userId: 'u-driver', roles: ['DRIVER'] }));
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/db/deliveries/board')).toHaveLength(0);
  });

  it('keeps route order, ignores a day the API would refuse, and sums up a driver', () => {
    expect(inRouteOrder(BOARD.drivers[0]!.stops).map((s) => s.orderNum)).toEqual(['1001', '1002', '1003']);
    expect(boardDayOf(new URLSearchParams('day=2026-03-05'))).toBe('2026-03-05');
    expect(boardDayOf(new URLSearchParams('day=nonsense'))).toBeUndefined();
    expect(boardDayOf(new URLSearchParams(''))).toBeUndefined();
    expect(driverSummary(BOARD.drivers[1]!.stops)).toBe('1 delivered · 0 to deliver');
  });
});
