import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUSES, type Order, type Role } from '@bo/shared';
import { fakeApi, makeSession, makeUser, preloadLazyModules, renderApp } from './helpers';
import { renderHarness } from './order-builder-fixtures';
import { makeItem, makeOrder } from './order-list-fixtures';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/orders/OrderPage'),
    import('../src/pages/orders/OrderReadOnlyView'),
    import('../src/pages/orders/EditOrderModal'),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ORDER = makeOrder({
  id: 'o-1',
  orderNum: '1007',
  orderStatus: 'FULFILLMENT',
  statusModifiedOn: '2026-03-02T09:00:00.000Z',
  paymentModifiedOn: '2026-02-20T09:00:00.000Z',
  orderedItems: [makeItem({ id: 'i-1', productName: 'Blue Dream', quantity: 4, unitPrice: 20, subtotal: 80 })],
});
const SAVED_ON = '2026-03-05T10:00:00.000Z';

const sessionOf = (role: Role, userId = `u-${role.toLowerCase()}`) => makeSession({ userId, roles: [role] });

/** The read-only view's API for `session`, at `/orders/1007` and (in the harness) as dialog `o-1`. */
function viewApi(session: ReturnType<typeof makeSession>, order: Order = ORDER) {
  let current = order;
  const answer = () => ({ body: { res: current } });
  return fakeApi()
    .on('GET', `/api/db/users/getById/${session.userId}`, {
      body: makeUser({ id: session.userId, role: session.roles }),
    })
    .on('GET', `/api/db/orders/getByID/${order.orderNum}`, answer)
    .on('GET', `/api/db/orders/getByID/${order.id}`, answer)
    .on('GET', '/api/db/users/getDrivers', { body: [{ id: 'u-driver', name: 'Dan Driver' }] })
    .on('GET', '/api/db/orders/getLocations', {
      body: [{ id: '1', name: 'Main warehouse', color: '#4e79a7', isDefault: true }],
    })
    .on('GET', '/api/storage/list/documents', { body: [] })
    .on('GET', `/api/db/changelog/getAll/order/${order.id}`, { body: { entries: [], cursor: null } })
    .on('PUT', `/api/db/orders/setStatus/${order.id}`, (call) => {
      current = { ...current, ...(call.body as object), statusModifiedOn: SAVED_ON, modifiedOn: SAVED_ON };
      return { body: current };
    });
}

const picker = (within: HTMLElement = document.body) =>
  createWrapper(within).findSelect('[data-testid="order-status"]');

function optionLabels(container: HTMLElement = document.body): string[] {
  const select = picker(container)!;
  select.openDropdown();
  const labels = select
    .findDropdown()
    .findOptions()
    .map((o) => o.getElement().textContent ?? '');
  select.closeDropdown();
  return labels;
}

function choose(value: string, container: HTMLElement = document.body) {
  const select = picker(container)!;
  select.openDropdown();
  select.selectOptionByValue(value);
}

