import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, UpdateOrderBody } from '@bo/shared';
import { ADMIN, SALES } from './brands-fixtures';
import { renderApp } from './helpers';
import { makeOrder, orderApi, orderItem, renderHarness } from './order-builder-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/orders/EditOrderModal'),
    import('../src/pages/orders/OrderPage'),
    import('../src/components/ConfirmationModal'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;

async function openEdit(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Open edit order' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Order' });
  await within(dialog).findByText('Green Leaf');
  return dialog;
}

function choose(dialog: HTMLElement, testId: string, value: string) {
  const select = createWrapper(dialog).findSelect(`[data-testid="${testId}"]`)!;
  select.openDropdown();
  select.selectOptionByValue(value);
}

/** The update route answering with the order as changed (and a new modifiedOn). */
const updating =
  (base: Order, stamp = '2025-03-07T00:00:00.000Z') =>
  (call: { body: unknown }) => {
    const body = call.body as UpdateOrderBody;
    return {
      body: {
        ...base,
        ...(body.orderNum ? { orderNum: body.orderNum } : {}),
        ...(body.orderStatus ? { orderStatus: body.orderStatus } : {}),
        ...(body.paymentStatus ? { paymentStatus: body.paymentStatus } : {}),
        notes: body.notes ?? base.notes,
        modifiedOn: stamp,
      },
    };
  };

