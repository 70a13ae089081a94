import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES, type AddPaymentBody, type Payment, type UpdatePaymentBody } from '@bo/shared';
import { useModals } from '../src/modals/context';
import { SALES } from './brands-fixtures';
import { fakeApi, renderInShell, type FakeApi } from './helpers';
import { makeCustomer } from './order-builder-fixtures';
import { makeOrderSummary } from './order-list-fixtures';

// Green Leaf has $50.00 of credit and three orders: 1001 owes all $100, 1002 owes $60 of $80, 1003 is paid.
const GREEN = makeCustomer({ creditAvailable: 50 });
const HARBOR = makeCustomer({ id: 'c-2', customerName: 'Harbor View' });
const ORDERS = [
  makeOrderSummary({
    id: 'o-1',
    orderNum: '1001',
    total: 100,
    subtotal: 100,
    balanceDue: 100,
    brands: ['Acme', 'Bolt'],
  }),
  makeOrderSummary({ id: 'o-2', orderNum: '1002', total: 80, subtotal: 80, balanceDue: 60, paymentStatus: 'PARTIAL' }),
  makeOrderSummary({ id: 'o-3', orderNum: '1003', total: 40, subtotal: 40, balanceDue: 0, paymentStatus: 'PAID' }),
];
const STAMP = '2026-03-09T10:00:00.000Z';
const ADD = '/api/db/payments/add/c-1';
const UPDATE = '/api/db/payments/update/p-1';

const stored = (overrides: Partial<Payment> = {}): Payment => ({
  id: 'p-1',
  customerId: 'c-1',
  customerID: 'c-1',
  customerName: 'Green Leaf',
  amount: 50,
  paymentDate: '2026-03-08',
  paymentMethod: 'CHECK',
  notes: 'Check 42',
  appliedPayments: [
    { orderId: 'o-1', orderNum: '1001', amount: 40 },
    { orderId: 'o-2', orderNum: '1002', amount: 20 },
  ],
  orders: [
    { orderId: 'o-1', orderNum: '1001', amountApplied: 40 },
    { orderId: 'o-2', orderNum: '1002', amountApplied: 20 },
  ],
  customerCreditDeducted: 10,
  customerCreditAdded: 0,
  createdOn: STAMP,
  modifiedOn: STAMP,
  ...overrides,
});

function paymentApi() {
  return fakeApi()
    .on('GET', '/api/db/customers/getAll', { body: [GREEN, HARBOR] })
    .on('GET', '/api/db/orders/getByCustomer/c-1', { body: ORDERS })
    .on('GET', '/api/db/orders/getByCustomer/c-2', { body: [] })
    .on('GET', '/api/db/customers/getAvailableCredit/c-1', { body: { creditAvailable: 50 } })
    .on('GET', '/api/db/customers/getAvailableCredit/c-2', { body: { creditAvailable: 0 } })
    .on('GET', '/api/db/orders/getByID/o-2', { body: { res: { ...ORDERS[1], orderedItems: [] } } })
    .on('POST', ADD, (call) => ({ body: { ...stored(), ...(call.body as object), id: 'p-9' } }));
}

function Harness() {
  const { openModal } = useModals();
  return (
    <div>
      <button type="button" onClick={() => openModal('AddPayment', {})}>
        Add blank
      </button>
      <button type="button" onClick={() => openModal('AddPayment', { customerId: 'c-1' })}>
        Add for Green Leaf
      </button>
      <button type="button" onClick={() => openModal('AddPayment', { orderId: 'o-2' })}>
        Add for order 1002
      </button>
      <button type="button" onClick={() => openModal('EditPayment', { paymentId: 'p-1' })}>
        Edit p-1
      </button>
    </div>
  );
}

const renderHarness = () => renderInShell(<Harness />, SALES).queryClient;

type User = ReturnType<typeof userEvent.setup>;

