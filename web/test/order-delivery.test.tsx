import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Collection, DeliveryRecord, Order, OrderDeliveries } from '@bo/shared';
import { SALES } from './brands-fixtures';
import { fakeApi, makeSession, makeUser, preloadLazyModules, renderApp } from './helpers';
import { makeOrder as makeEditableOrder, orderApi } from './order-builder-fixtures';
import { makeItem, makeOrder } from './order-list-fixtures';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/orders/OrderPage'),
    import('../src/pages/orders/OrderReadOnlyView'),
    import('../src/pages/orders/delivery-proof/OrderDeliverySection'),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const INVENTORY = makeSession({ userId: 'u-inv', roles: ['INVENTORY'] });

const ORDER = makeOrder({
  id: 'o-1',
  orderNum: '1007',
  orderStatus: 'DELIVERED',
  orderedItems: [makeItem({ id: 'i-1', productName: 'Blue Dream', quantity: 4 })],
});

const record = (overrides: Partial<DeliveryRecord> = {}): DeliveryRecord => ({
  id: 'r-1',
  orderId: 'o-1',
  orderNum: '1007',
  driverId: 'u-dora',
  driverName: 'Dora Driver',
  outcome: 'DELIVERED',
  at: '2026-03-05T14:05:00.000Z',
  recordedAt: '2026-03-05T14:06:00.000Z',
  hasPhoto: false,
  hasSignature: false,
  ...overrides,
});

const NOBODY = record({ id: 'r-0', outcome: 'NOBODY_THERE', reason: 'Shop closed', at: '2026-03-05T10:00:00.000Z' });
const PARTIAL = record({
  outcome: 'PARTIAL',
  receiverName: 'Maria Lopez',
  note: 'Left at the back door',
  position: { latitude: 45.5231, longitude: -122.6765 },
  notDelivered: [{ lineId: 'i-1', sku: 'ACM-FLO-0001', name: 'Blue Dream', quantity: 2 }],
  returnId: 'ret-1',
  hasPhoto: true,
  hasSignature: true,
});

const COLLECTION: Collection = {
  id: 'col-1',
  orderId: 'o-1',
  orderNum: '1007',
  customerId: 'c-1',
  customerName: 'Green Leaf',
  driverId: 'u-dora',
  driverName: 'Dora Driver',
  day: '2026-03-05',
  method: 'CHECK',
  checkNumber: '5521',
  amount: 120,
  at: '2026-03-05T14:07:00.000Z',
  balanceAtCollection: 240,
  status: 'PENDING',
};

/** The read-only order page's API; proof links change on every answer, as presigned links do. */
function setup(
  order: Order = ORDER,
  deliveries: Omit<OrderDeliveries, 'records'> & { records: DeliveryRecord[] } = {
    records: [NOBODY, PARTIAL],
    collections: [COLLECTION],
  },
) {
  let answers = 0;
  return fakeApi()
    .on('GET', `/api/db/users/getById/${INVENTORY.userId}`, {
      body: makeUser({ id: INVENTORY.userId, role: INVENTORY.roles }),
    })
    .on('GET', `/api/db/orders/getByID/${order.orderNum}`, { body: { res: order } })
    .on('GET', '/api/db/orders/getLocations', { body: [] })
    .on('GET', '/api/db/returns/getByOrder/o-1', { body: [] })
    .on('GET', `/api/db/deliveries/getByOrder/${order.id}`, () => {
      answers += 1;
      return {
        body: {
          ...deliveries,
          records: deliveries.records.map((r) => ({
            ...r,
            ...(r.hasPhoto ? { photoUrl: `https://docs.example.com/proof/${r.id}-photo.jpg?sig=${answers}` } : {}),
            ...(r.hasSignature
              ? { signatureUrl: `https://docs.example.com/proof/${r.id}-sign.png?sig=${answers}` }
              : {}),
          })),
        },
      };
    });
}

