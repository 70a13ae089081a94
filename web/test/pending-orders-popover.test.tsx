import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '@bo/shared';
import { fakeApi, makeSession, preloadLazyModules, renderApp, renderWithQuery } from './helpers';
import { makeProduct } from './brands-fixtures';
import PendingOrdersPopover from '../src/components/PendingOrdersPopover';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([import('../src/pages/products/ProductsPage'), import('../src/pages/products/ViewProductModal')]);
});
afterEach(() => vi.unstubAllGlobals());

const PENDING = [
  { orderID: 'o-1', orderNum: '1001', customerName: 'Green Leaf', quantity: 4 },
  { orderID: 'o-2', orderNum: '1002', customerName: 'Harbor View', quantity: 2 },
];
const PATH = '/api/db/orders/getPendingOutboundStock/ACM-FLO-0001';

describe('PendingOrdersPopover', () => {
  it('fetches only when opened and lists order number (new tab), customer and quantity', async () => {
    const user = userEvent.setup();
    const api = fakeApi().on('GET', PATH, { body: PENDING });
    renderWithQuery(<PendingOrdersPopover sku="ACM-FLO-0001">6</PendingOrdersPopover>);
    const trigger = screen.getByRole('button', { name: 'Pending orders of ACM-FLO-0001' });
    expect(trigger).toHaveTextContent('6');
    expect(api.calls).toHaveLength(0);

    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    const table = await within(dialog).findByRole('table', { name: 'Pending orders of ACM-FLO-0001' });
    expect(within(table).getByText('Green Leaf')).toBeInTheDocument();
    expect(within(table).getByText('Harbor View')).toBeInTheDocument();
    expect(within(table).getByText('4')).toBeInTheDocument();
    const link = within(table).getByRole('link', { name: /^1002/ });
    expect(link).toHaveAttribute('href', '/orders/1002');
    expect(link).toHaveAttribute('target', '_blank');
    expect(api.callsTo('GET', PATH)).toHaveLength(1);
  });

  it('without customer names (roles that do not read orders): numbers as text and quantities, no Customer column', async () => {
    const user = userEvent.setup();
    fakeApi().on('GET', PATH, { body: PENDING.map(({ customerName: _, ...row }) => row) });
    renderWithQuery(<PendingOrdersPopover sku="ACM-FLO-0001">6</PendingOrdersPopover>);
    await user.click(screen.getByRole('button', { name: 'Pending orders of ACM-FLO-0001' }));
    const table = await within(await screen.findByRole('dialog')).findByRole('table', {
      name: 'Pending orders of ACM-FLO-0001',
    });
    expect(within(table).getByText('1002')).toBeInTheDocument();
    expect(within(table).queryByRole('link')).toBeNull();
    expect(within(table).queryByText('Customer')).toBeNull();
    expect(within(table).getByText('Qty')).toBeInTheDocument();
  });

  it("shows loading, then 'No pending orders'", async () => {
    const user = userEvent.setup();
    let release: (v: unknown) => void = () => undefined;
    const gate = new Promise((resolve) => (release = resolve));
    const api = fakeApi();
    const stub = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await gate;
      return stub(input, init);
    });
    api.on('GET', PATH, { body: [] });
    renderWithQuery(<PendingOrdersPopover sku="ACM-FLO-0001">1</PendingOrdersPopover>);
    await user.click(screen.getByRole('button', { name: 'Pending orders of ACM-FLO-0001' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release(undefined);
    expect(await screen.findByText('No pending orders')).toBeInTheDocument();
  });

  it('shows the error with Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi().on('GET', PATH, () => (fail ? { status: 500, body: { message: 'boom' } } : { body: PENDING }));
    renderWithQuery(<PendingOrdersPopover sku="ACM-FLO-0001">6</PendingOrdersPopover>);
    await user.click(screen.getByRole('button', { name: 'Pending orders of ACM-FLO-0001' }));
    expect(await screen.findByText('Error loading pending orders')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Harbor View')).toBeInTheDocument();
  });
});

describe('pending orders where stock is shown', () => {
  const PRODUCTS: Product[] = [
    makeProduct({ id: 'p-1', name: 'Blue Dream', sku: 'ACM-FLO-0001', pendingOutboundQuantity: 6 }),
    makeProduct({ id: 'p-2', name: 'Gelato', sku: 'ACM-FLO-0002', pendingOutboundQuantity: 0 }),
  ];
  const INVENTORY = makeSession({ userId: 'u-inv', roles: ['INVENTORY'] });

  it('the products table offers the popover only for products with pending units, fetching on click', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on('GET', '/api/db/products/getAll', { body: PRODUCTS })
      .on('GET', '/api/db/preferences/getFilters', { body: [] })
      .on('GET', PATH, { body: PENDING });
    renderApp('/products', INVENTORY);
    const table = await screen.findByRole('table', { name: 'Products' });
    await within(table).findByText('Gelato');
    expect(within(table).getAllByRole('button', { name: /^Pending orders of/ })).toHaveLength(1);
    expect(api.callsTo('GET', PATH)).toHaveLength(0);
    await user.click(within(table).getByRole('button', { name: 'Pending orders of ACM-FLO-0001' }));
    expect(await screen.findByText('Harbor View')).toBeInTheDocument();
    expect(api.callsTo('GET', PATH)).toHaveLength(1);
  });

  it('View Product wraps the pending figure in the popover', async () => {
    const user = userEvent.setup();
    fakeApi()
      .on('GET', '/api/db/products/getAll', { body: PRODUCTS })
      .on('GET', '/api/db/preferences/getFilters', { body: [] })
      .on('GET', '/api/db/products/getByID/p-1', { body: { ...PRODUCTS[0], orderBatches: [] } })
      .on('GET', PATH, { body: PENDING });
    renderApp('/products', INVENTORY);
    await user.click(await screen.findByRole('button', { name: 'View Blue Dream' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blue Dream' });
    const trigger = await within(dialog).findByRole('button', { name: 'Pending orders of ACM-FLO-0001' });
    await user.click(trigger);
    expect(await screen.findByText('Green Leaf')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^1001/ })[0]).toHaveAttribute('target', '_blank'));
  });
});
