import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewOrderBody } from '@bo/shared';
import { ADMIN, SALES } from './brands-fixtures';
import { makeOrder, orderApi, renderHarness } from './order-builder-fixtures';
import { buildMenuIndex, filterMenu, groupMenu } from '../src/pages/orders/builder/menu-index';
import { BLUE, GELATO, HIDDEN, ZAP } from './order-builder-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/orders/NewOrderModal'),
    import('../src/pages/orders/EditOrderModal'),
    import('../src/components/ConfirmationModal'),
  ]);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type User = ReturnType<typeof userEvent.setup>;

async function openNewOrder(user: User, label = 'Open new order') {
  await user.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: 'New Order' });
}

function chooseCustomer(dialog: HTMLElement, customerId: string) {
  const select = createWrapper(dialog).findSelect('[data-testid="customer-picker"]')!;
  select.openDropdown();
  select.selectOptionByValue(customerId);
}

async function openBrand(user: User, dialog: HTMLElement, name: RegExp) {
  await user.click(await within(dialog).findByRole('button', { name }));
}

const line = (dialog: HTMLElement, name: string) =>
  dialog.querySelector<HTMLElement>(`[data-testid="menu-product"][aria-label="${name}"]`)!;
const cartLine = (dialog: HTMLElement, sku: string) =>
  dialog.querySelector<HTMLElement>(`[data-testid="cart-line"][data-sku="${sku}"]`)!;

describe('product menu index', () => {
  it('leaves INACTIVE and HIDDEN out, searches every word, sorts and groups with (in-stock/total)', () => {
    const index = buildMenuIndex([BLUE, GELATO, ZAP, HIDDEN], {
      brands: [{ key: 'b-9', name: 'Empty Co' }],
    });
    expect(index.byDefault.map((p) => p.name)).toEqual(['Blue Dream', 'Gelato', 'Zap Cart']);
    expect(filterMenu(index, 'acme flo', 'default', 'asc').map((p) => p.name)).toEqual(['Blue Dream', 'Gelato']);
    expect(filterMenu(index, '', 'quantity', 'desc').map((p) => p.stock)).toEqual([30, 5, 0]);
    const groups = groupMenu(filterMenu(index, '', 'name', 'asc'), 'brand', index.brands);
    expect(groups.map((g) => [g.name, g.inStock, g.items.length])).toEqual([
      ['Acme', 2, 2],
      ['Bolt', 0, 1],
      ['Empty Co', 0, 0],
    ]);
  });
});

