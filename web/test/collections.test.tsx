import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Collection } from '@bo/shared';
import { collectionFiltersOf } from '../src/pages/payments/collections/collections-config';
import { fakeApi, makeSession, makeUser, preloadLazyModules, renderApp } from './helpers';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/payments/collections/CollectionsPage'),
    import('../src/pages/payments/collections/RejectCollectionModal'),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SALES = makeSession({ userId: 'u-sales', roles: ['SALES'] });

const makeCollection = (overrides: Partial<Collection> = {}): Collection => ({
  id: 'col-1',
  orderId: 'o-1',
  orderNum: '1001',
  customerId: 'c-1',
  customerName: 'Green Leaf',
  driverId: 'u-dora',
  driverName: 'Dora Driver',
  day: '2026-03-05',
  method: 'CASH',
  amount: 120,
  at: '2026-03-05T14:05:00.000Z',
  balanceAtCollection: 240,
  status: 'PENDING',
  ...overrides,
});

const CASH = makeCollection();
const CHECK = makeCollection({
  id: 'col-2',
  orderId: 'o-2',
  orderNum: '1002',
  customerName: 'Harbor View',
  method: 'CHECK',
  checkNumber: '5521',
  amount: 80,
  balanceAtCollection: 80,
});

function setup(initial: Collection[] = [CASH, CHECK]) {
  let collections = initial;
  const decide = (id: string, change: Partial<Collection>) => {
    const found = collections.find((c) => c.id === id)!;
    collections = collections.filter((c) => c.id !== id);
    return { body: { ...found, ...change } };
  };
  const api = fakeApi()
    .on('GET', `/api/db/users/getById/${SALES.userId}`, { body: makeUser({ id: SALES.userId, role: SALES.roles }) })
    .on('GET', '/api/db/deliveries/collections', (call) => ({
      body: call.query.get('status') === 'PENDING' ? collections : [],
    }))
    .on('POST', '/api/db/deliveries/confirmCollection/col-1', () =>
      decide('col-1', { status: 'CONFIRMED', paymentId: 'pay-1' }),
    )
    .on('POST', '/api/db/deliveries/rejectCollection/col-2', (call) =>
      decide('col-2', { status: 'REJECTED', rejectReason: (call.body as { reason: string }).reason }),
    );
  return api;
}

describe('Collections to confirm', () => {
  it('lists the waiting collections with driver, day, order, method, check number, amount and balance', async () => {
    const api = setup();
    renderApp('/payments/collections', SALES);
    const table = await screen.findByRole('table', { name: 'Collections' });
    await within(table).findByText('Harbor View');
    const call = api.callsTo('GET', '/api/db/deliveries/collections')[0]!;
    expect(call.query.get('status')).toBe('PENDING');
    expect(call.query.has('day')).toBe(false);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const check = rows.find((r) => within(r).queryByText('Harbor View'))!;
    for (const text of ['Dora Driver', 'Mar 5, 2026', 'Check #5521', '$80.00'])
      expect(within(check).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(check).getByRole('link', { name: /^1002/ })).toHaveAttribute('href', '/orders/1002');
    const cash = rows.find((r) => within(r).queryByText('Green Leaf'))!;
    expect(within(cash).getByText('$120.00')).toBeInTheDocument();
    expect(within(cash).getByText('$240.00')).toBeInTheDocument();
  });

  it('confirms a collection after asking, then refreshes the list', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/payments/collections', SALES);
    await user.click(await screen.findByRole('button', { name: 'Confirm collection for order 1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm collection' });
    expect(within(dialog).getByText(/as a payment\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/db/deliveries/confirmCollection/col-1')).toHaveLength(1));
    expect(await screen.findByText('Collection for order 1001 confirmed: it is now a payment')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Confirm collection for order 1001' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('GET', '/api/db/deliveries/collections').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's reason when the balance changed (409) and keeps the collection", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const message =
      "The order's balance changed since the driver collected: it was $240.00 and is now $100.00. Record the money as a payment by hand, or reject it.";
    setup().on('POST', '/api/db/deliveries/confirmCollection/col-1', { status: 409, body: { message } });
    renderApp('/payments/collections', SALES);
    await user.click(await screen.findByRole('button', { name: 'Confirm collection for order 1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm collection' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm collection for order 1001' })).toBeInTheDocument();
  });

  it('rejects a collection only with a reason', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/payments/collections', SALES);
    await user.click(await screen.findByRole('button', { name: 'Reject collection for order 1002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject collection' });
    expect(within(dialog).getByText(/Check #5521/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the collection is rejected')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/db/deliveries/rejectCollection/col-2')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox'), 'Check bounced');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/db/deliveries/rejectCollection/col-2')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/deliveries/rejectCollection/col-2')[0]!.body).toEqual({
      reason: 'Check bounced',
    });
    expect(await screen.findByText('Collection for order 1002 rejected')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject collection' })).not.toBeInTheDocument());
  });

  it('filters by status and day from the address', async () => {
    const user = userEvent.setup();
    const api = setup();
    const { router } = renderApp('/payments/collections?day=2026-03-05', SALES);
    await screen.findByRole('table', { name: 'Collections' });
    await waitFor(() => expect(api.callsTo('GET', '/api/db/deliveries/collections')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/db/deliveries/collections')[0]!.query.get('day')).toBe('2026-03-05');

    await user.click(screen.getByRole('button', { name: 'Confirmed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=CONFIRMED&day=2026-03-05'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/db/deliveries/collections').at(-1)!.query.get('status')).toBe('CONFIRMED'),
    );
    expect(await screen.findByText('No collections')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirm collection/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Any day' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=CONFIRMED'));
  });

  it("says when nothing is waiting, and reads the address's filters safely", async () => {
    setup([]);
    renderApp('/payments/collections', SALES);
    expect(await screen.findByText('Nothing is waiting to be confirmed.')).toBeInTheDocument();
    expect(collectionFiltersOf(new URLSearchParams('status=BOGUS&day=nope'))).toEqual({ status: 'PENDING', day: '' });
  });

  it('is not for INVENTORY', async () => {
    const inventory = makeSession({ userId: 'u-inv', roles: ['INVENTORY'] });
    fakeApi().on('GET', '/api/db/users/getById/u-inv', { body: makeUser({ id: 'u-inv', role: ['INVENTORY'] }) });
    renderApp('/payments/collections', inventory);
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
  });
});
