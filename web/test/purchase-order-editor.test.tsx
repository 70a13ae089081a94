import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { createMemoryRouter, useParams } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewPurchaseOrderBody, Product, PurchaseOrder, UpdatePurchaseOrderBody } from '@bo/shared';
import { configureApiClient } from '../src/api/client';
import { App } from '../src/app/App';
import AppShell from '../src/app/AppShell';
import type { Session } from '../src/auth/session';
import { useModals } from '../src/modals/context';
import { EDIT_NOTES_DEBOUNCE_MS } from '../src/pages/purchases/editor/EditPurchaseOrderModal';
import { makeBrand, makeProduct } from './brands-fixtures';
import { fakeApi, fakeBackend, makeSession, testQueryClient } from './helpers';

const PURCHASING = makeSession({ userId: 'u-buy', name: 'Pat Purchasing', roles: ['PURCHASING'] });
const STAMP = '2025-03-04T05:06:07.000Z';

// Available stock: Blue Dream 10 − 2 = 8 (4 more on order), Gelato 3, Zap Vape 0 − 5 = −5 (oversold).
const BLUE = makeProduct({ pendingOutboundQuantity: 2, cost: 8 });
const GELATO = makeProduct({ id: 'p-2', sku: 'ACM-FLO-0002', name: 'Gelato', weight: 7, stock: 3, cost: 10 });
const ZAP = makeProduct({
  id: 'p-3',
  sku: 'ACM-VAP-0001',
  name: 'Zap Vape',
  typeID: 't-vape',
  type: { name: 'Vape' },
  weight: 1,
  stock: 0,
  pendingOutboundQuantity: 5,
  cost: 12,
});
const HIDDEN = makeProduct({ id: 'p-4', sku: 'ACM-FLO-0009', name: 'Secret Kush', status: 'HIDDEN' });
const PRODUCTS: Product[] = [BLUE, GELATO, ZAP, HIDDEN];

const makeOrder = (overrides: Partial<PurchaseOrder> = {}): PurchaseOrder => ({
  id: 'po-1',
  purchaseOrderNum: 'PO-1001',
  brandID: 'b-1',
  brand: 'Acme',
  orderPlacedOn: STAMP,
  expectedDeliveryOn: '2025-03-20',
  orderStatus: 'PENDING',
  paymentStatus: 'PENDING',
  statusModifiedOn: STAMP,
  paymentModifiedOn: STAMP,
  unitQuantity: 6,
  total: 48,
  notes: 'Call first',
  purchaseOrderItems: [
    {
      purchaseOrderID: 'po-1',
      productId: 'p-1',
      productSku: BLUE.sku,
      productName: BLUE.name,
      productBrand: 'Acme',
      productType: 'Flower',
      productWeight: 3.5,
      quantity: 6,
      unitCost: 8,
      subtotal: 48,
      hasBeenStocked: false,
    },
  ],
  modifiedOn: STAMP,
  ...overrides,
});

function purchaseApi(brand = makeBrand()) {
  return fakeApi()
    .on('GET', '/api/db/brands/getAll', { body: { res: [brand, makeBrand({ id: 'b-2', name: 'Bolt' })] } })
    .on('GET', '/api/db/brands/getByID/b-1', { body: { ...brand, products: PRODUCTS } })
    .on('GET', '/api/db/purchases/getOnOrder', {
      body: [
        { productSku: BLUE.sku, units: 4, purchaseOrders: [{ id: 'po-9', purchaseOrderNum: 'PO-9', quantity: 4 }] },
      ],
    })
    .on('GET', '/api/db/purchases/getById/po-1', { body: { res: makeOrder() } });
}

function Harness() {
  const { openModal } = useModals();
  return (
    <div>
      <button type="button" onClick={() => openModal('NewPurchaseOrder', {})}>
        Open new purchase order
      </button>
      <button type="button" onClick={() => openModal('EditPurchaseOrder', { id: 'po-1' })}>
        Open edit purchase order
      </button>
    </div>
  );
}

