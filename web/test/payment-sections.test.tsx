import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, preloadLazyModules, renderApp } from './helpers';
import { SALES } from './brands-fixtures';
import { makeCustomer, makeOrder, orderApi, renderHarness } from './order-builder-fixtures';
import { CASH_PAYMENT, makePayment } from './payment-fixtures';
import { invalidateRoutes } from '../src/api/hooks';
import { PAYMENT_QUERY_ROUTES } from '../src/pages/payments/payment-routes';
import type * as RegistryModule from '../src/app/modal-registry';

/** The payment dialogs are built elsewhere (`payments/dialog/`): stand-ins show the props they were given. */
vi.mock('../src/app/modal-registry', async (importOriginal) => {
  const { lazy, createElement } = await import('react');
  const original = await importOriginal<typeof RegistryModule>();
  const standIn = (name: string) =>
    lazy(async () => ({
      default: ({ onDismiss: _onDismiss, ...props }: { onDismiss: () => void }) =>
        createElement('div', { role: 'dialog', 'aria-label': name }, JSON.stringify(props)),
    }));
  return {
    modalRegistry: {
      ...original.modalRegistry,
      AddPayment: standIn('AddPayment'),
      EditPayment: standIn('EditPayment'),
    },
  };
});

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/orders/EditOrderModal'),
    import('../src/pages/customers/CustomersPage'),
    import('../src/pages/customers/ViewCustomerOrdersModal'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;

const dialogProps = async (name: string) =>
  JSON.parse((await screen.findByRole('dialog', { name })).textContent!) as Record<string, unknown>;

/** The label and value of each pair of a KeyValuePairs. */
const pairsOf = (element: HTMLElement) =>
  createWrapper(element)
    .findKeyValuePairs()!
    .findItems()
    .map((item) => [item.findLabel()!.getElement().textContent, item.findValue()!.getElement().textContent]);

// Order o-1 (1001) of Green Leaf: a $150 check split across 1001 ($20) and 1002, and a $6 card payment.
const ORDER_PAYMENTS = [
  makePayment({
    appliedPayments: [
      { orderId: 'o-1', orderNum: '1001', amount: 20 },
      { orderId: 'o-2', orderNum: '1002', amount: 40 },
    ],
  }),
  makePayment({
    id: 'pay-3',
    paymentDate: '2026-03-08',
    paymentMethod: 'CARD',
    amount: 6,
    appliedPayments: [{ orderId: 'o-1', orderNum: '1001', amount: 6 }],
  }),
];

async function openEditOrder(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Open edit order' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Order' });
  await within(dialog).findByText('Green Leaf');
  return dialog;
}

