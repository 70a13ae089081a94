import { act, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeSession, preloadLazyModules, renderApp } from './helpers';
import { makeSummary } from './purchase-order-fixtures';
import { listQueryFor } from '../src/pages/purchases/purchases-config';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([import('../src/pages/purchases/PurchaseOrdersPage')]);
});
afterEach(() => vi.unstubAllGlobals());

const PURCHASING = makeSession({ userId: 'u-pur', roles: ['PURCHASING'] });
const INVENTORY = makeSession({ userId: 'u-inv', roles: ['INVENTORY'] });
const SALES = makeSession({ userId: 'u-sales', roles: ['SALES'] });

const BRANDS = [
  { id: 'b-acme', name: 'Acme' },
  { id: 'b-bolt', name: 'Bolt' },
];
const ORDERS = [
  makeSummary(),
  makeSummary({
    id: 'po-2',
    purchaseOrderNum: '2002',
    brandID: 'b-bolt',
    brand: undefined,
    orderStatus: 'RECEIVED',
    paymentStatus: 'PAID',
    orderPlacedOn: '2026-03-05T09:00:00.000Z',
    expectedDeliveryOn: null,
    unitQuantity: 40,
    total: 310.25,
    lineCount: 3,
    stockedLineCount: 3,
  }),
];
/** As INVENTORY gets them: the API leaves the total out for roles that may not see cost. */
const REDACTED = ORDERS.map(({ total: _total, ...order }) => order);

function setup(orders: unknown = ORDERS, status = 200) {
  return fakeApi()
    .on('GET', '/api/db/brands/getAll', { body: { res: BRANDS } })
    .on('GET', '/api/db/purchases/getAll', { status, body: status === 200 ? orders : { message: 'Boom' } });
}

function typeToken(text: string) {
  const filter = createWrapper().findPropertyFilter()!;
  act(() => filter.setInputValue(text));
  act(() => filter.findNativeInput().keydown(13));
}

describe('Purchase Orders page', () => {
  it('lists the purchase orders of the last 90 days with brand, statuses, units, stocked lines and total', async () => {
    const api = setup();
    renderApp('/purchases', PURCHASING);
    const table = await screen.findByRole('grid', { name: 'Purchase orders' });
    expect(await within(table).findByText('Bolt')).toBeInTheDocument();
    expect(within(table).getByText('Acme')).toBeInTheDocument();
    expect(within(table).getByText('Ordered')).toBeInTheDocument();
    expect(within(table).getByText('Received')).toBeInTheDocument();
    expect(within(table).getByText('Mar 9, 2026')).toBeInTheDocument();
    expect(within(table).getByText('1 / 5')).toBeInTheDocument();
    expect(within(table).getByText('3 / 3')).toBeInTheDocument();
    expect(within(table).getByText('$310.25')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '2001' })).toHaveAttribute('href', '/purchases/2001');
    // Newest placed first.
    const numbers = within(table)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(numbers).toEqual(['2002', '2001']);

    const [call] = api.callsTo('GET', '/api/db/purchases/getAll');
    const days = (Date.parse(call!.query.get('to')!) - Date.parse(call!.query.get('from')!)) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    expect(call!.query.get('brandId')).toBeNull();
    expect(screen.getByRole('button', { name: 'New purchase order' })).toBeInTheDocument();
  });

  it('asks the server for one brand or status when the filter pins it, and still filters in the browser', async () => {
    const api = setup();
    renderApp('/purchases', PURCHASING);
    const table = await screen.findByRole('grid', { name: 'Purchase orders' });
    await within(table).findByText('Bolt');
    typeToken('Brand = Bolt');
    await waitFor(() => expect(within(table).queryByText('Acme')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/db/purchases/getAll').some((c) => c.query.get('brandId') === 'b-bolt')).toBe(
        true,
      ),
    );
    expect(within(table).getByText('Bolt')).toBeInTheDocument();
  });

  it('builds the list query from the range and the pinned brand and status only', () => {
    const interval = { from: '2026-01-01T00:00:00.000Z', to: '2026-03-31T23:59:59.999Z' };
    const ids = new Map([['Acme', 'b-acme']]);
    const token = (propertyKey: string, value: string, operator = '=') => ({ propertyKey, value, operator });
    expect(listQueryFor(interval, { operation: 'and', tokens: [] }, ids)).toEqual(interval);
    expect(
      listQueryFor(
        interval,
        { operation: 'and', tokens: [token('brandName', 'Acme'), token('orderStatus', 'PENDING')] },
        ids,
      ),
    ).toEqual({ ...interval, brandId: 'b-acme', status: 'PENDING' });
    // "or", "!=", two brands, or an unknown brand read the whole range.
    expect(listQueryFor(interval, { operation: 'or', tokens: [token('brandName', 'Acme')] }, ids)).toEqual(interval);
    expect(listQueryFor(interval, { operation: 'and', tokens: [token('brandName', 'Acme', '!=')] }, ids)).toEqual(
      interval,
    );
    expect(
      listQueryFor(
        interval,
        { operation: 'and', tokens: [token('brandName', 'Acme'), token('brandName', 'Bolt')] },
        ids,
      ),
    ).toEqual(interval);
    expect(listQueryFor(interval, { operation: 'and', tokens: [token('brandName', 'Nope')] }, ids)).toEqual(interval);
  });

  it('shows INVENTORY no total and no New purchase order button', async () => {
    setup(REDACTED);
    renderApp('/purchases', INVENTORY);
    const table = await screen.findByRole('grid', { name: 'Purchase orders' });
    await within(table).findByText('Bolt');
    expect(within(table).queryByRole('columnheader', { name: /Total/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New purchase order' })).not.toBeInTheDocument();
  });

  it('shows the error with Retry, and the empty state', async () => {
    setup(undefined, 500);
    const { unmount } = renderApp('/purchases', PURCHASING);
    expect(await screen.findByText('Error loading purchase orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    unmount();

    setup([]);
    renderApp('/purchases', PURCHASING);
    expect(await screen.findByText('No purchase orders found')).toBeInTheDocument();
  });

  it('is not offered to SALES', async () => {
    const api = setup();
    renderApp('/purchases', SALES);
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/db/purchases/getAll')).toEqual([]);
  });
});