function PurchasePage() {
  return <p>Purchase order page {useParams().purchaseOrderNum}</p>;
}

function renderHarness(session: Session = PURCHASING) {
  configureApiClient({ getIdToken: async () => session.idToken });
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          { index: true, element: <Harness /> },
          { path: 'purchases/:purchaseOrderNum', element: <PurchasePage /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  const queryClient = testQueryClient();
  render(<App backend={fakeBackend(session)} queryClient={queryClient} router={router} />);
  return router;
}

type User = ReturnType<typeof userEvent.setup>;

beforeAll(async () => {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/purchases/editor/NewPurchaseOrderModal'),
    import('../src/pages/purchases/editor/EditPurchaseOrderModal'),
    import('../src/components/ConfirmationModal'),
  ]);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openNew(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Open new purchase order' }));
  return screen.findByRole('dialog', { name: 'New Purchase Order' });
}

async function chooseBrand(dialog: HTMLElement, brandId = 'b-1') {
  const select = createWrapper(dialog).findSelect('[data-testid="po-brand"]')!;
  await waitFor(() => expect(select.findTrigger().getElement()).not.toHaveAttribute('aria-disabled', 'true'));
  select.openDropdown();
  await waitFor(() => expect(select.findDropdown().findOptions().length).toBeGreaterThan(0));
  select.selectOptionByValue(brandId);
  await within(dialog).findByText('Blue Dream');
}

const search = (dialog: HTMLElement) => within(dialog).getByRole('searchbox', { name: 'Search products' });
const qty = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name: `Order quantity of ${name}` });
const previewQty = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name: `Preview quantity of ${name}` });

async function restock(user: User, dialog: HTMLElement, mode: 'Fill To' | 'Set To', target: string) {
  await user.click(within(dialog).getByRole('button', { name: mode }));
  const box = within(dialog).getByRole('textbox', { name: 'Restock quantity' });
  await user.clear(box);
  await user.type(box, target);
  await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
}

