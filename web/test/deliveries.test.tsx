import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@bo/shared';
import { fakeApi, makeSession, preloadLazyModules, renderApp } from './helpers';
import { makeItem, makeOrder } from './order-list-fixtures';
import { summarizeLines } from '../src/pages/deliveries/deliveries-config';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([import('../src/pages/deliveries/DeliveriesPage')]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DRIVER = makeSession({ userId: 'u-driver', name: 'Dora Driver', roles: ['DRIVER'] });

const LATER = makeOrder({
  id: 'o-2',
  orderNum: '1002',
  customer: { customerName: 'Harbor View' },
  deliveryDate: '2026-03-09',
  packingLocationId: '2',
  unitQuantity: 9,
  notes: 'Back door',
  orderedItems: [
    makeItem({ id: 'i-1', productSku: 'A', productName: 'Blue Dream', quantity: 4, productBatchId: 'b1' }),
    makeItem({ id: 'i-2', productSku: 'A', productName: 'Blue Dream', quantity: 2, productBatchId: null }),
    makeItem({ id: 'i-3', productSku: 'B', productName: 'Gelato', quantity: 3 }),
  ],
});
const SOONER = makeOrder({ id: 'o-1', orderNum: '1001', deliveryDate: '2026-03-05', packingLocationId: '1' });
const LOCATIONS = [
  { id: '1', name: 'Main warehouse', color: '#4e79a7', isDefault: true },
  { id: '2', name: 'North dock', color: '#f28e2b', isDefault: false },
];

function setup(initial: Order[] = [LATER, SOONER]) {
  let deliveries = initial;
  const api = fakeApi()
    .on('GET', '/api/db/orders/getMyDeliveries', () => ({ body: deliveries }))
    .on('GET', '/api/db/orders/getLocations', { body: LOCATIONS })
    .on('PUT', '/api/db/orders/setStatus/o-1', (call) => {
      deliveries = deliveries.filter((o) => o.id !== 'o-1');
      return { body: { ...SOONER, ...(call.body as object) } };
    });
  return api;
}

describe('My deliveries', () => {
  it('offers the driver’s phone app, a page of its own (a full load, not a route here)', async () => {
    setup();
    renderApp('/deliveries', DRIVER);
    expect(await screen.findByRole('link', { name: 'Open the driver app' })).toHaveAttribute('href', '/driver');
  });

  it('lists the driver’s open deliveries, earliest first, with location, units and products', async () => {
    setup();
    renderApp('/deliveries', DRIVER);
    const cards = await screen.findByRole('list', { name: 'My deliveries' });
    await within(cards).findByText('Harbor View');
    const items = within(cards)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === cards);
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: /^1001/ })).toHaveAttribute('href', '/orders/1001');
    expect(within(items[0]!).getByRole('link', { name: /^1001/ })).toHaveAttribute('target', '_blank');
    expect(within(items[0]!).getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(await within(items[0]!).findByText('Main warehouse')).toBeInTheDocument();
    expect(within(items[1]!).getByText('North dock')).toBeInTheDocument();
    expect(within(items[1]!).getByText('9')).toBeInTheDocument();
    expect(within(items[1]!).getByText('6 × Blue Dream')).toBeInTheDocument();
    expect(within(items[1]!).getByText('3 × Gelato')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Back door')).toBeInTheDocument();
  });

  it('marks a delivery delivered after confirmation, then refreshes the list', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/deliveries', DRIVER);
    await user.click(await screen.findByRole('button', { name: 'Mark delivered: order 1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark delivered' });
    expect(within(dialog).getByText(/as delivered\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/orders/setStatus/o-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/orders/setStatus/o-1')[0]!.body).toEqual({
      orderStatus: 'DELIVERED',
      modifiedOn: SOONER.modifiedOn,
    });
    expect(await screen.findByText('Order 1001 marked delivered')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark delivered: order 1001' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Mark delivered: order 1002' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/db/orders/getMyDeliveries').length).toBeGreaterThanOrEqual(2);
  });

  it('does nothing when the confirmation is cancelled, and shows a refused change in the dialog', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = setup().on('PUT', '/api/db/orders/setStatus/o-1', {
      status: 409,
      body: { message: 'The order changed since you loaded it' },
    });
    renderApp('/deliveries', DRIVER);
    await user.click(await screen.findByRole('button', { name: 'Mark delivered: order 1001' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mark delivered' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('PUT', '/api/db/orders/setStatus/o-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark delivered: order 1001' }));
    dialog = await screen.findByRole('dialog', { name: 'Mark delivered' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(await within(dialog).findByText('The order changed since you loaded it')).toBeInTheDocument();
  });

  it("shows 'No deliveries assigned to you'", async () => {
    setup([]);
    renderApp('/deliveries', DRIVER);
    expect(await screen.findByText('No deliveries assigned to you')).toBeInTheDocument();
  });

  it('sums the lines of one product over its batches', () => {
    expect(summarizeLines(LATER.orderedItems)).toEqual([
      { sku: 'A', name: 'Blue Dream', quantity: 6 },
      { sku: 'B', name: 'Gelato', quantity: 3 },
    ]);
    expect(summarizeLines([makeItem({ quantity: 0 })])).toEqual([]);
  });
});