describe('New Order', () => {
  it('needs a customer and a non-empty cart; Add says Added! for 3 s; prices are the customer’s', async () => {
    const user = userEvent.setup();
    orderApi();
    renderHarness(SALES);
    const dialog = await openNewOrder(user);
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    const draft = within(dialog).getByRole('button', { name: 'Save as draft' });
    expect(submit).toBeDisabled();
    expect(draft).toBeDisabled();
    expect(within(dialog).getByText('Customer*')).toBeInTheDocument();

    // Groups list brands with (in-stock/total); an empty one is disabled; images hidden by default.
    expect(await within(dialog).findByRole('button', { name: /Acme \(2\/2\)/ })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: /Bolt \(0\/1\)/ })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: /Empty Co \(0\/0\)/ })).toBeDisabled();
    expect(within(dialog).queryByText('Secret Kush')).not.toBeInTheDocument();

    await openBrand(user, dialog, /Acme \(2\/2\)/);
    // Group view: sub-groups by type.
    expect(within(dialog).getByRole('button', { name: /Flower \(2\/2\)/ })).toBeInTheDocument();
    const blue = line(dialog, 'Blue Dream');
    expect(within(blue).getByText('$20.00')).toBeInTheDocument();
    expect(blue.querySelector('img')).toBeNull();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(blue).getByRole('button', { name: 'Add Blue Dream' }));
    expect(within(blue).getByText('Added!')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    act(() => vi.advanceTimersByTime(3100));
    expect(within(blue).queryByText('Added!')).not.toBeInTheDocument();
    vi.useRealTimers();

    chooseCustomer(dialog, 'c-1');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(draft).toBeEnabled();
    // Green Leaf's custom price replaces the base price in the menu and in the cart.
    await waitFor(() => expect(within(line(dialog, 'Blue Dream')).getByText('$18.00')).toBeInTheDocument());
    expect(within(cartLine(dialog, 'ACM-FLO-0001')).getByText('$18.00 each', { exact: false })).toBeInTheDocument();
    // The delivery block took the customer's account owner as driver (a DRIVER).
    expect(within(dialog).getByText('Dora Driver')).toBeInTheDocument();
  });

  it('steps quantities: minus stops at 1, typed 0 is accepted, Add merges, unitQuantity is the default', async () => {
    const user = userEvent.setup();
    orderApi();
    renderHarness(SALES);
    const dialog = await openNewOrder(user);
    await openBrand(user, dialog, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Add Gelato' }));
    const gelato = cartLine(dialog, 'ACM-FLO-0002');
    const qty = within(gelato).getByRole('textbox', { name: 'Quantity of Gelato' });
    expect(qty).toHaveValue('6');
    await user.click(within(dialog).getByRole('button', { name: 'Gelato added' }));
    expect(qty).toHaveValue('12');
    await user.clear(qty);
    await user.type(qty, '2');
    const minus = within(gelato).getByRole('button', { name: 'Decrease quantity of Gelato' });
    await user.click(minus);
    expect(qty).toHaveValue('1');
    expect(minus).toBeDisabled();
    await user.clear(qty);
    await user.type(qty, '0');
    expect(qty).toHaveValue('0');
    expect(within(dialog).getByTestId('order-subtotal')).toHaveTextContent('$0.00');
    await user.click(within(gelato).getByRole('button', { name: 'Increase quantity of Gelato' }));
    expect(qty).toHaveValue('1');
    expect(within(dialog).getByTestId('order-subtotal')).toHaveTextContent('$30.00');
    expect(within(gelato).getByText('Not batched')).toBeInTheDocument();
  });

  it('allocates batches automatically, then manually with the checkbox fill and the input messages', async () => {
    const user = userEvent.setup();
    orderApi();
    renderHarness(SALES);
    const dialog = await openNewOrder(user);
    await openBrand(user, dialog, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Add Blue Dream' }));
    const blue = cartLine(dialog, 'ACM-FLO-0001');
    const table = await within(blue).findByRole('table', { name: 'Batches of Blue Dream' });
    // Oldest checked-in first: B-001 (3 left), then B-002 (10 minus 4 held by another open order).
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('B-001'),
      expect.stringContaining('B-002'),
    ]);
    expect(within(blue).getByText('Fully tagged')).toBeInTheDocument();

    const qty = within(blue).getByRole('textbox', { name: 'Quantity of Blue Dream' });
    await user.clear(qty);
    await user.type(qty, '12');
    expect(within(blue).getByLabelText('Units from batch B-001')).toHaveTextContent('3');
    expect(within(blue).getByLabelText('Units from batch B-002')).toHaveTextContent('6');
    expect(within(blue).getByText('Insufficient tags to fulfill current quantity')).toBeInTheDocument();
    expect(within(blue).getByText('Untagged units: 3')).toBeInTheDocument();
    expect(within(blue).getByText('Partially tagged')).toBeInTheDocument();

    createWrapper(blue).findSegmentedControl()!.findSegments()[1]!.click();
    const b1 = await within(blue).findByRole('spinbutton', { name: 'Units from batch B-001' });
    expect(b1).toHaveValue(3);
    await user.clear(b1);
    await user.type(b1, '5');
    expect(await within(blue).findByText('Quantity exceeds available tags')).toBeInTheDocument();
    await user.clear(b1);
    await user.type(b1, '-1');
    expect(await within(blue).findByText('Quantity cannot be negative')).toBeInTheDocument();
    await user.clear(b1);
    const use1 = within(blue).getByRole('checkbox', { name: 'Use batch B-001' });
    expect(use1).not.toBeChecked();
    // 12 units, 6 tagged by B-002: checking B-001 fills min(6 untagged, 3 available).
    await user.click(use1);
    expect(b1).toHaveValue(3);
    expect(within(blue).getByText('Untagged units: 3')).toBeInTheDocument();
    expect(within(blue).queryByText('Insufficient tags to fulfill current quantity')).not.toBeInTheDocument();
  });

  it('clamps the discount to the subtotal and shows cost only to ADMIN, behind Show/Hide', async () => {
    const user = userEvent.setup();
    orderApi();
    const { unmount } = renderHarness(SALES);
    let dialog = await openNewOrder(user);
    await openBrand(user, dialog, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Add Gelato' }));
    expect(within(dialog).getByTestId('order-subtotal')).toHaveTextContent('$180.00');
    expect(within(dialog).queryByTestId('order-cost')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Cost/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Discount' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Discount amount ($)' });
    await user.type(amount, '500');
    await user.tab();
    expect(amount).toHaveValue('180.00');
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('$0.00');
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.tab();
    expect(amount).toHaveValue('0.00');
    await user.clear(amount);
    await user.type(amount, 'abc');
    await user.tab();
    expect(amount).toHaveValue('');
    await user.type(amount, '$1,2.5');
    await user.tab();
    expect(amount).toHaveValue('12.50');
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('$167.50');
    unmount();

    orderApi();
    renderHarness(ADMIN);
    dialog = await openNewOrder(user);
    await openBrand(user, dialog, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Add Gelato' }));
    expect(within(dialog).getByTestId('order-cost')).not.toHaveTextContent('$72.00');
    await user.click(within(dialog).getByRole('button', { name: 'Show cost' }));
    expect(within(dialog).getByTestId('order-cost')).toHaveTextContent('$72.00');
  });

  it('submits with a fresh number (RECEIVED / AWAITING), notifies with a link and closes', async () => {
    const user = userEvent.setup();
    const api = orderApi()
      .on('GET', '/api/db/orders/createOrderNumber', { body: { orderNum: '1042' } })
      .on('POST', '/api/db/orders/new', (call) => ({
        body: makeOrder({ orderNum: (call.body as NewOrderBody).orderNum }),
      }));
    renderHarness(SALES);
    const dialog = await openNewOrder(user, 'Open new order for Green Leaf');
    await openBrand(user, dialog, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Add Blue Dream' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Gelato' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Ring twice');
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    // Acme's default location is North Dock.
    expect(within(dialog).getByText('North Dock')).toBeInTheDocument();
    await waitFor(() => expect(within(cartLine(dialog, 'ACM-FLO-0001')).getByText('Fully tagged')).toBeInTheDocument());
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST', '/api/db/orders/new')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/db/orders/createOrderNumber')).toHaveLength(1);
    const body = api.callsTo('POST', '/api/db/orders/new')[0]!.body as NewOrderBody;
    expect(body).toMatchObject({
      orderNum: '1042',
      customerID: 'c-1',
      pickupOrder: false,
      deliveryDriverId: 'u-driver',
      packingLocationId: '2',
      orderStatus: 'RECEIVED',
      paymentStatus: 'AWAITING',
      notes: 'Ring twice',
      unitQuantity: 7,
      subtotal: 198,
      dollarAdjustment: null,
    });
    expect(body).not.toHaveProperty('cost');
    expect(body.products).toEqual([
      {
        productId: 'p-1',
        productSku: 'ACM-FLO-0001',
        productBatchId: 'bt-1',
        quantity: 1,
        unitPrice: 18,
        tagsPulled: false,
      },
      {
        productId: 'p-2',
        productSku: 'ACM-FLO-0002',
        productBatchId: null,
        quantity: 6,
        unitPrice: 30,
        tagsPulled: false,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Order' })).not.toBeInTheDocument());
    const link = await screen.findByRole('link', { name: /1042/ });
    expect(link).toHaveAttribute('href', '/orders/1042');
    expect(screen.getByText(/submitted for Green Leaf/)).toBeInTheDocument();
  });

  it('saves a draft as DRAFT / DRAFT with a DRAFT_ number, and keeps everything on a 409', async () => {
    const user = userEvent.setup();
    let conflict = true;
    const api = orderApi().on('POST', '/api/db/orders/new', (call) =>
      conflict
        ? { status: 409, body: { message: 'Batch B-001 of Blue Dream has only 0 units left' } }
        : { body: makeOrder({ orderNum: (call.body as NewOrderBody).orderNum }) },
    );
    renderHarness(SALES);
    const dialog = await openNewOrder(user);
    chooseCustomer(dialog, 'c-2');
    await openBrand(user, dialog, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Add Blue Dream' }));
    const draft = within(dialog).getByRole('button', { name: 'Save as draft' });
    await waitFor(() => expect(draft).toBeEnabled());
    await user.click(draft);
    expect(await within(dialog).findByText(/Batch B-001 of Blue Dream has only 0 units left/)).toBeInTheDocument();
    expect(cartLine(dialog, 'ACM-FLO-0001')).toBeInTheDocument();
    conflict = false;
    await user.click(draft);
    await waitFor(() => expect(api.callsTo('POST', '/api/db/orders/new')).toHaveLength(2));
    const body = api.callsTo('POST', '/api/db/orders/new')[1]!.body as NewOrderBody;
    expect(body.orderNum).toMatch(/^DRAFT_[0-9a-f-]{36}$/);
    // Each attempt carries an Idempotency-Key; after a 409 (nothing written) the next attempt has a new one.
    const [first, second] = api.callsTo('POST', '/api/db/orders/new').map((c) => c.headers['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(body).toMatchObject({
      orderStatus: 'DRAFT',
      paymentStatus: 'DRAFT',
      pickupOrder: true,
      deliveryDriverId: null,
    });
    expect(api.callsTo('GET', '/api/db/orders/createOrderNumber')).toHaveLength(0);
    expect(await screen.findByText(/saved as draft/)).toBeInTheDocument();
  });

  it('retries after a lost answer with the same key and number; a changed order gets a new key and number', async () => {
    const user = userEvent.setup();
    let answer = 503;
    let next = 1050;
    const api = orderApi()
      .on('GET', '/api/db/orders/createOrderNumber', () => ({ body: { orderNum: String(next++) } }))
      .on('POST', '/api/db/orders/new', (call) =>
        answer === 200
          ? { body: makeOrder({ orderNum: (call.body as NewOrderBody).orderNum }) }
          : { status: answer, body: { message: 'Service unavailable' } },
      );
    renderHarness(SALES);
    const dialog = await openNewOrder(user, 'Open new order for Green Leaf');
    await openBrand(user, dialog, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Add Blue Dream' }));
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST', '/api/db/orders/new')).toHaveLength(1));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST', '/api/db/orders/new')).toHaveLength(2));
    await waitFor(() => expect(submit).toBeEnabled());
    // Then the order changes: a new attempt (the server would answer 422 to the old key with this body).
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Back door');
    answer = 200;
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST', '/api/db/orders/new')).toHaveLength(3));
    const calls = api.callsTo('POST', '/api/db/orders/new');
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    const numbers = calls.map((c) => (c.body as NewOrderBody).orderNum);
    expect(keys[1]).toBe(keys[0]);
    expect(numbers).toEqual(['1050', '1050', '1051']);
    expect(keys[2]).not.toBe(keys[0]);
    expect(api.callsTo('GET', '/api/db/orders/createOrderNumber')).toHaveLength(2);
    expect((calls[2]!.body as NewOrderBody).notes).toBe('Back door');
    expect(await screen.findByText(/submitted for/)).toBeInTheDocument();
  });

  it('asks before closing with unsaved changes', async () => {
    const user = userEvent.setup();
    orderApi();
    renderHarness(SALES);
    let dialog = await openNewOrder(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Order' })).not.toBeInTheDocument());
    dialog = await openNewOrder(user);
    await openBrand(user, dialog, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Add Blue Dream' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'No, go back' }));
    expect(screen.getByRole('dialog', { name: 'New Order' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Yes, close',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Order' })).not.toBeInTheDocument());
  });

  it('searches the menu and opens the matching groups by themselves', async () => {
    const user = userEvent.setup();
    orderApi();
    renderHarness(SALES);
    const dialog = await openNewOrder(user);
    const search = await within(dialog).findByRole('searchbox', { name: 'Search products' });
    await user.type(search, 'zap');
    await waitFor(() => expect(dialog.querySelectorAll('[data-testid="menu-product"]')).toHaveLength(1));
    expect(within(dialog).getByText('1 matching product')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Acme \(0\/0\)/ })).toBeDisabled();
    await user.clear(search);
    await user.type(search, 'nothing here');
    expect(await within(dialog).findByText('No products found')).toBeInTheDocument();
  });
});