describe("Edit Order's Payments section", () => {
  const order = makeOrder({ orderNum: '1001', orderStatus: 'RECEIVED', paymentStatus: 'PARTIAL', balanceDue: 10 });
  const api = () =>
    orderApi()
      .on('GET', '/api/db/orders/getByID/o-1', { body: { res: order } })
      .on('GET', '/api/db/payments/getByOrder/o-1', { body: ORDER_PAYMENTS });

  it("lists the order's payments with what each gave this order, and the balance due", async () => {
    const user = userEvent.setup();
    const calls = api();
    renderHarness(SALES);
    const dialog = await openEditOrder(user);
    const table = await within(dialog).findByRole('table', { name: 'Payments of this order' });
    await within(table).findByText('Mar 8, 2026');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) => [
        within(r).getByRole('rowheader').textContent,
        ...within(r)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((c) => c.textContent),
      ]),
    ).toEqual([
      ['Mar 4, 2026Check', '$20.00', '$150.00'],
      ['Mar 8, 2026Card', '$6.00', '$6.00'],
    ]);
    expect(pairsOf(within(dialog).getByTestId('order-balance'))).toEqual([
      ['Balance due', '$10.00'],
      ['Paid to this order', '$26.00'],
    ]);
    expect(calls.callsTo('GET', '/api/db/payments/getByOrder/o-1')).toHaveLength(1);
  });

  it('opens AddPayment with the customer and this order, and EditPayment with the payment', async () => {
    const user = userEvent.setup();
    api();
    renderHarness(SALES);
    const dialog = await openEditOrder(user);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await dialogProps('AddPayment')).toEqual({ customerId: 'c-1', orderId: 'o-1' });

    await user.click(
      within(dialog).getByRole('button', { name: 'Edit payment of $6.00 by Green Leaf on Mar 8, 2026' }),
    );
    expect(await dialogProps('EditPayment')).toEqual({ paymentId: 'pay-3' });
  });

  it('waits for unsaved order changes to be saved before a payment (a payment reloads the order)', async () => {
    const user = userEvent.setup();
    api();
    renderHarness(SALES);
    const dialog = await openEditOrder(user);
    const record = within(dialog).getByRole('button', { name: 'Record payment' });
    expect(record).toBeEnabled();
    await user.type(within(dialog).getByPlaceholderText('Order notes'), 'Leave at the back door');
    expect(within(dialog).getByRole('button', { name: /Record payment/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('follows a payment saved elsewhere once the payment routes are invalidated', async () => {
    const user = userEvent.setup();
    const calls = api();
    const { queryClient } = renderHarness(SALES);
    const dialog = await openEditOrder(user);
    await within(dialog).findByText('Mar 8, 2026');
    calls
      .on('GET', '/api/db/orders/getByID/o-1', { body: { res: { ...order, balanceDue: 0, paymentStatus: 'PAID' } } })
      .on('GET', '/api/db/payments/getByOrder/o-1', {
        body: [
          makePayment({
            id: 'pay-4',
            paymentDate: '2026-03-09',
            amount: 10,
            appliedPayments: [{ orderId: 'o-1', orderNum: '1001', amount: 10 }],
          }),
          ...ORDER_PAYMENTS,
        ],
      });
    await act(() => invalidateRoutes(queryClient, PAYMENT_QUERY_ROUTES));
    expect(await within(dialog).findByText('Mar 9, 2026')).toBeInTheDocument();
    await waitFor(() =>
      expect(pairsOf(within(dialog).getByTestId('order-balance'))).toEqual([
        ['Balance due', '$0.00'],
        ['Paid to this order', '$36.00'],
      ]),
    );
  });

  it('says so when the order has no payment yet', async () => {
    const user = userEvent.setup();
    api().on('GET', '/api/db/payments/getByOrder/o-1', { body: [] });
    renderHarness(SALES);
    const dialog = await openEditOrder(user);
    expect(await within(dialog).findByText('No payments recorded for this order.')).toBeInTheDocument();
  });
});

describe("A customer's payments and credit (View Orders)", () => {
  const GREEN = makeCustomer({ creditAvailable: 12.5 });
  const setup = () =>
    fakeApi()
      .on('GET', '/api/db/customers/getAll', { body: [GREEN] })
      .on('GET', '/api/db/users/getAll', { body: { res: [] } })
      .on('GET', '/api/db/customers/getAllOrders/c-1', { body: { res: [] } })
      .on('GET', '/api/db/customers/getAvailableCredit/c-1', { body: { creditAvailable: 12.5 } })
      .on('GET', '/api/db/payments/getByCustomer/c-1', {
        body: [makePayment(), { ...CASH_PAYMENT, customerId: 'c-1', customerID: 'c-1', customerName: 'Green Leaf' }],
      });

  async function openViewOrders(user: User) {
    const table = await screen.findByRole('grid', { name: 'Customers' });
    await user.click(await within(table).findByRole('radio', { name: 'Green Leaf' }));
    await user.click(screen.getByRole('button', { name: 'View orders' }));
    return screen.findByRole('dialog', { name: 'View Orders' });
  }

  it('shows the available credit and the payments, newest first, with Record payment and Edit', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/customers', SALES);
    const dialog = await openViewOrders(user);
    const table = await within(dialog).findByRole('table', { name: 'Payments of Green Leaf' });
    await within(table).findByText('Mar 6, 2026');
    expect(pairsOf(await within(dialog).findByTestId('customer-credit'))).toEqual([['Available credit', '$12.50']]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Mar 6, 2026');
    expect(rows[0]).toHaveTextContent('$25.50');
    expect(rows[1]).toHaveTextContent('Mar 4, 2026');
    expect(within(rows[1]!).getByRole('link', { name: /^1002/ })).toHaveAttribute('href', '/orders/1002');

    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await dialogProps('AddPayment')).toEqual({ customerId: 'c-1' });
  });

  it('records a payment for the selected customer from the Actions menu', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/customers', SALES);
    const table = await screen.findByRole('grid', { name: 'Customers' });
    await user.click(await within(table).findByRole('radio', { name: 'Green Leaf' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Record payment' }));
    expect(await dialogProps('AddPayment')).toEqual({ customerId: 'c-1' });
  });
});
