import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOLD_BLOCKS_STATUS, type CreditStatus, type NewOrderBody, type Order } from '@bo/shared';
import { ADMIN, SALES } from './brands-fixtures';
import { makeOrder, orderApi, renderHarness } from './order-builder-fixtures';

/** Credit holds at order entry (issue 23, section 2): New Order's preview, Edit Order's alert and release. */

beforeAll(async () => {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/orders/NewOrderModal'),
    import('../src/pages/orders/EditOrderModal'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;

const CREDIT: CreditStatus = { customerId: 'c-1', creditLimit: 200, paymentTermsDays: 30, owed: 60 };
const OVER = 'Over the credit limit: $60.00 owed + $180.00 this order is more than the $200.00 limit';
const HOLD_HEADER = 'This order will be saved on credit hold';

function choose(dialog: HTMLElement, testId: string, value: string) {
  const select = createWrapper(dialog).findSelect(`[data-testid="${testId}"]`)!;
  select.openDropdown();
  select.selectOptionByValue(value);
}

async function setDiscount(user: User, dialog: HTMLElement, amount: string) {
  const input = within(dialog).getByRole('textbox', { name: 'Discount amount ($)' });
  await user.clear(input);
  await user.type(input, amount);
  await user.tab();
}

describe('New Order credit-hold preview', () => {
  it('asks for the credit status once a customer is chosen and warns while the total takes them over the limit', async () => {
    const user = userEvent.setup();
    const api = orderApi()
      .on('GET', '/api/db/customers/getCreditStatus/c-1', { body: CREDIT })
      .on('GET', '/api/db/orders/createOrderNumber', { body: { orderNum: '1042' } })
      .on('POST', '/api/db/orders/new', (call) => ({
        body: makeOrder({
          orderNum: (call.body as NewOrderBody).orderNum,
          orderStatus: 'RECEIVED',
          creditHold: { reason: OVER, since: '2025-03-06T12:00:00.000Z' },
        }),
      }));
    renderHarness(SALES);
    await user.click(await screen.findByRole('button', { name: 'Open new order' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Order' });
    await user.click(await within(dialog).findByRole('button', { name: /Acme/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Gelato' }));
    // No customer yet: nothing asked.
    expect(api.callsTo('GET', '/api/db/customers/getCreditStatus/c-1')).toHaveLength(0);

    choose(dialog, 'customer-picker', 'c-1');
    // $60 owed + $180 (6 Gelato at $30) is over the $200 limit.
    expect(await within(dialog).findByText(HOLD_HEADER)).toBeInTheDocument();
    expect(within(dialog).getByText(`${OVER}.`)).toBeInTheDocument();
    expect(within(dialog).getByText('An administrator releases it before it moves past Received.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/db/customers/getCreditStatus/c-1')).toHaveLength(1);

    // A $50 discount brings it to $130: $190 in all, under the limit.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Discount' }));
    await setDiscount(user, dialog, '50');
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('$130.00');
    await waitFor(() => expect(within(dialog).queryByText(HOLD_HEADER)).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('checkbox', { name: 'Discount' }));
    expect(await within(dialog).findByText(HOLD_HEADER)).toBeInTheDocument();

    // The server holds it: the notification says so.
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(api.callsTo('POST', '/api/db/orders/new')).toHaveLength(1));
    expect(await screen.findByText(`Saved on credit hold: ${OVER}.`, { exact: false })).toBeInTheDocument();
  });
});

describe('Edit Order credit hold', () => {
  const HELD = makeOrder({
    orderNum: '1043',
    orderStatus: 'RECEIVED',
    paymentStatus: 'AWAITING',
    creditHold: { reason: OVER, since: '2025-03-06T12:00:00.000Z' },
  });

  /** The order as the server holds it: the release answers it released, with a new modifiedOn. */
  function holdApi() {
    let current: Order = HELD;
    const api = orderApi()
      .on('GET', '/api/db/orders/getByID/o-1', () => ({ body: { res: current } }))
      .on('PUT', '/api/db/orders/releaseHold/o-1', (call) => {
        const { creditHold, ...rest } = current;
        current = {
          ...rest,
          creditHoldReleased: {
            ...creditHold!,
            on: '2025-03-07T10:00:00.000Z',
            by: 'Ada Admin',
            note: (call.body as { note: string }).note,
          },
          modifiedOn: '2025-03-07T10:00:00.000Z',
        };
        return { body: current };
      });
    return api;
  }

  async function openEdit(user: User) {
    await user.click(await screen.findByRole('button', { name: 'Open edit order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Order' });
    await within(dialog).findByText('Green Leaf');
    return dialog;
  }

  it('shows the hold, says a later status must wait, and lets an ADMIN release it with a why', async () => {
    const user = userEvent.setup();
    const api = holdApi();
    renderHarness(ADMIN);
    const dialog = await openEdit(user);
    expect(within(dialog).getByText('On credit hold since Mar 6, 2025')).toBeInTheDocument();
    expect(within(dialog).getByText(OVER)).toBeInTheDocument();

    choose(dialog, 'order-status', 'FULFILLMENT');
    expect(await within(dialog).findByText(`${HOLD_BLOCKS_STATUS} (${OVER})`)).toBeInTheDocument();
    // Unsaved changes first: releasing reloads the order.
    expect(within(dialog).getByRole('button', { name: 'Release hold' })).toHaveAttribute('aria-disabled', 'true');
    choose(dialog, 'order-status', 'RECEIVED');
    expect(within(dialog).queryByText(`${HOLD_BLOCKS_STATUS} (${OVER})`)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Release hold' }));
    const why = within(dialog).getByRole('textbox', { name: 'Why is the hold released?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release hold' }));
    expect(await within(dialog).findByText('Say why the hold is released')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/db/orders/releaseHold/o-1')).toHaveLength(0);
    await user.type(why, 'Paid by wire today');
    await user.click(within(dialog).getByRole('button', { name: 'Release hold' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/orders/releaseHold/o-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/orders/releaseHold/o-1')[0]!.body).toEqual({
      note: 'Paid by wire today',
      modifiedOn: HELD.modifiedOn,
    });
    expect(await screen.findByText('Credit hold on order 1043 released.')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Credit hold released Mar 7, 2025 by Ada Admin: Paid by wire today'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('On credit hold since Mar 6, 2025')).not.toBeInTheDocument();
    // The order moves on now.
    choose(dialog, 'order-status', 'FULFILLMENT');
    expect(within(dialog).queryByText(`${HOLD_BLOCKS_STATUS} (${OVER})`)).not.toBeInTheDocument();
  });

  it('shows sales the hold without a release', async () => {
    const user = userEvent.setup();
    holdApi();
    renderHarness(SALES);
    const dialog = await openEdit(user);
    expect(within(dialog).getByText('On credit hold since Mar 6, 2025')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Release hold' })).not.toBeInTheDocument();
  });
});
