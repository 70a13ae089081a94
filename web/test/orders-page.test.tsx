import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '@bo/shared';
import { fakeApi, makeSession, preloadLazyModules, renderApp } from './helpers';
import { makeOrderSummary } from './order-list-fixtures';
import { shortOrderNumber } from '../src/components/orders/order-display';
import { upsertView, DEFAULT_RANGE } from '../src/pages/orders/orders-config';
import { rangeInterval } from '../src/components/range-filter-config';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([import('../src/pages/orders/OrdersPage')]);
});
afterEach(() => vi.unstubAllGlobals());

const SALES = makeSession({ userId: 'u-sales', name: 'Sam Sales', roles: ['SALES'] });
const ADMIN = makeSession({ userId: 'u-admin', name: 'Ada Admin', roles: ['ADMIN'] });
const PURCHASING = makeSession({ userId: 'u-pur', name: 'Pat Purchasing', roles: ['PURCHASING'] });
const DRIVER = makeSession({ userId: 'u-driver', name: 'Dora Driver', roles: ['DRIVER'] });

const ORDERS: OrderSummary[] = [
  makeOrderSummary({
    id: 'o-2',
    orderNum: '1002',
    customer: { customerName: 'Harbor View' },
    orderStatus: 'DELIVERED',
    paymentStatus: 'PAID',
    pickupOrder: true,
    deliveryDate: '2026-03-06',
    createdAt: '2026-03-03T10:00:00.000Z',
    unitQuantity: 5,
    subtotal: 100,
    total: 90,
    dollarAdjustment: 10,
    balanceDue: 0,
    cost: 40,
  }),
  makeOrderSummary({ id: 'o-1', orderNum: '1001', cost: 120, subtotal: 240, total: 240, balanceDue: 140.5 }),
];

const BY_WEEK = /^\/api\/db\/orders\/getByWeek\/([^/]+)\/([^/]+)$/;

function setup(reply: () => { status?: number; body?: unknown } = () => ({ body: ORDERS })) {
  const api = fakeApi();
  // getByWeek's path holds the range: answer every range.
  const originalFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const match = BY_WEEK.exec(url.pathname);
    if (match) api.on('GET', url.pathname, reply());
    return originalFetch(input, init);
  });
  return api;
}
/** Types into the property filter and presses Enter (a free-text or `Property = value` token). */
function typeToken(filter: ReturnType<ReturnType<typeof createWrapper>['findPropertyFilter']>, text: string) {
  act(() => {
    filter!.setInputValue(text);
  });
  act(() => {
    filter!.findNativeInput().keydown(13);
  });
}
const weekCalls = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => BY_WEEK.test(c.path));