describe('New Purchase Order', () => {
  it('shows the placeholders, selects by search (Enter, Nth), applies Fill To / Set To and submits PENDING', async () => {
    const user = userEvent.setup();
    const api = purchaseApi().on('POST', '/api/db/purchases/new', {
      body: { ...makeOrder({ id: 'po-2', purchaseOrderNum: 'PO-1002' }) },
    });
    renderHarness();
    const dialog = await openNew(user);
    expect(within(dialog).getByText('Select a brand above to restock')).toBeInTheDocument();
    expect(within(dialog).getByText('Select a brand to start your order')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getAllByText('Brand is required')).toHaveLength(2);
    // Expected delivery is outlined red (invalid) while empty.
    expect(within(dialog).getByRole('textbox', { name: 'Expected delivery' })).toHaveAttribute('aria-invalid', 'true');

    await chooseBrand(dialog);
    expect(within(dialog).queryByText('Secret Kush')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Order quantity of/ })).not.toBeInTheDocument();

    await user.type(search(dialog), 'dream{Enter}');
    expect(search(dialog)).toHaveValue('');
    expect(qty(dialog, 'Blue Dream')).toHaveValue('');
    // A number alone picks the Nth row as listed (by name: Blue Dream, Gelato, Zap Vape).
    await user.type(search(dialog), '2{Enter}');
    expect(qty(dialog, 'Gelato')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Order quantity of Zap Vape' })).not.toBeInTheDocument();

    // Fill To 20: 20 − (stock − pending outbound).
    await restock(user, dialog, 'Fill To', '20');
    expect(qty(dialog, 'Blue Dream')).toHaveValue('12');
    expect(qty(dialog, 'Gelato')).toHaveValue('17');
    expect(within(dialog).getByTestId('po-units')).toHaveTextContent('29');
    expect(within(dialog).getByTestId('po-total')).toHaveTextContent('$266.00');

    // Set To 5; then the preview edits the same quantity.
    await restock(user, dialog, 'Set To', '5');
    expect(qty(dialog, 'Gelato')).toHaveValue('5');
    await user.clear(previewQty(dialog, 'Blue Dream'));
    await user.type(previewQty(dialog, 'Blue Dream'), '7');
    expect(qty(dialog, 'Blue Dream')).toHaveValue('7');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/db/purchases/new')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/db/purchases/new')[0]!.body as NewPurchaseOrderBody;
    expect(body).toMatchObject({
      brandID: 'b-1',
      orderStatus: 'PENDING',
      paymentStatus: 'PENDING',
      expectedDeliveryOn: null,
      notes: null,
      unitQuantity: 12,
      total: 106,
    });
    expect(body.purchaseOrderItems.map((i) => [i.productSku, i.orderQuantity, i.unitCost])).toEqual([
      [BLUE.sku, 7, 8],
      [GELATO.sku, 5, 10],
    ]);
    expect(await within(dialog).findByText('Purchase order PO-1002 for Acme submitted.')).toBeInTheDocument();
    // Spec section 9: the dialog closes 2.5 s after success.
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('dialog', { name: 'New Purchase Order' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Purchase Order' })).not.toBeInTheDocument());
    // The message outlives the dialog: it moves to the page's notifications.
    expect(screen.getByText('Purchase order PO-1002 for Acme submitted.')).toBeInTheDocument();
  });

  it('fills the selected products to the brand limit, counting units on order, and saves a draft', async () => {
    const user = userEvent.setup();
    const api = purchaseApi(makeBrand({ maxBrandStock: 40 })).on('POST', '/api/db/purchases/new', {
      body: makeOrder({ id: 'po-3', purchaseOrderNum: 'PO-1003', orderStatus: 'DRAFT', paymentStatus: 'DRAFT' }),
    });
    renderHarness();
    const dialog = await openNew(user);
    await chooseBrand(dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Blue Dream' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Gelato' }));
    // Projected: Blue Dream 8 + 4 on order = 12, Gelato 3, Zap Vape counts 0: room 40 − 15 = 25, levelled.
    await user.click(within(dialog).getByRole('button', { name: 'Fill to limits' }));
    expect(qty(dialog, 'Blue Dream')).toHaveValue('8');
    expect(qty(dialog, 'Gelato')).toHaveValue('17');

    await user.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/db/purchases/new')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/purchases/new')[0]!.body).toMatchObject({
      orderStatus: 'DRAFT',
      paymentStatus: 'DRAFT',
      unitQuantity: 25,
    });
  });

  it('says which limit is already reached when Fill to limits orders nothing (issue 22)', async () => {
    const user = userEvent.setup();
    purchaseApi(makeBrand({ maxBrandStock: 10 }));
    renderHarness();
    const dialog = await openNew(user);
    await chooseBrand(dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Blue Dream' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Gelato' }));
    // Projected 12 + 3 + 0 = 15 against a brand limit of 10: nothing to order, and the dialog says why.
    await user.click(within(dialog).getByRole('button', { name: 'Fill to limits' }));
    expect(qty(dialog, 'Blue Dream')).toHaveValue('0');
    expect(qty(dialog, 'Gelato')).toHaveValue('0');
    const alert = createWrapper(dialog).findAlert()!;
    expect(alert.getElement()).toHaveTextContent(
      'The brand limit (10 units) is already reached: 15 units in stock and on order, less pending orders. ' +
        'Nothing was ordered for Blue Dream and Gelato.',
    );
    // The next restock replaces the explanation.
    await restock(user, dialog, 'Set To', '5');
    expect(createWrapper(dialog).findAlert()).toBeNull();
  });

  it('refuses an expected delivery outside 2000-01-01…2099-12-31 before sending', async () => {
    const user = userEvent.setup();
    const api = purchaseApi();
    renderHarness();
    const dialog = await openNew(user);
    await chooseBrand(dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Gelato' }));
    await restock(user, dialog, 'Set To', '5');
    const submitButton = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submitButton).not.toHaveAttribute('aria-disabled', 'true');
    act(() => createWrapper(dialog).findDatePicker()!.setInputValue('1999/12/31'));
    const message = 'Expected delivery must be between 2000-01-01 and 2099-12-31';
    expect(within(dialog).getByRole('textbox', { name: 'Expected delivery' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getAllByText(message).length).toBeGreaterThan(0);
    expect(submitButton).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton);
    expect(api.callsTo('POST', '/api/db/purchases/new')).toHaveLength(0);
  });

  it('asks before closing with unsaved changes; says when brands or products fail to load', async () => {
    const user = userEvent.setup();
    purchaseApi();
    renderHarness();
    let dialog = await openNew(user);
    await chooseBrand(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(confirm).getByText('You have unsaved changes. Are you sure you want to close?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'No, go back' }));
    expect(screen.getByRole('dialog', { name: 'New Purchase Order' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Yes, close',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Purchase Order' })).not.toBeInTheDocument());

    purchaseApi().on('GET', '/api/db/brands/getByID/b-1', { status: 500, body: { message: 'boom' } });
    dialog = await openNew(user);
    const select = createWrapper(dialog).findSelect('[data-testid="po-brand"]')!;
    await waitFor(() => expect(select.findTrigger().getElement()).not.toHaveAttribute('aria-disabled', 'true'));
    select.openDropdown();
    await waitFor(() => expect(select.findDropdown().findOptions().length).toBeGreaterThan(0));
    select.selectOptionByValue('b-1');
    expect(await within(dialog).findAllByText('Failed to load products.')).not.toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Yes, close',
      }),
    );

    fakeApi().on('GET', '/api/db/brands/getAll', { status: 500, body: { message: 'boom' } });
    dialog = await openNew(user);
    expect(await within(dialog).findAllByText('Failed to load brands.')).not.toHaveLength(0);
  });
});

