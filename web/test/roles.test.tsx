import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLES, type Role } from '@bo/shared';
import { visibleSections } from '../src/access/navigation';
import { canOpen, PAGES } from '../src/access/pages';
import { fakeApi, makeSession, makeUser, preloadLazyModules, renderApp } from './helpers';
import { makeItem, makeOrder } from './order-list-fixtures';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/NotAuthorisedPage'),
    import('../src/pages/orders/OrderPage'),
    import('../src/pages/orders/OrderReadOnlyView'),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What each role's navigation lists: the pages whose routes the role may call (ARCHITECTURE.md's matrix). */
const CATALOGUE = ['Products', 'Brands', 'Inventory overview', 'Pickup locations'];
const EXPECTED_NAV: Record<Role, string[]> = {
  ADMIN: [
    ...CATALOGUE,
    'Customers',
    'Orders',
    'My deliveries',
    'Deliveries board',
    'Returns',
    'Payments',
    'Receivables',
    'Collections',
    'Accounting exports',
    'Sales',
    'Purchasing',
    'Commission',
    'Inventory',
    'Receivables & DSO',
    'Purchase orders',
    'Payroll',
    'My commission',
    'Imports',
    'Users',
    'My profile',
  ],
  SALES: [
    ...CATALOGUE,
    'Customers',
    'Orders',
    'Deliveries board',
    'Returns',
    'Payments',
    'Receivables',
    'Collections',
    'Sales',
    'My commission',
    'Imports',
    'Users',
    'My profile',
  ],
  PURCHASING: [
    ...CATALOGUE,
    'Orders',
    'Purchasing',
    'Inventory',
    'Purchase orders',
    'My commission',
    'Imports',
    'Users',
    'My profile',
  ],
  INVENTORY: [
    ...CATALOGUE,
    'Orders',
    'Deliveries board',
    'Returns',
    'Purchasing',
    'Inventory',
    'Purchase orders',
    'My commission',
    'Users',
    'My profile',
  ],
  PAYROLL: [
    ...CATALOGUE,
    'Payments',
    'Receivables',
    'Accounting exports',
    'Commission',
    'Payroll',
    'My commission',
    'Users',
    'My profile',
  ],
  DRIVER: [...CATALOGUE, 'My deliveries', 'My commission', 'Users', 'My profile'],
};

const navTitles = (roles: Role[]) => visibleSections(roles).flatMap((s) => s.pages.map((p) => p.title));

describe('navigation by role', () => {
  it.each(ROLES)('lists for %s only the pages its routes allow', (role) => {
    expect(navTitles([role])).toEqual(EXPECTED_NAV[role]);
  });

  it('gives a user with two roles the pages of both, and leaves out empty sections', () => {
    expect(navTitles(['DRIVER', 'SALES'])).toEqual([
      ...EXPECTED_NAV.SALES.slice(0, 6),
      'My deliveries',
      'Deliveries board',
      'Returns',
      'Payments',
      'Receivables',
      'Collections',
      'Sales',
      'My commission',
      'Imports',
      'Users',
      'My profile',
    ]);
    expect(visibleSections(['PAYROLL']).map((s) => s.title)).toEqual([
      'Catalogue',
      'Payments',
      'Reports',
      'Payroll',
      'Administration',
    ]);
    expect(navTitles([])).toEqual([]);
  });

  it('derives page access from the route table, not a list of its own', () => {
    expect(canOpen(PAGES.customers, ['SALES'])).toBe(true);
    expect(canOpen(PAGES.customers, ['DRIVER'])).toBe(false);
    expect(canOpen(PAGES.order, ['DRIVER'])).toBe(true);
    expect(canOpen(PAGES.document, ['PAYROLL'])).toBe(false);
    expect(canOpen(PAGES.purchases, ['INVENTORY'])).toBe(true);
    expect(canOpen(PAGES.purchaseOrder, ['INVENTORY'])).toBe(true);
    expect(canOpen(PAGES.purchases, ['SALES'])).toBe(false);
    expect(canOpen(PAGES.purchaseOrder, ['DRIVER'])).toBe(false);
    expect(canOpen(PAGES.payroll, ['PAYROLL'])).toBe(true);
    expect(canOpen(PAGES.payroll, ['SALES'])).toBe(false);
    expect(canOpen(PAGES.commission, ['SALES'])).toBe(true);
    expect(canOpen(PAGES.purchasesReport, ['PURCHASING'])).toBe(true);
    expect(canOpen(PAGES.purchasesReport, ['INVENTORY'])).toBe(true);
    expect(canOpen(PAGES.purchasesReport, ['SALES'])).toBe(false);
    expect(canOpen(PAGES.deliveryBoard, ['INVENTORY'])).toBe(true);
    expect(canOpen(PAGES.deliveryBoard, ['DRIVER'])).toBe(false);
    expect(canOpen(PAGES.deliveryBoard, ['PURCHASING'])).toBe(false);
    expect(canOpen(PAGES.collections, ['SALES'])).toBe(true);
    expect(canOpen(PAGES.collections, ['INVENTORY'])).toBe(false);
    expect(canOpen(PAGES.collections, ['PAYROLL'])).toBe(false);
    expect(canOpen(PAGES.commissionReport, ['PAYROLL'])).toBe(true);
    expect(canOpen(PAGES.commissionReport, ['ADMIN'])).toBe(true);
    expect(canOpen(PAGES.commissionReport, ['SALES'])).toBe(false);
  });

  it('shows the side navigation of the signed-in role', async () => {
    fakeApi().on('GET', '/api/db/users/getById/u-self', { body: makeUser({ role: ['DRIVER'] }) });
    renderApp('/', makeSession({ roles: ['DRIVER'] }));
    await screen.findByRole('heading', { name: /Welcome/ });
    // The side navigation and the home page's cards both list the pages.
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    for (const title of EXPECTED_NAV.DRIVER) expect(links).toContain(title);
    expect(links).not.toContain('Customers');
    expect(links).not.toContain('Orders');
  });
});