describe('Orders page', () => {
  it('lists the orders of the last 30 days with statuses, money and links that open in a new tab', async () => {
    const api = setup();
    renderApp('/orders', SALES);
    const table = await screen.findByRole('grid', { name: 'Orders' });
    expect(await within(table).findByText('Harbor View')).toBeInTheDocument();
    expect(within(table).getByText('Green Leaf')).toBeInTheDocument();
    expect(within(table).getByText('Delivered')).toBeInTheDocument();
    expect(within(table).getByText('Paid')).toBeInTheDocument();
    expect(within(table).getByText('Received')).toBeInTheDocument();
    expect(within(table).getByText('Awaiting')).toBeInTheDocument();
    expect(within(table).getByText('$90.00')).toBeInTheDocument();
    expect(within(table).getByText('Mar 6, 2026')).toBeInTheDocument();
    // Pickup / delivery, units, subtotal and balance due are in Preferences (the defaults fit 1280 px).
    expect(within(table).queryByText('$140.50')).not.toBeInTheDocument();

    const link = within(table).getByRole('link', { name: /^1002/ });
    expect(link).toHaveAttribute('href', '/orders/1002');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    // Cost only for the roles that see costs (canSeeCosts): never SALES, even if an answer carried it.
    expect(within(table).queryByRole('columnheader', { name: /Cost/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New order' })).toBeInTheDocument();

    const [call] = weekCalls(api);
    const [, from, to] = BY_WEEK.exec(call!.path)!;
    const days = (Date.parse(decodeURIComponent(to!)) - Date.parse(decodeURIComponent(from!))) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(Date.parse(decodeURIComponent(to!))).toBeGreaterThan(Date.now());
  });

  it('offers Cost to ADMIN in Preferences (with the other columns), and no New order button to read-only roles', async () => {
    setup();
    const { unmount } = renderApp('/orders', ADMIN);
    const table = await screen.findByRole('grid', { name: 'Orders' });
    await within(table).findByText('Harbor View');
    const preferences = createWrapper().findCollectionPreferences()!;
    preferences.findTriggerButton().click();
    const modal = preferences.findModal()!;
    const options = modal.findContentDisplayPreference()!.findOptions();
    const labels = options.map((o) => o.findLabel().getElement().textContent);
    expect(labels).toEqual(expect.arrayContaining(['Cost', 'Balance due', 'Pickup / delivery']));
    for (const o of options)
      if (['Cost', 'Balance due'].includes(o.findLabel().getElement().textContent ?? ''))
        o.findVisibilityToggle().findNativeInput().click();
    modal.findConfirmButton()!.click();
    expect(await within(table).findByRole('columnheader', { name: /Cost/ })).toBeInTheDocument();
    expect(within(table).getByText('$120.00')).toBeInTheDocument();
    expect(within(table).getByText('$140.50')).toBeInTheDocument();
    unmount();

    setup();
    renderApp('/orders', PURCHASING);
    const t2 = await screen.findByRole('grid', { name: 'Orders' });
    expect(await within(t2).findByText('Harbor View')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New order' })).not.toBeInTheDocument();
  });

  it('offers Cost by canSeeCosts: to PURCHASING, not to SALES (even when the answer carried it)', async () => {
    const costOffered = () => {
      const prefs = createWrapper().findCollectionPreferences()!;
      prefs.findTriggerButton().click();
      const offered = prefs
        .findModal()!
        .findContentDisplayPreference()!
        .findOptions()
        .map((o) => o.findLabel().getElement().textContent);
      prefs.findModal()!.findCancelButton()!.click();
      return offered.includes('Cost');
    };

    setup();
    const purchasing = renderApp('/orders', PURCHASING);
    await within(await screen.findByRole('grid', { name: 'Orders' })).findByText('Harbor View');
    expect(costOffered()).toBe(true);
    purchasing.unmount();

    setup();
    renderApp('/orders', SALES);
    await within(await screen.findByRole('grid', { name: 'Orders' })).findByText('Harbor View');
    expect(costOffered()).toBe(false);
  });

  it("shows 'No orders found', and the error with Retry", async () => {
    setup(() => ({ body: [] }));
    const { unmount } = renderApp('/orders', SALES);
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    unmount();

    let fail = true;
    const api = setup(() => (fail ? { status: 500, body: { message: 'Orders are down' } } : { body: ORDERS }));
    renderApp('/orders', SALES);
    expect(await screen.findByText('Error loading orders')).toBeInTheDocument();
    expect(screen.getByText('Orders are down')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Harbor View')).toBeInTheDocument();
    expect(weekCalls(api).length).toBeGreaterThanOrEqual(2);
  });

  it('filters with the property filter (free text and status), and clears to all', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/orders', SALES);
    const table = await screen.findByRole('grid', { name: 'Orders' });
    await within(table).findByText('Harbor View');

    const filter = createWrapper().findPropertyFilter()!;
    typeToken(filter, 'harbor');
    await waitFor(() => expect(within(table).queryByText('Green Leaf')).not.toBeInTheDocument());
    expect(within(table).getByText('Harbor View')).toBeInTheDocument();
    expect(filter.findResultsCount().getElement()).toHaveTextContent('1 match');

    typeToken(filter, 'nobody');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(await within(table).findByText('Green Leaf')).toBeInTheDocument();

    typeToken(filter, 'Status = Received');
    await waitFor(() => expect(within(table).queryByText('Harbor View')).not.toBeInTheDocument());
    expect(within(table).getByText('Green Leaf')).toBeInTheDocument();
  });

  it('marks orders on credit hold beside their status and filters on "Credit hold"', async () => {
    const held = makeOrderSummary({
      id: 'o-3',
      orderNum: '1003',
      customer: { customerName: 'Kestrel Farms' },
      creditHold: { reason: 'Invoice 990 is 5 days past its 30-day terms', since: '2026-03-02T15:04:05.000Z' },
    });
    setup(() => ({ body: [...ORDERS, held] }));
    renderApp('/orders', SALES);
    const table = await screen.findByRole('grid', { name: 'Orders' });
    const row = (await within(table).findByText('Kestrel Farms')).closest('tr')!;
    // A held received order reads "On hold" in its status cell, in the status's own width.
    expect(within(row).queryByText('Received')).toBeNull();
    expect(within(row).getByText('On hold')).toBeInTheDocument();
    expect(within(table).getAllByText('On hold')).toHaveLength(1);

    const filter = createWrapper().findPropertyFilter()!;
    typeToken(filter, 'Credit hold = On hold');
    await waitFor(() => expect(within(table).queryByText('Green Leaf')).not.toBeInTheDocument());
    expect(within(table).queryByText('Harbor View')).not.toBeInTheDocument();
    expect(within(table).getByText('Kestrel Farms')).toBeInTheDocument();
    expect(filter.findResultsCount().getElement()).toHaveTextContent('1 match');
  });

  it('asks again for a new range when one is chosen', async () => {
    const api = setup();
    renderApp('/orders', SALES);
    await screen.findByText('Harbor View');
    const picker = createWrapper().findDateRangePicker()!;
    picker.openDropdown();
    const dropdown = picker.findDropdown({ expandToViewport: true })!;
    dropdown.findRelativeRangeRadioGroup()!.findInputByValue('last-7-days')!.click();
    dropdown.findApplyButton().click();
    await waitFor(() => expect(weekCalls(api)).toHaveLength(2));
    const [, from, to] = BY_WEEK.exec(weekCalls(api)[1]!.path)!;
    const days = (Date.parse(decodeURIComponent(to!)) - Date.parse(decodeURIComponent(from!))) / 86_400_000;
    expect(Math.round(days)).toBe(7);
  });

  it('saves the filter as a named view in this browser and applies it again', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/orders', SALES);
    const table = await screen.findByRole('grid', { name: 'Orders' });
    await within(table).findByText('Harbor View');
    const filter = createWrapper().findPropertyFilter()!;
    typeToken(filter, 'harbor');
    await waitFor(() => expect(within(table).queryByText('Green Leaf')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('View name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('View name'), 'Harbor only{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save view' })).not.toBeInTheDocument());
    const stored = JSON.parse(window.localStorage.getItem('bo.orders.views.u-sales')!) as {
      views: Array<{ name: string; query: { tokens: unknown[] } }>;
    };
    expect(stored.views.map((v) => v.name)).toEqual(['Harbor only']);
    expect(stored.views[0]!.query.tokens).toHaveLength(1);

    act(() => filter.findTokens()[0]!.findRemoveButton().click());
    expect(await within(table).findByText('Green Leaf')).toBeInTheDocument();

    const views = createWrapper().findSelect('[data-testid="saved-views"]')!;
    views.openDropdown();
    views.selectOptionByValue('Harbor only', { expandToViewport: true });
    await waitFor(() => expect(within(table).queryByText('Green Leaf')).not.toBeInTheDocument());
    expect(within(table).getByText('Harbor View')).toBeInTheDocument();
  });

  it('is in the navigation for order readers, not for drivers', async () => {
    setup();
    const { unmount } = renderApp('/', SALES);
    expect((await screen.findAllByRole('link', { name: 'Orders' })).length).toBeGreaterThan(0);
    unmount();
    setup();
    renderApp('/', DRIVER);
    expect((await screen.findAllByRole('link', { name: 'My deliveries' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
  });
});

describe('orders-config', () => {
  it('turns the default range into 30 calendar days ending tonight', () => {
    const now = new Date(2026, 2, 15, 9, 30);
    const interval = rangeInterval(DEFAULT_RANGE, now)!;
    expect(new Date(interval.from)).toEqual(new Date(2026, 1, 14));
    expect(new Date(interval.to)).toEqual(new Date(2026, 2, 15, 23, 59, 59, 999));
    expect(rangeInterval({ type: 'absolute', startDate: '2026-03-10', endDate: '2026-03-01' }, now)).toBeNull();
  });

  it('replaces a view of the same name and keeps views sorted', () => {
    const q = { tokens: [], operation: 'and' as const };
    const views = upsertView(upsertView([], { name: 'Zeta', query: q, range: null }), {
      name: 'alpha',
      query: q,
      range: null,
    });
    expect(views.map((v) => v.name)).toEqual(['alpha', 'Zeta']);
    expect(upsertView(views, { name: ' ZETA ', query: q, range: DEFAULT_RANGE }).map((v) => v.name)).toEqual([
      'alpha',
      'ZETA',
    ]);
  });

  it("shows a draft's long number as 'Draft' and the id's first six characters; numbers as they are", () => {
    expect(shortOrderNumber('DRAFT_511219c4-8e0b-4a43-9d7a-2f1c3b5e6a70')).toBe('Draft 511219');
    expect(shortOrderNumber('1037')).toBe('1037');
  });
});