beforeAll(async () => {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/payments/dialog/PaymentModal'),
    import('../src/components/ConfirmationModal'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

async function open(user: User, button: string, title = 'Add Payment') {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

/** Opens Add Payment for Green Leaf and waits for its orders. */
async function openForGreen(user: User) {
  const dialog = await open(user, 'Add for Green Leaf');
  await within(dialog).findByText('1001');
  await within(dialog).findByText('Available: $50.00');
  return dialog;
}

const amountBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Amount' });
const applyBox = (dialog: HTMLElement, orderNum: string) =>
  within(dialog).getByRole('textbox', { name: `Apply $ to order ${orderNum}` });
const selector = (dialog: HTMLElement, orderNum: string) =>
  within(dialog).queryByRole('radio', { name: `Select order ${orderNum}` }) ??
  within(dialog).getByRole('checkbox', { name: `Select order ${orderNum}` });
const tone = (dialog: HTMLElement, orderNum: string) =>
  within(dialog).getByTestId(`pay-row-${orderNum}`).getAttribute('data-tone');
const submit = (user: User, dialog: HTMLElement, name = 'Submit') =>
  user.click(within(dialog).getByRole('button', { name }));
const problems = (dialog: HTMLElement) =>
  Array.from(within(dialog).queryByTestId('pay-problems')?.querySelectorAll('li') ?? [], (li) => li.textContent);

async function typeInto(user: User, box: HTMLElement, text: string) {
  await user.clear(box);
  if (text) await user.type(box, text);
}

const splitMode = (dialog: HTMLElement) => createWrapper(dialog).findSegmentedControl()!.findSegments()[1]!.click();

describe('Add Payment', () => {
  it('shows each section 5 message before sending anything', async () => {
    const user = userEvent.setup();
    const api = paymentApi();
    renderHarness();
    const dialog = await openForGreen(user);

    await submit(user, dialog);
    expect(problems(dialog)).toEqual([PAYMENT_MESSAGES.amountRequired]);
    // The field says it too.
    expect(within(dialog).getAllByText(PAYMENT_MESSAGES.amountRequired)).toHaveLength(2);

    await typeInto(user, amountBox(dialog), '100');
    act(() => splitMode(dialog));
    await user.click(selector(dialog, '1001'));
    await submit(user, dialog);
    expect(problems(dialog)).toEqual([PAYMENT_MESSAGES.orderAmountRequired]);
    expect(tone(dialog, '1001')).toBe('red');

    // 90 + 60 = 150 of 100: too much in all, and 1002's 60 is above the 10 left after 1001.
    await typeInto(user, applyBox(dialog, '1001'), '90');
    await user.click(selector(dialog, '1002'));
    await typeInto(user, applyBox(dialog, '1002'), '60');
    expect(problems(dialog)).toEqual([PAYMENT_MESSAGES.insufficientFunds, PAYMENT_MESSAGES.insufficientRemaining]);
    expect(within(dialog).getByText(PAYMENT_MESSAGES.insufficientRemaining, { selector: 'li' })).toBeInTheDocument();

    // 1002 owes 60: 70 exceeds it even with funds to spare.
    await typeInto(user, amountBox(dialog), '300');
    await typeInto(user, applyBox(dialog, '1002'), '70');
    expect(problems(dialog)).toEqual([PAYMENT_MESSAGES.exceedsBalance]);
    expect(applyBox(dialog, '1002')).toHaveAttribute('aria-invalid', 'true');

    // Credit: 80 typed of 50 available is capped at 50 and says why.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Use customer credit' }));
    const credit = within(dialog).getByRole('textbox', { name: 'Credit used' });
    expect(credit).toHaveValue('50.00');
    await typeInto(user, credit, '80');
    expect(credit).toHaveValue('50.00');
    expect(within(dialog).getByText(PAYMENT_MESSAGES.creditExceedsAvailable)).toBeInTheDocument();

    expect(api.callsTo('POST', ADD)).toHaveLength(0);
  });

  it('refuses a payment date outside 2000-01-01…2099-12-31 before sending, naming the field', async () => {
    const user = userEvent.setup();
    const api = paymentApi();
    renderHarness();
    const dialog = await openForGreen(user);
    await typeInto(user, amountBox(dialog), '60');
    await user.click(selector(dialog, '1002'));
    act(() => createWrapper(dialog).findDatePicker()!.setInputValue('2100/01/01'));
    const message = 'Payment date must be between 2000-01-01 and 2099-12-31';
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    await submit(user, dialog);
    expect(problems(dialog)).toEqual([message]);
    expect(api.callsTo('POST', ADD)).toHaveLength(0);

    act(() => createWrapper(dialog).findDatePicker()!.setInputValue('2099/12/31'));
    await submit(user, dialog);
    await waitFor(() => expect(api.callsTo('POST', ADD)).toHaveLength(1));
    expect(api.callsTo('POST', ADD)[0]!.body).toMatchObject({ paymentDate: '2099-12-31' });
  });

  it('Single selects one order and gives it the funds up to its balance; zero-balance rows cannot be selected', async () => {
    const user = userEvent.setup();
    paymentApi();
    renderHarness();
    const dialog = await openForGreen(user);
    expect(selector(dialog, '1003')).toBeDisabled();
    expect(tone(dialog, '1003')).toBe('disabled');
    expect(within(dialog).getByText('Acme, Bolt')).toBeInTheDocument();

    await typeInto(user, amountBox(dialog), '75');
    await user.click(selector(dialog, '1001'));
    expect(within(dialog).getByTestId('pay-apply-1001')).toHaveTextContent('$75.00');
    expect(within(dialog).getByText('PARTIAL PAYMENT')).toBeInTheDocument();
    expect(tone(dialog, '1001')).toBe('amber');

    await user.click(selector(dialog, '1002'));
    expect(selector(dialog, '1001')).not.toBeChecked();
    expect(within(dialog).queryByTestId('pay-apply-1001')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('pay-apply-1002')).toHaveTextContent('$60.00');
    expect(within(dialog).getByText('FULLY PAID')).toBeInTheDocument();
    expect(tone(dialog, '1002')).toBe('green');
    expect(tone(dialog, '1001')).toBe('none');

    // Split keeps the order with what it took, and lets a second one join.
    act(() => splitMode(dialog));
    expect(applyBox(dialog, '1002')).toHaveValue('60.00');
    await user.click(selector(dialog, '1001'));
    expect(selector(dialog, '1001')).toBeChecked();
    expect(selector(dialog, '1002')).toBeChecked();
    expect(selector(dialog, '1003')).toBeDisabled();
  });

  it("'Balance to selected orders' fills the amounts; the bars show what goes to orders and the rest to credit; submits the spec's body once keyed", async () => {
    const user = userEvent.setup();
    const api = paymentApi();
    renderHarness();
    const dialog = await openForGreen(user);
    await typeInto(user, amountBox(dialog), '130');
    act(() => splitMode(dialog));
    await user.click(selector(dialog, '1001'));
    await user.click(selector(dialog, '1002'));
    await user.click(within(dialog).getByRole('button', { name: 'Balance to selected orders' }));
    expect(applyBox(dialog, '1001')).toHaveValue('100.00');
    expect(applyBox(dialog, '1002')).toHaveValue('30.00');
    expect([tone(dialog, '1001'), tone(dialog, '1002')]).toEqual(['green', 'amber']);

    // $150 + $20 credit = $170: $160 to the orders, $10 to the account.
    await typeInto(user, amountBox(dialog), '150');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Use customer credit' }));
    await typeInto(user, within(dialog).getByRole('textbox', { name: 'Credit used' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Balance to selected orders' }));
    expect(applyBox(dialog, '1002')).toHaveValue('60.00');
    expect(within(dialog).getByTestId('pay-progress-applied')).toHaveTextContent('Funds Applied to Orders');
    expect(within(dialog).getByTestId('pay-progress-applied')).toHaveTextContent('$160.00 of $170.00');
    expect(within(dialog).getByTestId('pay-progress-credit')).toHaveTextContent('Credit to Account');
    expect(within(dialog).getByTestId('pay-progress-credit')).toHaveTextContent('$10.00 of $170.00');

    const method = createWrapper(dialog).findSelect('[data-testid="pay-method"]')!;
    method.openDropdown();
    method.selectOptionByValue('CARD');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), ' Paid at the counter ');
    // Enter in the amount submits nothing.
    await user.type(amountBox(dialog), '{Enter}');
    expect(api.callsTo('POST', ADD)).toHaveLength(0);

    await submit(user, dialog);
    await waitFor(() => expect(api.callsTo('POST', ADD)).toHaveLength(1));
    const call = api.callsTo('POST', ADD)[0]!;
    const body = call.body as AddPaymentBody;
    expect(body).toEqual({
      customerId: 'c-1',
      amount: 150,
      paymentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      appliedPayments: [
        { orderId: 'o-1', amount: 100 },
        { orderId: 'o-2', amount: 60 },
      ],
      customerCreditDeducted: 20,
      customerCreditAdded: 10,
      paymentMethod: 'CARD',
      notes: 'Paid at the counter',
    });
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Payment of $150.00 recorded for Green Leaf.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Payment' })).not.toBeInTheDocument());
  });

  it("keeps the Idempotency-Key for a retry of the same payment and shows 'Failed to submit payment' with the server's message", async () => {
    const user = userEvent.setup();
    const api = paymentApi().on('POST', ADD, { status: 500, body: { message: 'Service unavailable' } });
    renderHarness();
    const dialog = await openForGreen(user);
    await typeInto(user, amountBox(dialog), '40');
    await submit(user, dialog);
    expect(await within(dialog).findByText('Failed to submit payment')).toBeInTheDocument();
    expect(within(dialog).getByText('Service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Payment' })).toBeInTheDocument();

    await submit(user, dialog);
    await waitFor(() => expect(api.callsTo('POST', ADD)).toHaveLength(2));
    const [first, second] = api.callsTo('POST', ADD);
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
    // All of it to credit: no order selected.
    expect(first!.body).toMatchObject({ amount: 40, appliedPayments: [], customerCreditAdded: 40 });

    // A changed payment is a new attempt with a new key.
    api.on('POST', ADD, { status: 409, body: { message: 'Order 1001 changed meanwhile' } });
    await typeInto(user, amountBox(dialog), '41');
    await submit(user, dialog);
    expect(await within(dialog).findByText('Order 1001 changed meanwhile')).toBeInTheDocument();
    expect(api.callsTo('POST', ADD)[2]!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  });

  it('starts on the customer picker, loads the chosen customer, asks before closing with changes', async () => {
    const user = userEvent.setup();
    paymentApi();
    renderHarness();
    const dialog = await open(user, 'Add blank');
    expect(within(dialog).getByText('Choose a customer to see their orders')).toBeInTheDocument();
    const picker = createWrapper(dialog).findSelect('[data-testid="pay-customer"]')!;
    await waitFor(() => expect(picker.findTrigger().getElement()).toHaveFocus());
    await submit(user, dialog);
    expect(problems(dialog)).toEqual(['Customer is required', PAYMENT_MESSAGES.amountRequired]);

    await waitFor(() => expect(picker.findTrigger().getElement()).not.toHaveAttribute('aria-disabled', 'true'));
    picker.openDropdown();
    await waitFor(() => expect(picker.findDropdown().findOptions().length).toBe(2));
    picker.selectOptionByValue('c-2');
    expect(await within(dialog).findByText('No Orders Found')).toBeInTheDocument();
    // No credit to use.
    expect(await within(dialog).findByText('Available: $0.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Use customer credit' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'No, go back' }));
    expect(screen.getByRole('dialog', { name: 'Add Payment' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Yes, close',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Payment' })).not.toBeInTheDocument());

    // Nothing changed: Close closes at once; with a customer given, focus starts on the amount.
    const again = await openForGreen(user);
    await waitFor(() => expect(amountBox(again)).toHaveFocus());
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Payment' })).not.toBeInTheDocument());
  });

  it('says when the orders or the available credit fail to load, and then offers no credit', async () => {
    const user = userEvent.setup();
    paymentApi()
      .on('GET', '/api/db/orders/getByCustomer/c-1', { status: 500 })
      .on('GET', '/api/db/customers/getAvailableCredit/c-1', { status: 500 });
    renderHarness();
    const dialog = await open(user, 'Add for Green Leaf');
    expect(await within(dialog).findByText('Failed to load orders.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Failed to load the available credit.')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Use customer credit' })).toBeDisabled();
  });

  it('an order given alone brings its customer and starts selected', async () => {
    const user = userEvent.setup();
    paymentApi();
    renderHarness();
    const dialog = await open(user, 'Add for order 1002');
    await within(dialog).findByText('1001');
    await waitFor(() => expect(selector(dialog, '1002')).toBeChecked());
    expect(
      createWrapper(dialog).findSelect('[data-testid="pay-customer"]')!.findTrigger().getElement(),
    ).toHaveTextContent('Green Leaf');
  });
});

describe('Edit Payment', () => {
  // After p-1 (40 to 1001, 20 to 1002, $10 of credit used) the orders owe 60 and 40 and the customer has $50.
  const AFTER = [
    { ...ORDERS[0]!, balanceDue: 60, paymentStatus: 'PARTIAL' as const },
    { ...ORDERS[1]!, balanceDue: 40 },
    ORDERS[2]!,
  ];

  function editApi(): FakeApi {
    return paymentApi()
      .on('GET', '/api/db/orders/getByCustomer/c-1', { body: AFTER })
      .on('GET', '/api/db/payments/getById/p-1', { body: stored() });
  }

  it('starts from the balances and credit as if the payment had not been made and sends update with modifiedOn', async () => {
    const user = userEvent.setup();
    const api = editApi().on('POST', UPDATE, (call) => ({ body: { ...stored(), ...(call.body as object) } }));
    renderHarness();
    const dialog = await open(user, 'Edit p-1', 'Edit Payment');
    await waitFor(() => expect(applyBox(dialog, '1001')).toHaveValue('40.00'));
    expect(applyBox(dialog, '1002')).toHaveValue('20.00');
    // The credit the form may use ($50 now, plus the $10 this payment used) beside what the customer has now.
    expect(within(dialog).getByText('Available: $60.00 once this payment is undone ($50.00 now)')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Credit used' })).toHaveValue('10.00');
    // Nothing changed yet: no outcome to tell.
    expect(within(dialog).queryByTestId('pay-outcome')).toBeNull();
    expect(amountBox(dialog)).toHaveValue('50.00');
    expect(createWrapper(dialog).findSelect('[data-testid="pay-customer"]')!.findTrigger().getElement()).toBeDisabled();
    // The balances the table shows: 1001 owes its whole $100 and 1002 $60 again.
    const table = createWrapper(dialog).findTable()!;
    expect(table.findBodyCell(1, 7)!.getElement()).toHaveTextContent('$100.00');
    expect(table.findBodyCell(2, 7)!.getElement()).toHaveTextContent('$60.00');

    // A failed funds check on edit also asks for a valid amount.
    await typeInto(user, applyBox(dialog, '1001'), '80');
    await submit(user, dialog, 'Update');
    expect(problems(dialog)).toEqual([
      PAYMENT_MESSAGES.insufficientFunds,
      PAYMENT_MESSAGES.invalidAmountOnEdit,
      PAYMENT_MESSAGES.insufficientRemaining,
    ]);
    expect(api.callsTo('POST', UPDATE)).toHaveLength(0);

    await typeInto(user, amountBox(dialog), '90');
    // What the edit will do, from the records as they are: 1001 owes $20 instead of $60, the credit stays.
    const outcome = await within(dialog).findByTestId('pay-outcome');
    expect(outcome).toHaveTextContent('Customer credit: $50.00 (unchanged)');
    expect(outcome).toHaveTextContent('balance $60.00 → $20.00');
    await submit(user, dialog, 'Update');
    await waitFor(() => expect(api.callsTo('POST', UPDATE)).toHaveLength(1));
    const body = api.callsTo('POST', UPDATE)[0]!.body as UpdatePaymentBody;
    expect(body).toEqual({
      customerId: 'c-1',
      amount: 90,
      paymentDate: '2026-03-08',
      appliedPayments: [
        { orderId: 'o-1', amount: 80 },
        { orderId: 'o-2', amount: 20 },
      ],
      customerCreditDeducted: 10,
      customerCreditAdded: 0,
      paymentMethod: 'CHECK',
      notes: 'Check 42',
      modifiedOn: STAMP,
    });
    expect(await screen.findByText('Payment of $90.00 for Green Leaf updated.')).toBeInTheDocument();
  });

  it("shows the server's message beside 'Failed to submit payment' on a 409", async () => {
    const user = userEvent.setup();
    editApi().on('POST', UPDATE, {
      status: 409,
      body: { message: 'This payment was changed by someone else since you opened it' },
    });
    renderHarness();
    const dialog = await open(user, 'Edit p-1', 'Edit Payment');
    await waitFor(() => expect(applyBox(dialog, '1001')).toHaveValue('40.00'));
    await typeInto(user, within(dialog).getByRole('textbox', { name: 'Notes' }), 'Check 43');
    await submit(user, dialog, 'Update');
    const failure = await within(dialog).findByTestId('pay-failure');
    expect(failure).toHaveTextContent('Failed to submit payment');
    expect(failure).toHaveTextContent('This payment was changed by someone else since you opened it');
    expect(screen.getByRole('dialog', { name: 'Edit Payment' })).toBeInTheDocument();
  });
});