describe('a page the role may not open', () => {
  it('shows the not-authorised page with a link home, and never asks the API for it', async () => {
    const user = userEvent.setup();
    const api = fakeApi().on('GET', '/api/db/users/getById/u-self', { body: makeUser({ role: ['DRIVER'] }) });
    renderApp('/customers', makeSession({ roles: ['DRIVER'] }));
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
    expect(screen.getByText(/Customers is not available to your role \(Driver\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add customer' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/db/customers'))).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
  });

  it('names every role of a user with several', async () => {
    fakeApi();
    renderApp('/orders', makeSession({ roles: ['PAYROLL', 'DRIVER'] }));
    expect(await screen.findByText(/Orders is not available to your roles \(Payroll and Driver\)/)).toBeInTheDocument();
  });
});

const DRIVER = makeSession({ userId: 'u-driver', name: 'Dan Driver', roles: ['DRIVER'] });
const DELIVERY = makeOrder({
  id: 'o-7',
  orderNum: '1007',
  notes: 'Ring the bell twice',
  orderedItems: [
    makeItem({ id: 'i-1', productName: 'Blue Dream', quantity: 4, unitPrice: 20, subtotal: 80 }),
    makeItem({
      id: 'i-2',
      productName: 'Gelato',
      productSku: 'ACM-FLO-0002',
      quantity: 2,
      unitPrice: 15,
      subtotal: 30,
    }),
  ],
});

function orderApi(order = DELIVERY) {
  let current = order;
  return fakeApi()
    .on('GET', '/api/db/users/getById/u-driver', { body: makeUser({ id: 'u-driver', role: ['DRIVER'] }) })
    .on('GET', `/api/db/orders/getByID/${order.orderNum}`, () => ({ body: { res: current } }))
    .on('GET', '/api/db/users/getDrivers', { body: [{ id: 'u-driver', name: 'Dan Driver' }] })
    .on('GET', '/api/db/orders/getLocations', {
      body: [{ id: '1', name: 'Main warehouse', color: '#4e79a7', isDefault: true }],
    })
    .on('GET', '/api/storage/list/documents', { body: [] })
    .on('GET', `/api/db/changelog/getAll/order/${order.id}`, { body: { entries: [], cursor: null } })
    .on('PUT', `/api/db/orders/setStatus/${order.id}`, (call) => {
      current = { ...current, ...(call.body as object), modifiedOn: '2026-03-05T10:00:00.000Z' };
      return { body: current };
    });
}

describe('the read-only order view', () => {
  it('shows a driver their delivery without editing controls, and marks it delivered', async () => {
    const user = userEvent.setup();
    const api = orderApi();
    renderApp('/orders/1007', DRIVER);

    const lines = await screen.findByRole('table', { name: 'Products of order 1007' });
    expect(within(lines).getByText('Blue Dream')).toBeInTheDocument();
    expect(within(lines).getByText('Gelato')).toBeInTheDocument();
    expect(screen.getByText('Ring the bell twice')).toBeInTheDocument();
    expect(screen.getByText('Green Leaf')).toBeInTheDocument();
    expect(await screen.findByText('Dan Driver')).toBeInTheDocument();
    expect(await screen.findByText('Main warehouse')).toBeInTheDocument();
    for (const name of ['Save', 'Update', '+ Add Products to Order'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Increase|Decrease/ })).not.toBeInTheDocument();

    // The crumb leads to My deliveries, not to Orders the driver cannot open.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    // (Cloudscape renders each crumb twice: once to measure it.)
    expect(within(crumbs).queryAllByText('Orders')).toHaveLength(0);
    expect(within(crumbs).getAllByText('My deliveries').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Mark delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark delivered' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/orders/setStatus/o-7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/orders/setStatus/o-7')[0]?.body).toEqual({
      orderStatus: 'DELIVERED',
      modifiedOn: DELIVERY.modifiedOn,
    });
    expect(await screen.findByText('Order 1007 marked delivered')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument());

    // Only routes a driver may call were asked.
    const asked = api.calls.map((c) => c.path);
    expect(
      asked.some((p) => p.includes('/customers/') || p.includes('/orders/update') || p.includes('getPending')),
    ).toBe(false);
  });

  it("offers no 'Mark delivered' for someone else's or a delivered order, nor to inventory staff", async () => {
    orderApi(makeOrder({ ...DELIVERY, driverId: 'u-other' }));
    const { unmount } = renderApp('/orders/1007', DRIVER);
    await screen.findByRole('table', { name: 'Products of order 1007' });
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
    unmount();

    vi.unstubAllGlobals();
    orderApi().on('GET', '/api/db/users/getById/u-inv', { body: makeUser({ id: 'u-inv', role: ['INVENTORY'] }) });
    renderApp('/orders/1007', makeSession({ userId: 'u-inv', roles: ['INVENTORY'] }));
    await screen.findByRole('table', { name: 'Products of order 1007' });
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getAllByText('Orders').length).toBeGreaterThan(0);
  });
});