describe('Edit Order', () => {
  it('shows statuses with their last change date; leaving DRAFT fetches a number, going back restores it', async () => {
    const user = userEvent.setup();
    const order = makeOrder();
    const api = orderApi()
      .on('GET', '/api/db/orders/getByID/o-1', { body: { res: order } })
      .on('GET', '/api/db/orders/createOrderNumber', { body: { orderNum: '1043' } })
      .on('PUT', '/api/db/orders/update/o-1', updating(order));
    renderHarness(SALES);
    const dialog = await openEdit(user);
    // The pickers' dates read like every other date of the app (statusModifiedOn 2025-03-05, payment 03-06).
    expect(within(dialog).getByText('Last changed Mar 5, 2025')).toBeInTheDocument();
    expect(within(dialog).getByText('Last changed Mar 6, 2025')).toBeInTheDocument();
    expect(within(dialog).getByText('Draft', { selector: '[data-testid="order-status"] *' })).toBeInTheDocument();
    expect(within(dialog).getByText('DRAFT_abc')).toBeInTheDocument();
    expect(await within(dialog).findByText('No invoices found.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();

    choose(dialog, 'order-status', 'RECEIVED');
    expect(await within(dialog).findByText('1043')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/db/orders/createOrderNumber')).toHaveLength(1);
    // The payment status is earned (issue 23): a read-only picker previewing what the server will store.
    expect(within(dialog).getByText('Awaiting', { selector: '[data-testid="payment-status"] *' })).toBeInTheDocument();
    expect(within(dialog).getByText("Follows the order's payments")).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/orders/update/o-1')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/db/orders/update/o-1')[0]!.body as UpdateOrderBody;
    expect(body).not.toHaveProperty('paymentStatus');
    expect(body).toMatchObject({
      orderNum: '1043',
      orderStatus: 'RECEIVED',
      modifiedOn: order.modifiedOn,
      deliveryType: 'delivery',
      driverId: 'u-driver',
      packingLocationId: '1',
      notes: 'Back door',
    });
    // The lines did not change: they are not sent.
    expect(body).not.toHaveProperty('orderItems');
    // Save keeps the dialog open, now at the saved version.
    expect(await screen.findByText('Order 1043 saved.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Order' })).toBeInTheDocument();

    choose(dialog, 'order-status', 'DRAFT');
    expect(await within(dialog).findByText('DRAFT_abc')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/orders/update/o-1')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/db/orders/update/o-1')[1]!.body).toMatchObject({
      orderNum: 'DRAFT_abc',
      orderStatus: 'DRAFT',
      modifiedOn: '2025-03-07T00:00:00.000Z',
    });
  });

  it('a failed update keeps the dialog open with its changes and shows the error; Update closes', async () => {
    const user = userEvent.setup();
    const order = makeOrder({ orderNum: '1042', orderStatus: 'RECEIVED', paymentStatus: 'AWAITING' });
    let fail = true;
    const api = orderApi()
      .on('GET', '/api/db/orders/getByID/o-1', { body: { res: order } })
      .on('PUT', '/api/db/orders/update/o-1', (call) =>
        fail ? { status: 409, body: { message: 'The order was changed by someone else' } } : updating(order)(call),
      );
    renderHarness(SALES);
    const dialog = await openEdit(user);
    const notes = within(dialog).getByRole('textbox', { name: 'Notes' });
    await user.clear(notes);
    await user.type(notes, 'Front door');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('The order was changed by someone else')).toBeInTheDocument();
    expect(notes).toHaveValue('Front door');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Order' })).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/db/orders/update/o-1')[1]!.body).toMatchObject({ notes: 'Front door' });
  });

  it('asks before closing with unsaved changes, adds products to the order and sends the lines', async () => {
    const user = userEvent.setup();
    const order = makeOrder({ orderNum: '1042', orderStatus: 'RECEIVED', paymentStatus: 'AWAITING' });
    const api = orderApi()
      .on('GET', '/api/db/orders/getByID/o-1', { body: { res: order } })
      .on('PUT', '/api/db/orders/update/o-1', updating(order));
    renderHarness(ADMIN);
    const dialog = await openEdit(user);
    // Loaded lines keep their batch and price; ADMIN sees the cost.
    expect(await within(dialog).findByText('$18.00 each', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByTestId('order-cost')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Order' })).not.toBeInTheDocument());

    const again = await openEdit(user);
    await user.click(within(again).getByRole('button', { name: '+ Add Products to Order' }));
    await user.click(await within(again).findByRole('button', { name: /Acme \(2\/2\)/ }));
    await user.click(within(again).getByRole('button', { name: 'Add Gelato' }));
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'No, go back' }));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/orders/update/o-1')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/db/orders/update/o-1')[0]!.body as UpdateOrderBody;
    expect(body.orderItems).toEqual([
      {
        id: 'li-1',
        productId: 'p-1',
        productSku: 'ACM-FLO-0001',
        productBatchId: 'bt-1',
        quantity: 2,
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
    expect(body).toMatchObject({ unitQuantity: 8, subtotal: 216 });
  });

  it('keeps a loaded manual split until the line is touched', async () => {
    const user = userEvent.setup();
    // 2 units from B-002 although auto would take B-001 first: the line is in manual mode.
    const order = makeOrder({
      orderNum: '1042',
      orderStatus: 'RECEIVED',
      orderedItems: [orderItem({ productBatchId: 'bt-2' })],
    });
    orderApi().on('GET', '/api/db/orders/getByID/o-1', { body: { res: order } });
    renderHarness(SALES);
    const dialog = await openEdit(user);
    const b2 = await within(dialog).findByRole('spinbutton', { name: 'Units from batch B-002' });
    expect(b2).toHaveValue(2);
    expect(within(dialog).getByText('Fully tagged')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('/orders/{orderNum}', () => {
  it('opens the same edit view on a page, by order number', async () => {
    const order = makeOrder({ orderNum: '1042', orderStatus: 'RECEIVED', paymentStatus: 'AWAITING' });
    orderApi().on('GET', '/api/db/orders/getByID/1042', { body: { res: order } });
    renderApp('/orders/1042', SALES);
    expect(await screen.findByRole('heading', { name: 'Edit Order' })).toBeInTheDocument();
    expect(await screen.findByText('Green Leaf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(await screen.findByText('No invoices found.')).toBeInTheDocument();
  });
});
