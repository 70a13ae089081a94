import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaidOrder } from '@bo/shared';
import { fakeApi, type FakeApi } from './helpers';
import {
  draft,
  DRAFTS,
  ELIGIBLE,
  ORDERS,
  PAYROLL,
  preloadPayroll,
  renderHarness,
  SAM,
  UPDATE,
  withUsers,
} from './payroll-fixtures';

type User = ReturnType<typeof userEvent.setup>;

beforeAll(preloadPayroll);
afterEach(() => vi.unstubAllGlobals());

function commissionApi(): FakeApi {
  return withUsers(fakeApi())
    .on('GET', ELIGIBLE, { body: ORDERS })
    .on('GET', DRAFTS, { body: draft() })
    .on('POST', UPDATE('u-sales'), { body: {} });
}

async function open(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Open commission' }));
  // The first open may show the loading fallback while the dialog's module loads.
  await screen.findByText('Unpaid Orders (3)', {}, { timeout: 5000 });
  return screen.getByRole('dialog');
}

const summary = (dialog: HTMLElement, id: string) => within(dialog).getByTestId(`summary-${id}`).textContent;
/** The order numbers of a section's table, top to bottom. */
function orderNums(dialog: HTMLElement, section: 'unpaid' | 'toBePaid'): string[] {
  const table = tablesOf(dialog)[section === 'unpaid' ? 0 : 1]!;
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');
}
const tablesOf = (dialog: HTMLElement) => within(dialog).getAllByRole('table');