describe('Edit Purchase Order', () => {
  async function openEdit(user: User) {
    await user.click(await screen.findByRole('button', { name: 'Open edit purchase order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Purchase Order' });
    await within(dialog).findByText('Purchase Order Preview');
    await waitFor(() => expect(previewQty(dialog, 'Blue Dream')).toHaveValue('6'));
    return dialog;
  }
  const updateButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Update' });

  it('enables Update only on a change, sends modifiedOn, follows a changed number and closes 2.5 s later', async () => {
    const user = userEvent.setup();
    const api = purchaseApi().on('PUT', '/api/db/purchases/update/po-1', (call) => {
      const body = call.body as UpdatePurchaseOrderBody;
      return { body: { ...makeOrder(), orderStatus: body.orderStatus, purchaseOrderNum: 'PO-1050', brand: undefined } };
    });
    const router = renderHarness();
    const dialog = await openEdit(user);
    expect(within(dialog).getAllByText('Last changed Mar 4, 2025')).toHaveLength(2);
    expect(updateButton(dialog)).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByText('No changes made')).toBeInTheDocument();

    const status = createWrapper(dialog).findSelect('[data-testid="po-order-status"]')!;
    status.openDropdown();
    status.selectOptionByValue('ORDERED');
    await waitFor(() => expect(updateButton(dialog)).not.toHaveAttribute('aria-disabled'));
    status.openDropdown();
    status.selectOptionByValue('PENDING');
    await waitFor(() => expect(updateButton(dialog)).toHaveAttribute('aria-disabled', 'true'));
    status.openDropdown();
    status.selectOptionByValue('ORDERED');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(updateButton(dialog));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/purchases/update/po-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/purchases/update/po-1')[0]!.body).toMatchObject({
      purchaseOrderNum: 'PO-1001',
      orderStatus: 'ORDERED',
      paymentStatus: 'PENDING',
      modifiedOn: STAMP,
      notes: 'Call first',
      expectedDeliveryOn: '2025-03-20',
      purchaseOrderItems: [expect.objectContaining({ productSku: BLUE.sku, orderQuantity: 6 })],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchases/PO-1050'));
    act(() => vi.advanceTimersByTime(2600));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Purchase Order' })).not.toBeInTheDocument());
  });

  it('offers Cancelled only when the server would accept it: not on a received order (issue 22)', async () => {
    const user = userEvent.setup();
    const order = makeOrder();
    const stocked = order.purchaseOrderItems.map((i) => ({ ...i, hasBeenStocked: true }));
    purchaseApi().on('GET', '/api/db/purchases/getById/po-1', {
      body: { res: { ...order, orderStatus: 'RECEIVED', purchaseOrderItems: stocked } },
    });
    renderHarness();
    const dialog = await openEdit(user);
    const status = createWrapper(dialog).findSelect('[data-testid="po-order-status"]')!;
    status.openDropdown();
    const dropdown = status.findDropdown();
    expect(dropdown.findOptionByValue('CANCELLED')!.isDisabled()).toBe(true);
    expect(dropdown.findOptionByValue('COMPLETED')!.isDisabled()).toBe(false);
    expect(dropdown.findDisabledOptions()).toHaveLength(1);
    status.selectOptionByValue('CANCELLED');
    expect(status.findTrigger().getElement()).toHaveTextContent('Received');
    expect(updateButton(dialog)).toHaveAttribute('aria-disabled', 'true');
  });

  it('offers every status on an order with nothing received', async () => {
    const user = userEvent.setup();
    purchaseApi();
    renderHarness();
    const dialog = await openEdit(user);
    const status = createWrapper(dialog).findSelect('[data-testid="po-order-status"]')!;
    status.openDropdown();
    expect(status.findDropdown().findDisabledOptions()).toHaveLength(0);
    expect(status.findDropdown().findOptionByValue('CANCELLED')).not.toBeNull();
  });

  it('is read-only for INVENTORY (no Update)', async () => {
    const user = userEvent.setup();
    purchaseApi();
    renderHarness(makeSession({ userId: 'u-inv', name: 'Ivy Inventory', roles: ['INVENTORY'] }));
    const dialog = await openEdit(user);
    expect(within(dialog).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(previewQty(dialog, 'Blue Dream')).toBeDisabled();
    expect(within(dialog).queryByTestId('po-total')).not.toBeInTheDocument();
  });

  it('keeps received lines as they are: no quantity change, no removal, restock skips them', async () => {
    const user = userEvent.setup();
    const order = makeOrder();
    const received = { ...order.purchaseOrderItems[0]!, hasBeenStocked: true };
    const open = {
      ...received,
      productId: 'p-2',
      productSku: GELATO.sku,
      productName: 'Gelato',
      quantity: 2,
      hasBeenStocked: false,
    };
    purchaseApi().on('GET', '/api/db/purchases/getById/po-1', {
      body: { res: { ...order, purchaseOrderItems: [received, open] } },
    });
    renderHarness();
    const dialog = await openEdit(user);
    expect(previewQty(dialog, 'Blue Dream')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Remove Blue Dream' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Select Blue Dream' })).toBeDisabled();
    await restock(user, dialog, 'Set To', '9');
    expect(previewQty(dialog, 'Blue Dream')).toHaveValue('6');
    expect(previewQty(dialog, 'Gelato')).toHaveValue('9');
  });

  it('counts notes as changed 0.5 s after typing, and shows a refusal (409) in the dialog', async () => {
    const user = userEvent.setup();
    const stale = 'This purchase order was changed by someone else since you opened it; reload it and try again';
    purchaseApi().on('PUT', '/api/db/purchases/update/po-1', { status: 409, body: { message: stale } });
    renderHarness();
    const dialog = await openEdit(user);
    // The clock stands still while typing, so a slow machine cannot run the 0.5 s out before the first check.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), { target: { value: 'Call first twice' } });
    expect(updateButton(dialog)).toHaveAttribute('aria-disabled', 'true');
    act(() => vi.advanceTimersByTime(EDIT_NOTES_DEBOUNCE_MS - 1));
    expect(updateButton(dialog)).toHaveAttribute('aria-disabled', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(updateButton(dialog)).not.toHaveAttribute('aria-disabled');
    vi.useRealTimers();
    await user.click(updateButton(dialog));
    expect(await within(dialog).findByText(stale, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Purchase Order' })).toBeInTheDocument();
  });
});