describe("An order's Delivery section", () => {
  it('shows each record with its proof, where it happened, what was not delivered, and the money collected', async () => {
    setup();
    renderApp('/orders/1007', INVENTORY);
    const section = await screen.findByTestId('order-delivery');
    const photo = await within(section).findByRole('img', { name: 'Delivery photo, order 1007' });
    expect(photo).toHaveAttribute('src', 'https://docs.example.com/proof/r-1-photo.jpg?sig=1');
    expect(within(section).getByRole('img', { name: 'Signature by Maria Lopez, order 1007' })).toHaveAttribute(
      'src',
      'https://docs.example.com/proof/r-1-sign.png?sig=1',
    );

    const [latest, earlier] = within(section).getAllByTestId('delivery-record');
    expect(within(latest!).getByText('Partly delivered')).toBeInTheDocument();
    expect(within(latest!).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(latest!).getByText('Left at the back door')).toBeInTheDocument();
    expect(within(latest!).getByRole('link', { name: /45\.52310, -122\.67650/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=45.5231,-122.6765',
    );
    expect(within(latest!).getByText(/2 × Blue Dream/)).toBeInTheDocument();
    expect(within(latest!).getByRole('link', { name: 'Taken back into stock: see the return' })).toBeInTheDocument();
    expect(within(earlier!).getByText('Nobody there')).toBeInTheDocument();
    expect(within(earlier!).getByText('Shop closed')).toBeInTheDocument();

    const money = within(section).getByRole('table', { name: 'Money collected' });
    expect(within(money).getByText('$120.00 check #5521')).toBeInTheDocument();
    expect(within(money).getByText('To confirm')).toBeInTheDocument();
  });

  it('asks for fresh links when a proof image fails to load, once, then offers to load it again', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/orders/1007', INVENTORY);
    const calls = () => api.callsTo('GET', '/api/db/deliveries/getByOrder/o-1').length;
    let photo = await screen.findByRole('img', { name: 'Delivery photo, order 1007' });
    fireEvent.error(photo);
    await waitFor(() => expect(calls()).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Delivery photo, order 1007' })).toHaveAttribute(
        'src',
        'https://docs.example.com/proof/r-1-photo.jpg?sig=2',
      ),
    );
    photo = screen.getByRole('img', { name: 'Delivery photo, order 1007' });
    fireEvent.error(photo);
    expect(await screen.findByText('The image could not be loaded.')).toBeInTheDocument();
    expect(calls()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Load again' }));
    await waitFor(() => expect(calls()).toBe(3));
    expect(await screen.findByRole('img', { name: 'Delivery photo, order 1007' })).toHaveAttribute(
      'src',
      'https://docs.example.com/proof/r-1-photo.jpg?sig=3',
    );
  });

  it('says when nothing is recorded yet', async () => {
    setup(ORDER, { records: [], collections: [] });
    renderApp('/orders/1007', INVENTORY);
    expect(await screen.findByText(/Nothing recorded yet/)).toBeInTheDocument();
  });

  it('is not asked for on a pickup order', async () => {
    const api = setup(makeOrder({ ...ORDER, pickupOrder: true }));
    renderApp('/orders/1007', INVENTORY);
    expect(await screen.findByText('Blue Dream')).toBeInTheDocument();
    expect(screen.queryByTestId('order-delivery')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/db/deliveries/getByOrder/o-1')).toHaveLength(0);
  });

  it('shows in the editor too, for SALES', async () => {
    const order = makeEditableOrder({ orderNum: '1042', orderStatus: 'DELIVERED', paymentStatus: 'AWAITING' });
    orderApi()
      .on('GET', '/api/db/orders/getByID/1042', { body: { res: order } })
      .on('GET', '/api/db/deliveries/getByOrder/o-1', {
        body: { records: [record({ receiverName: 'Maria Lopez' })], collections: [] },
      });
    renderApp('/orders/1042', SALES);
    const section = await screen.findByTestId('order-delivery');
    expect(await within(section).findByText('Maria Lopez')).toBeInTheDocument();
    expect(within(section).getByText('Delivered')).toBeInTheDocument();
  });
});