describe('Calculate Commission', () => {
  it('lists the unpaid and the saved orders with the title, the period label and Never saved', async () => {
    const user = userEvent.setup();
    commissionApi();
    renderHarness(PAYROLL);
    const dialog = await open(user);

    expect(dialog).toHaveTextContent('Calculate Commission: Sam Sales November 2026 (1st - 15th)');
    expect(dialog).toHaveTextContent('Last saved: Never');
    expect(within(dialog).getByText('Orders To Be Paid (1)')).toBeInTheDocument();
    const [unpaid, toBePaid] = tablesOf(dialog);
    const headers = (t: HTMLElement) =>
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(headers(unpaid!)).toEqual([
      'Add',
      'Order #',
      'Ordered',
      'Status',
      'Customer',
      'Brand',
      'Total',
      'Cost',
      'Gross Profit',
      'Gross %',
    ]);
    expect(headers(toBePaid!)).toEqual([
      'Remove',
      'Order #',
      'Ordered',
      'Customer',
      'Brand',
      'Total',
      'Cost',
      'Profit',
      'Gross %',
      'Commission',
      'Net Profit',
    ]);
    // 2003 sold at a loss: gross profit -$50.00, -25.0 %.
    const loss = within(unpaid!).getByText('2003').closest('tr')!;
    expect(loss).toHaveTextContent('-$50.00');
    expect(loss).toHaveTextContent('-25.0%');
    // 2004's saved adjusted cost $150 is what it counts: profit $150, 50 %, commission $30, net $120.
    const saved = within(toBePaid!).getByText('2004').closest('tr')!;
    for (const text of ['$300.00', '$150.00', '50.0%', '$30.00', '$120.00']) expect(saved).toHaveTextContent(text);
    expect(summary(dialog, 'commission')).toBe('$30.00');
    expect(summary(dialog, 'rate')).toBe('20%');
  });

  it('moves orders with the bulk buttons, counting what each moves', async () => {
    const user = userEvent.setup();
    commissionApi();
    renderHarness(PAYROLL);
    const dialog = await open(user);

    const button = (name: string) => within(dialog).getByRole('button', { name });
    expect(button('Add All (3)')).toBeEnabled();
    expect(button('Add Paid (2)')).toBeEnabled();
    expect(button('Add Delivered (1)')).toBeEnabled();
    expect(button('Add Completed (2)')).toBeEnabled();
    expect(button('Remove All (1)')).toBeEnabled();
    expect(button('Remove Completed (0)')).toBeDisabled();

    await user.click(button('Add Paid (2)'));
    expect(within(dialog).getByText('Unpaid Orders (1)')).toBeInTheDocument();
    expect(within(dialog).getByText('Orders To Be Paid (3)')).toBeInTheDocument();
    expect(orderNums(dialog, 'unpaid')).toEqual(['2002']);
    expect(button('Remove Delivered (2)')).toBeEnabled();

    await user.click(button('Remove Delivered (2)'));
    expect(within(dialog).getByText('Orders To Be Paid (1)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove order 2003' }));
    expect(within(dialog).getByText('No orders added to pay period')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add order 2002' }));
    expect(within(dialog).getByText('Orders To Be Paid (1)')).toBeInTheDocument();
  });

  it('edits a cost (never below 0), resets it, changes the rate, and saves exactly the paid orders', async () => {
    const user = userEvent.setup();
    const api = commissionApi();
    renderHarness(PAYROLL);
    const dialog = await open(user);

    await user.click(within(dialog).getByRole('button', { name: 'Add Paid (2)' }));
    // 2004 ($300, adjusted cost $150) + 2001 ($1,000, $600) + 2003 ($200, $250, a loss: commission 0).
    expect(summary(dialog, 'orderValue')).toBe('$1,500.00');
    expect(summary(dialog, 'cost')).toBe('$1,000.00');
    expect(summary(dialog, 'grossProfit')).toBe('$500.00 (33.3%)');
    expect(summary(dialog, 'commission')).toBe('$110.00');
    expect(summary(dialog, 'netProfit')).toBe('$390.00');

    // The rate: a quick rate, plus and minus in 1 % steps, and the slider.
    await user.click(within(dialog).getByRole('button', { name: 'Commission rate 20%, change' }));
    await user.click(await screen.findByRole('button', { name: '30%' }));
    expect(summary(dialog, 'rate')).toBe('30%');
    await user.click(screen.getByRole('button', { name: 'Lower rate by 1%' }));
    await user.click(screen.getByRole('button', { name: 'Lower rate by 1%' }));
    expect(summary(dialog, 'rate')).toBe('28%');
    fireEvent.change(screen.getByRole('slider', { name: 'Commission rate' }), { target: { value: '24' } });
    await user.click(screen.getByRole('button', { name: 'Raise rate by 1%' }));
    expect(summary(dialog, 'rate')).toBe('25%');
    // At 25 %: 2004 $37.50, 2001 $100.00, 2003 $0.
    expect(summary(dialog, 'commission')).toBe('$137.50');
    expect(summary(dialog, 'netProfit')).toBe('$362.50');

    // 2001's cost to $500 (a negative cost is refused and changes nothing).
    await user.click(within(dialog).getByRole('button', { name: 'Edit cost of order 2001' }));
    const cost = await screen.findByRole('spinbutton', { name: 'Cost of order 2001' });
    await user.clear(cost);
    await user.type(cost, '-5');
    expect(await screen.findByText("Cost can't be below 0")).toBeInTheDocument();
    expect(summary(dialog, 'cost')).toBe('$1,000.00');
    await user.clear(cost);
    await user.type(cost, '500');
    expect(summary(dialog, 'cost')).toBe('$900.00');
    expect(summary(dialog, 'commission')).toBe('$162.50');

    // Reset Cost on 2004 brings back the order's own $100.
    await user.click(within(dialog).getByRole('button', { name: 'Edit cost of order 2004' }));
    await user.click(await screen.findByRole('button', { name: 'Reset Cost' }));
    expect(summary(dialog, 'cost')).toBe('$850.00');
    expect(summary(dialog, 'commission')).toBe('$175.00');

    await user.click(within(dialog).getByRole('button', { name: 'Save to Payroll' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = api.callsTo('POST', UPDATE('u-sales'));
    expect(call?.body).toEqual({
      paidOrders: [
        { orderId: 'o-4', orderNum: '2004', adjustedCost: null, commission: 50 },
        { orderId: 'o-1', orderNum: '2001', adjustedCost: 500, commission: 125 },
        { orderId: 'o-3', orderNum: '2003', adjustedCost: null, commission: 0 },
      ],
      commissionRate: 0.25,
    });
  });

  it('counts commission on what the order sold for: its Total after the discount (issue 23)', async () => {
    const user = userEvent.setup();
    // 2001 sold at $190 off: Total $810, Cost $600, so $210 of profit and $42 at 20 % (not $80).
    const discounted = ORDERS.map((o) => (o.orderId === 'o-1' ? { ...o, total: 810 } : o));
    const api = commissionApi().on('GET', ELIGIBLE, { body: discounted });
    renderHarness(PAYROLL);
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add Paid (2)' }));
    // With 2004 ($300, adjusted cost $150) and 2003 ($200, $250): every figure adds up from the columns.
    expect(summary(dialog, 'orderValue')).toBe('$1,310.00');
    expect(summary(dialog, 'cost')).toBe('$1,000.00');
    expect(summary(dialog, 'grossProfit')).toBe('$310.00 (23.7%)');
    expect(summary(dialog, 'commission')).toBe('$72.00');
    const row = within(tablesOf(dialog)[1]!)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('2001'))!;
    expect(row).toHaveTextContent('$810.00');
    expect(row).toHaveTextContent('$210.00');
    expect(row).toHaveTextContent('$42.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save to Payroll' }));
    await waitFor(() => expect(api.callsTo('POST', UPDATE('u-sales'))).toHaveLength(1));
    expect((api.callsTo('POST', UPDATE('u-sales'))[0]!.body as { paidOrders: PaidOrder[] }).paidOrders).toContainEqual({
      orderId: 'o-1',
      orderNum: '2001',
      adjustedCost: null,
      commission: 42,
    });
  });

  it('saves and stays open with the save-only button, showing the new Last saved', async () => {
    const user = userEvent.setup();
    const api = commissionApi();
    renderHarness(PAYROLL);
    const dialog = await open(user);
    api.on('GET', DRAFTS, { body: draft({ lastSaved: '2026-11-12T15:30:00.000Z' }) });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toHaveTextContent('Last saved: Never'));
    expect(dialog).toHaveTextContent('Last saved: Nov 12, 2026');
    expect(api.callsTo('POST', UPDATE('u-sales'))).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks before closing with unsaved changes, and not after they are saved', async () => {
    const user = userEvent.setup();
    commissionApi();
    renderHarness(PAYROLL);
    let dialog = await open(user);
    // Nothing changed: Close closes.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add order 2002' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'No, go back' }));
    expect(within(dialog).getByText('Orders To Be Paid (2)')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows loading, then the load error, and the empty texts', async () => {
    const user = userEvent.setup();
    const api = commissionApi().on('GET', ELIGIBLE, { status: 500, body: { message: 'Table is asleep' } });
    // The eligible orders answer only once released, so the loading text stays up until then.
    const answer = globalThis.fetch;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/eligibleOrders/')) await gate;
      return answer(input, init);
    });
    renderHarness(PAYROLL);
    await user.click(await screen.findByRole('button', { name: 'Open commission' }));
    expect(await screen.findByText('Loading orders...', {}, { timeout: 5000 })).toBeInTheDocument();
    release();
    expect(await screen.findByText('Error loading orders: Table is asleep')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    api.on('GET', ELIGIBLE, { body: [] }).on('GET', DRAFTS, { body: draft({ paidOrders: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Open commission' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('No completed orders found for this user in this pay period.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('No orders added to pay period')).toBeInTheDocument();
  });

  it('shows a salesperson their own commission read-only, with the saved commission and no costs', async () => {
    const user = userEvent.setup();
    // What the API answers a SALES user: cost fields stripped (shared redactCosts), the saved commission kept.
    const redacted = ORDERS.map(({ cost: _cost, ...o }) => o);
    const api = commissionApi()
      .on('GET', ELIGIBLE, { body: redacted })
      .on('GET', DRAFTS, {
        body: draft({
          commissionRate: 0.15,
          paidOrders: [{ orderId: 'o-4', orderNum: '2004', commission: 22.5 } as PaidOrder],
        }),
      });
    renderHarness(SAM);
    const dialog = await open(user);

    expect(dialog).toHaveTextContent('Read-only');
    expect(summary(dialog, 'rate')).toBe('15%');
    expect(summary(dialog, 'orderValue')).toBe('$300.00');
    expect(summary(dialog, 'commission')).toBe('$22.50');
    expect(summary(dialog, 'cost')).toBe('-');
    expect(summary(dialog, 'netProfit')).toBe('-');
    const saved = within(tablesOf(dialog)[1]!).getByText('2004').closest('tr')!;
    expect(
      within(saved)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2004', 'Nov 3, 2026', 'Green Leaf', 'Acme', '$300.00', '-', '-', '-', '$22.50', '-']);
    for (const name of [/^Add /, /^Remove /, /Edit cost/, /Commission rate/, /^Save/])
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows a submitted period read-only to payroll too', async () => {
    const user = userEvent.setup();
    commissionApi().on('GET', DRAFTS, { body: draft({ status: 'SUBMITTED' }) });
    renderHarness(PAYROLL);
    const dialog = await open(user);
    expect(dialog).toHaveTextContent('this pay period is submitted');
    expect(within(dialog).queryByRole('button', { name: 'Save to Payroll' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Edit cost/ })).not.toBeInTheDocument();
    // Payroll still sees the costs: 2004 at its adjusted $150.
    expect(within(tablesOf(dialog)[1]!).getByText('2004').closest('tr')).toHaveTextContent('$150.00');
  });
});
