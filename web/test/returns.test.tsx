import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewReturnBody, Return } from '@bo/shared';
import { useModals } from '../src/modals/context';
import { INVENTORY, SALES } from './brands-fixtures';
import { makeSession, makeUser, preloadLazyModules, renderApp, renderInShell } from './helpers';
import { makeOrder, orderApi, orderItem, renderHarness } from './order-builder-fixtures';
import { makeReturn, withoutMoney } from './return-fixtures';

/** Returns and credit notes (issue 23, section 3): Return Items, an order's Returns, the Returns page. */

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/orders/EditOrderModal'),
    import('../src/pages/orders/OrderPage'),
    import('../src/pages/orders/returns/ReturnItemsModal'),
    import('../src/pages/orders/returns/ConfirmRestockModal'),
    import('../src/pages/customers/CustomerReturnsModal'),
    import('../src/pages/orders/returns/ReturnsPage'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;

/** Order 1042, delivered: 2 Blue Dream at $18 ($36), $20 still owed. */
const ORDER = makeOrder({
  orderNum: '1042',
  orderStatus: 'DELIVERED',
  paymentStatus: 'PARTIAL',
  balanceDue: 20,
  orderedItems: [orderItem({})],
});
const MADE = makeReturn({
  lines: [{ ...makeReturn().lines[0]!, quantity: 1, value: 18 }],
  amount: 18,
  appliedToOrder: 18,
  toCredit: 0,
  units: 1,
});

function returnsApi(returns: Return[] = []) {
  return orderApi()
    .on('GET', '/api/db/orders/getByID/o-1', { body: { res: ORDER } })
    .on('GET', '/api/db/orders/getByID/1042', { body: { res: ORDER } })
    .on('GET', '/api/db/payments/getByOrder/o-1', { body: [] })
    .on('GET', '/api/db/returns/getByOrder/o-1', { body: returns });
}

async function openReturnItems(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Open edit order' }));
  const edit = await screen.findByRole('dialog', { name: 'Edit Order' });
  const section = await within(edit).findByTestId('order-returns');
  expect(await within(section).findByText('No returns')).toBeInTheDocument();
  const button = () => within(edit).getByRole('button', { name: /Return items/ });
  await waitFor(() => expect(button()).toBeEnabled());
  // Unsaved changes first: a return reloads the order.
  const notes = within(edit).getByPlaceholderText('Order notes');
  await user.type(notes, ' and the side gate');
  expect(button()).toHaveAttribute('aria-disabled', 'true');
  await user.clear(notes);
  await user.type(notes, ORDER.notes!);
  await waitFor(() => expect(button()).not.toHaveAttribute('aria-disabled', 'true'));
  await user.click(button());
  const dialog = await screen.findByRole('dialog', { name: 'Return items from order 1042' });
  await within(dialog).findByRole('table', { name: 'Products on this order' });
  return dialog;
}

describe('Return Items', () => {
  it('waits for unsaved order changes, previews the credit note by the shared rules, asks for a reason and a refund method, and sends one key per attempt', async () => {
    const user = userEvent.setup();
    const answers = [
      { status: 409, body: { message: 'At most 1 of ACM-FLO-0001 can still be returned' } },
      { status: 503, body: { message: 'Service unavailable' } },
      { body: MADE },
    ];
    const api = returnsApi().on('POST', '/api/db/returns/new', () => answers.shift()!);
    renderHarness(SALES);
    const dialog = await openReturnItems(user);

    // One row per product: sold, already returned, returnable.
    const row = within(dialog).getByRole('row', { name: /Blue Dream/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['2', '0']));
    expect(within(dialog).getByText('Enter how many units of each product came back.')).toBeInTheDocument();

    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity of Blue Dream to return' });
    await user.type(quantity, '3');
    expect(await within(dialog).findByText('At most 2')).toBeInTheDocument();
    expect(within(dialog).getByTestId('return-refusal')).toHaveTextContent(
      'At most 2 of ACM-FLO-0001 can still be returned',
    );
    await user.clear(quantity);
    await user.type(quantity, '1');
    const preview = within(dialog).getByTestId('return-preview');
    expect(within(preview).getByTestId('return-preview-amount')).toHaveTextContent(
      'Credit note of $18.00 off what the order owes',
    );
    expect(preview).toHaveTextContent('Order 1042 owes $20.00 → $2.00');
    expect(preview).toHaveTextContent('1 unit goes back into stock');

    // Nothing is sent without a reason, nor a refund without its method.
    await user.click(within(dialog).getByRole('radio', { name: /Refund/ }));
    await user.click(within(dialog).getByTestId('return-submit'));
    expect(await within(dialog).findByText('Say why the goods came back')).toBeInTheDocument();
    expect(within(dialog).getByText(/A refund names how the money goes back/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/db/returns/new')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Crushed in transit');
    const select = createWrapper(dialog).findSelect('[data-testid="return-method"]')!;
    select.openDropdown();
    select.selectOptionByValue('CASH');
    expect(within(preview).getByTestId('return-preview-amount')).toHaveTextContent(
      'Credit note of $18.00 off what the order owes',
    );

    // A refusal (4xx) writes nothing: the next attempt is a new return with a new key.
    await user.click(within(dialog).getByTestId('return-submit'));
    expect(await within(dialog).findByTestId('return-failure')).toHaveTextContent(
      'At most 1 of ACM-FLO-0001 can still be returned',
    );
    // A lost answer (5xx) may have made it: the retry sends the same key.
    await user.click(within(dialog).getByTestId('return-submit'));
    expect(await within(dialog).findByText('Service unavailable')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('return-submit'));
    expect(await screen.findByText('Credit note CN-00012 of $18.00 made for order 1042.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Return items/ })).not.toBeInTheDocument());

    const posts = api.callsTo('POST', '/api/db/returns/new');
    expect(posts).toHaveLength(3);
    const keys = posts.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
    expect(posts[2]!.body as NewReturnBody).toEqual({
      orderId: 'o-1',
      reason: 'Crushed in transit',
      lines: [{ productSku: 'ACM-FLO-0001', quantity: 1, disposition: 'RESTOCK' }],
      settlement: 'REFUND',
      method: 'CASH',
    });
  });

  it('is not offered once every unit came back, and shows the credit notes with their money', async () => {
    const user = userEvent.setup();
    returnsApi([makeReturn()]);
    renderHarness(SALES);
    await user.click(await screen.findByRole('button', { name: 'Open edit order' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Order' });
    const section = await within(edit).findByTestId('order-returns');
    expect(await within(section).findByText('CN-00012')).toBeInTheDocument();
    expect(section).toHaveTextContent('2 × Blue Dream (restock), 1 × Gelato (write off)');
    expect(section).toHaveTextContent("$60.00 · Credit to customer · $40.00 off the order's balance, $20.00 to credit");
    await waitFor(() =>
      expect(within(edit).getByRole('button', { name: /Return items/ })).toHaveAttribute('aria-disabled', 'true'),
    );
    const reason = within(edit).getByRole('button', { name: /Return items/ });
    reason.focus();
    expect(await screen.findByText('Every unit of this order was already returned')).toBeInTheDocument();
    // A reader who may make returns may not confirm restocks.
    expect(within(section).queryByRole('button', { name: /Confirm restock/ })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Credit note CN-00012 PDF' })).toBeInTheDocument();
  });
});

describe("an order's Returns for INVENTORY", () => {
  it('shows the credit notes without money, and confirms a restock with a note', async () => {
    const user = userEvent.setup();
    const unconfirmed = withoutMoney(makeReturn());
    let current = unconfirmed;
    const api = returnsApi()
      .on('GET', '/api/db/users/getById/u-inv', { body: makeUser({ id: 'u-inv', role: ['INVENTORY'] }) })
      .on('GET', '/api/db/returns/getByOrder/o-1', () => ({ body: [current] }))
      .on('PUT', '/api/db/returns/confirmRestock/r-1', (call) => {
        current = {
          ...unconfirmed,
          restockConfirmed: {
            on: '2026-03-07T10:00:00.000Z',
            by: 'Ivy Inventory',
            note: (call.body as { note?: string }).note,
          },
        };
        return { body: current };
      });
    renderApp('/orders/1042', INVENTORY);
    const section = await screen.findByTestId('order-returns');
    expect(await within(section).findByText('CN-00012')).toBeInTheDocument();
    expect(section).toHaveTextContent('Credit to customer');
    expect(section).not.toHaveTextContent('$');
    expect(screen.queryByRole('button', { name: 'Return items' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Confirm restock of CN-00012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm restock of CN-00012' });
    expect(dialog).toHaveTextContent('2 × Blue Dream (ACM-FLO-0001; batch B-001 × 2)');
    expect(dialog).not.toHaveTextContent('Gelato');
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'On shelf B3');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm restock' }));
    expect(await screen.findByText('Restock of credit note CN-00012 confirmed.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/db/returns/confirmRestock/r-1')[0]!.body).toEqual({ note: 'On shelf B3' });
    expect(await within(section).findByText(/Confirmed by Ivy Inventory on Mar 7, 2026/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Confirm restock/ })).not.toBeInTheDocument();
  });
});

const LIST = [
  makeReturn(),
  makeReturn({
    id: 'r-2',
    creditNoteNum: 'CN-00013',
    orderId: 'o-9',
    orderNum: '1050',
    customerName: 'Harbor View',
    settlement: 'REFUND',
    method: 'CARD',
    lines: [{ ...makeReturn().lines[1]! }],
    amount: 30,
    appliedToOrder: 0,
    refunded: 30,
    toCredit: undefined,
    units: 1,
    createdAt: '2026-03-08T09:00:00.000Z',
  }),
];

describe('the Returns page', () => {
  it('lists the returns of the last 30 days with their orders, money and restock state', async () => {
    const api = orderApi().on('GET', '/api/db/returns/getAll', { body: LIST });
    renderApp('/returns', SALES);
    const table = await screen.findByRole('grid', { name: 'Returns' });
    await within(table).findByText('CN-00013');
    const asked = api.callsTo('GET', '/api/db/returns/getAll')[0]!.query;
    const days = (Date.parse(asked.get('to')!) - Date.parse(asked.get('from')!)) / 86_400_000;
    expect(days).toBe(29);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Credit note', 'Order', 'Customer', 'Units', 'Credit', 'Restock']));
    const refund = within(table).getByRole('row', { name: /CN-00013/ });
    expect(refund).toHaveTextContent('Refund (Card)');
    expect(refund).toHaveTextContent('$30.00 paid back');
    expect(refund).toHaveTextContent('Nothing to restock');
    expect(within(refund).getByRole('link', { name: /1050/ })).toHaveAttribute('href', '/orders/1050');
    // Newest first.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('CN-00013');
  });

  it('shows INVENTORY no money and offers the restock check', async () => {
    orderApi()
      .on('GET', '/api/db/users/getById/u-inv', { body: makeUser({ id: 'u-inv', role: ['INVENTORY'] }) })
      .on('GET', '/api/db/returns/getAll', { body: LIST.map(withoutMoney) });
    renderApp('/returns', INVENTORY);
    const table = await screen.findByRole('grid', { name: 'Returns' });
    await within(table).findByText('CN-00012');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).not.toContain('Credit');
    expect(headers).toContain('Settlement');
    expect(table).not.toHaveTextContent('$');
    expect(within(table).getByRole('button', { name: 'Confirm restock of CN-00012' })).toBeInTheDocument();
  });

  it('is in the navigation of the roles that read returns', async () => {
    orderApi().on('GET', '/api/db/returns/getAll', { body: [] });
    renderApp('/returns', makeSession({ roles: ['SALES'] }));
    expect(await screen.findByText('No goods came back in this date range.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Side navigation' });
    expect(within(nav).getByRole('link', { name: 'Returns' })).toHaveAttribute('href', '/returns');
  });
});

function CustomerHarness() {
  const { openModal } = useModals();
  return (
    <button
      type="button"
      onClick={() => openModal('CustomerReturns', { customerId: 'c-1', customerName: 'Green Leaf' })}
    >
      Open returns
    </button>
  );
}

describe("a customer's returns", () => {
  it('lists every return of the customer with its order and credit note PDF', async () => {
    const user = userEvent.setup();
    orderApi().on('GET', '/api/db/returns/getByCustomer/c-1', { body: [makeReturn()] });
    renderInShell(<CustomerHarness />, SALES);
    await user.click(await screen.findByRole('button', { name: 'Open returns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Returns of Green Leaf' });
    const table = await within(dialog).findByRole('table', { name: 'Returns of Green Leaf' });
    const row = await within(table).findByRole('row', { name: /CN-00012/ });
    expect(row).toHaveTextContent('Credit to customer');
    expect(within(row).getByRole('link', { name: /1042/ })).toHaveAttribute('href', '/orders/1042');
    expect(within(row).getByRole('button', { name: 'Credit note CN-00012 PDF' })).toBeInTheDocument();
  });
});
