import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OnOrder, Product, Role } from '@bo/shared';
import { fakeApi, holdRequests, makeSession, preloadLazyModules, renderApp } from './helpers';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([import('../src/pages/products/ProductsPage')]);
});
afterEach(() => vi.unstubAllGlobals());

const product = (overrides: Partial<Product>): Product => ({
  id: 'p-x',
  sku: 'ACM-FLO-0001',
  brandID: 'b-acme',
  brand: { name: 'Acme' },
  name: 'Product',
  typeID: 't-flower',
  type: { name: 'Flower' },
  productLineIDs: [],
  status: 'ACTIVE',
  weight: 3.5,
  stock: 10,
  pendingOutboundQuantity: 0,
  basePrice: 20,
  discountEligible: true,
  hasBatch: true,
  hideFromCatalog: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const PRODUCTS = [
  product({ id: 'p-1', name: 'Alpha Kush', sku: 'ACM-FLO-0001', pendingOutboundQuantity: 3 }),
  product({ id: 'p-2', name: 'Bravo Haze', sku: 'ACM-FLO-0002' }),
];
const ON_ORDER: OnOrder[] = [
  {
    productSku: 'ACM-FLO-0001',
    units: 1250,
    purchaseOrders: [
      { id: 'po-1', purchaseOrderNum: '2001', quantity: 1000 },
      { id: 'po-2', purchaseOrderNum: '2002', quantity: 250 },
    ],
  },
];

function open(roles: Role[]) {
  const api = fakeApi()
    .on('GET', '/api/db/products/getAll', { body: PRODUCTS })
    .on('GET', '/api/db/preferences/getFilters', { body: [] })
    .on('GET', '/api/db/purchases/getOnOrder', { body: ON_ORDER });
  renderApp('/products', makeSession({ roles }));
  return api;
}

describe('On order in the products table', () => {
  it('shows purchasing roles the units on open purchase orders beside pending, with the orders in a popover', async () => {
    const user = userEvent.setup();
    const api = open(['INVENTORY']);
    const table = await screen.findByRole('table', { name: 'Products' });
    await within(table).findByText('Alpha Kush');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.indexOf('On order')).toBe(headers.indexOf('Pending') + 1);

    await user.click(await within(table).findByRole('button', { name: 'Purchase orders of ACM-FLO-0001' }));
    const popover = await screen.findByRole('table', { name: 'Open purchase orders of ACM-FLO-0001' });
    expect(within(popover).getByRole('link', { name: /2001/ })).toHaveAttribute('href', '/purchases/2001');
    expect(within(popover).getByText('1,000')).toBeInTheDocument();
    expect(within(popover).getByText('250')).toBeInTheDocument();
    // One call for the whole table; the popover fetches nothing more.
    expect(api.callsTo('GET', '/api/db/purchases/getOnOrder')).toHaveLength(1);
  });

  it('draws the rows once, with their On order (issue 22): the table is loading until that answer is here', async () => {
    open(['INVENTORY']);
    const onOrder = holdRequests('/purchases/getOnOrder');
    const table = await screen.findByRole('table', { name: 'Products' });
    await onOrder.untilAsked();
    expect(within(table).getByText('Loading...')).toBeInTheDocument();
    expect(within(table).queryByText('Alpha Kush')).toBeNull();

    onOrder.release();
    expect(await within(table).findByText('Alpha Kush')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Purchase orders of ACM-FLO-0001' })).toBeInTheDocument();
  });

  it('is neither shown nor asked for by roles that may not read purchase orders', async () => {
    const api = open(['SALES']);
    const table = await screen.findByRole('table', { name: 'Products' });
    await within(table).findByText('Alpha Kush');
    expect(within(table).queryByRole('columnheader', { name: /On order/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/db/purchases/getOnOrder')).toEqual([]);
  });
});