describe('inventory staff change an order status from the read-only view', () => {
  const INVENTORY = sessionOf('INVENTORY');

  it('offers the statuses the shared rule allows, saves one through setStatus, and says so', async () => {
    const user = userEvent.setup();
    const api = viewApi(INVENTORY);
    renderApp('/orders/1007', INVENTORY);
    await screen.findByRole('table', { name: 'Products of order 1007' });

    // The fulfilment steps only (Draft and the money states Completed, Refunded, Cancelled stay with sales),
    // labelled as everywhere else; no payment-status picker (payments are sales'), no editing controls.
    expect(optionLabels()).toEqual(['Received', 'Fulfillment', 'Packed', 'Delivered']);
    expect(picker()!.findTrigger().getElement().textContent).toBe('Fulfillment');
    expect(screen.getByText('Last changed Mar 2, 2026')).toBeInTheDocument();
    expect(createWrapper().findSelect('[data-testid="payment-status"]')).toBeNull();
    for (const name of ['Save', 'Update', 'Mark delivered'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save status' });
    expect(save).toBeDisabled();

    choose('PACKED');
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/orders/setStatus/o-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/orders/setStatus/o-1')[0]!.body).toEqual({
      orderStatus: 'PACKED',
      modifiedOn: ORDER.modifiedOn,
    });
    expect(await screen.findByText('Order 1007 set to Packed')).toBeInTheDocument();
    // The view starts again from the server's answer: Packed, changed today, nothing left to save.
    expect(await screen.findByText('Last changed Mar 5, 2026')).toBeInTheDocument();
    expect(picker()!.findTrigger().getElement().textContent).toBe('Packed');
    expect(screen.getByRole('button', { name: 'Save status' })).toBeDisabled();
  });

  it("shows the server's message under the picker when the change is refused, and keeps the choice", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    viewApi(INVENTORY).on('PUT', '/api/db/orders/setStatus/o-1', {
      status: 409,
      body: { message: 'This order was changed by someone else since you opened it; reload it and try again' },
    });
    renderApp('/orders/1007', INVENTORY);
    await screen.findByRole('table', { name: 'Products of order 1007' });
    choose('DELIVERED');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByText(/changed by someone else since you opened it/)).toBeInTheDocument();
    expect(picker()!.findTrigger().getElement().textContent).toBe('Delivered');
    expect(screen.queryByText(/set to Delivered/)).not.toBeInTheDocument();
  });

  it('shows the success inside the Edit Order dialog, which stays open', async () => {
    const user = userEvent.setup();
    viewApi(INVENTORY);
    renderHarness(INVENTORY);
    await user.click(await screen.findByRole('button', { name: 'Open edit order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order 1007' });
    await within(dialog).findByRole('table', { name: 'Products of order 1007' });
    choose('DELIVERED', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save status' }));
    expect(await within(dialog).findByText('Order 1007 set to Delivered')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Order 1007' })).toBeInTheDocument();
  });

  it('offers no picker on a draft: drafts stay with sales', async () => {
    viewApi(INVENTORY, { ...ORDER, orderStatus: 'DRAFT', paymentStatus: 'DRAFT' });
    renderApp('/orders/1007', INVENTORY);
    await screen.findByRole('table', { name: 'Products of order 1007' });
    expect(picker()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save status' })).not.toBeInTheDocument();
    // Order and payment status both shown as words.
    expect(screen.getAllByText('Draft')).toHaveLength(2);
  });

  it('offers no picker on a refunded order: it cannot be brought back into fulfilment', async () => {
    viewApi(INVENTORY, { ...ORDER, orderStatus: 'REFUNDED', paymentStatus: 'REFUNDED' });
    renderApp('/orders/1007', INVENTORY);
    await screen.findByRole('table', { name: 'Products of order 1007' });
    expect(picker()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save status' })).not.toBeInTheDocument();
  });
});

describe('other roles in the read-only view', () => {
  it('leaves purchasing fully read-only', async () => {
    const PURCHASING = sessionOf('PURCHASING');
    const api = viewApi(PURCHASING);
    renderApp('/orders/1007', PURCHASING);
    await screen.findByRole('table', { name: 'Products of order 1007' });
    expect(picker()).toBeNull();
    for (const name of ['Save status', 'Mark delivered', 'Save'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByText('Fulfillment')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("keeps a driver to 'Mark delivered' on their own open delivery, and nothing on a closed one", async () => {
    const DRIVER = sessionOf('DRIVER', 'u-driver');
    viewApi(DRIVER);
    const { unmount } = renderApp('/orders/1007', DRIVER);
    await screen.findByRole('table', { name: 'Products of order 1007' });
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(picker()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save status' })).not.toBeInTheDocument();
    unmount();

    for (const orderStatus of ORDER_STATUSES.filter((s) => !['RECEIVED', 'FULFILLMENT', 'PACKED'].includes(s))) {
      vi.unstubAllGlobals();
      viewApi(DRIVER, { ...ORDER, orderStatus });
      const view = renderApp('/orders/1007', DRIVER);
      await screen.findByRole('table', { name: 'Products of order 1007' });
      expect(screen.queryByRole('button', { name: 'Mark delivered' }), orderStatus).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('gives a driver the invoice built from the order (open or download), never the saved invoices', async () => {
    const DRIVER = sessionOf('DRIVER', 'u-driver');
    const api = viewApi(DRIVER);
    renderApp('/orders/1007', DRIVER);
    await screen.findByRole('table', { name: 'Products of order 1007' });
    const pdf = createWrapper()
      .findAllButtonDropdowns()
      .find((d) => d.findNativeButton().getElement().getAttribute('aria-label') === 'Invoice PDF')!;
    expect(pdf.getElement()).toHaveTextContent('PDF');
    pdf.openDropdown();
    const labels = pdf.findItems().map((item) => item.getElement().textContent);
    expect(labels.filter((l) => l === 'Open' || l === 'Download')).toHaveLength(4);
    expect(labels).not.toContain('Save to server');
    expect(api.callsTo('GET', '/api/storage/list/documents')).toEqual([]);

    vi.unstubAllGlobals();
    const SALES_READER = sessionOf('PURCHASING');
    const reader = viewApi(SALES_READER);
    renderApp('/orders/1007', SALES_READER);
    await waitFor(() => expect(reader.callsTo('GET', '/api/storage/list/documents')).toHaveLength(1));
  });
});
