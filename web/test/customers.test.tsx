import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AllPricingUpdates, Customer, CustomPrice, CustomerPricingUpdates, PricingUpdate } from '@bo/shared';
import { fakeApi, makeSession, makeUser, preloadLazyModules, renderApp } from './helpers';
import { ADMIN, makeProduct, SALES } from './brands-fixtures';
import { CREDIT_TERMS_ADMIN_ONLY, parsePriceInput } from '@bo/shared';
import { savePlan, buildRows, withPending } from '../src/pages/customers/pricing-model';
import { customersWithUpdates } from '../src/pages/customers/RefreshAllCustomPricingModal';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/customers/CustomersPage'),
    import('../src/pages/customers/CustomerFormModal'),
    import('../src/pages/customers/EditCustomerPricingModal'),
    import('../src/pages/customers/RefreshCustomPricingModal'),
    import('../src/pages/customers/RefreshAllCustomPricingModal'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

const STAMP = '2025-03-04T05:06:07.000Z';
const makeCustomer = (overrides: Partial<Customer> = {}): Customer => ({
  id: 'c-1',
  customerName: 'Green Leaf',
  contactName: 'Maria Lopez',
  contactEmail: 'maria@greenleaf.test',
  contactPhone: '555-0101',
  commpref: 'EMAIL',
  type: 'WHOLESALE',
  orderType: 'DELIVERY',
  accountOwnerID: 'u-sales',
  priceAdjustment: 0,
  creditAvailable: 12.5,
  autoRefreshPricing: false,
  customPricingCount: 1,
  createdAt: STAMP,
  modifiedOn: STAMP,
  ...overrides,
});
const GREEN = makeCustomer();
const HARBOR = makeCustomer({
  id: 'c-2',
  customerName: 'Harbor View',
  type: 'VIP',
  commpref: 'PHONE',
  accountOwnerID: undefined,
  creditAvailable: 0,
  customPricingCount: 0,
});

const P1 = makeProduct({ id: 'p-1', name: 'Blue Dream', basePrice: 20 });
const P2 = makeProduct({ id: 'p-2', name: 'Gelato', basePrice: 30, sku: 'ACM-FLO-0002' });
const P0 = makeProduct({ id: 'p-0', name: 'Sample', basePrice: 0, sku: 'ACM-FLO-0003' });
const BOLT = makeProduct({ id: 'p-9', name: 'Zap', brandID: 'b-2', brand: { name: 'Bolt' }, basePrice: 10 });
const price = (productId: string, customPrice: number): CustomPrice => ({
  productId,
  customPrice,
  source: 'fixed',
  referencePrice: 20,
  dateUpdated: STAMP,
});

function setup(options: { customersFail?: boolean } = {}) {
  return fakeApi()
    .on('GET', '/api/db/customers/getAll', () =>
      options.customersFail ? { status: 500, body: { message: 'boom' } } : { body: [GREEN, HARBOR] },
    )
    .on('GET', '/api/db/users/getAll', {
      body: { res: [makeUser({ id: 'u-sales', name: 'Sam Sales' }), makeUser({ id: 'u-2', name: 'Pat Peer' })] },
    })
    .on('GET', '/api/db/products/getAll', { body: [P1, P2, P0, BOLT] })
    .on('GET', '/api/db/customers/getCustomPricing/c-1', { body: [price('p-1', 18)] })
    .on('GET', '/api/db/customers/getByID/c-1', { body: { ...GREEN, customPricings: [price('p-1', 18)] } })
    .on('PUT', '/api/db/customers/updateCustomPricing/c-1', (call) => ({
      body: { updated: (call.body as { productIds: string[] }).productIds.length },
    }))
    .on('DELETE', '/api/db/customers/deleteCustomPricing/c-1', { body: { updated: 1 } })
    .on('PUT', '/api/db/customers/setMargin/c-1', (call) => ({
      body: { updated: (call.body as { prices: unknown[] }).prices.length },
    }))
    .on('PUT', '/api/db/customers/updateBulkCustomPricing/c-1', (call) => ({
      body: { updated: (call.body as unknown[]).length },
    }));
}

async function openPricing(user: ReturnType<typeof userEvent.setup>) {
  const table = await screen.findByRole('grid', { name: 'Customers' });
  await user.click(await within(table).findByRole('radio', { name: 'Green Leaf' }));
  await user.click(screen.getByRole('button', { name: 'Edit pricing' }));
  return screen.findByRole('dialog', { name: 'Custom Pricing: Green Leaf' });
}

describe('Customers page', () => {
  it('lists customers with contact, owner and price counts (credit in Preferences), and filters by type', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/customers', SALES);
    const table = await screen.findByRole('grid', { name: 'Customers' });
    expect(await within(table).findByText('Green Leaf')).toBeInTheDocument();
    expect(within(table).getByText('Sam Sales')).toBeInTheDocument();
    expect(within(table).getAllByText('maria@greenleaf.test').length).toBeGreaterThan(0);
    // The columns shown by default fit a 1280 px screen; credit and preferred contact are one click away.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.trim())
        .filter(Boolean),
    ).toEqual(expect.arrayContaining(['Name', 'Type', 'Contact', 'Account owner', 'Custom prices']));
    expect(within(table).queryByText('$12.50')).not.toBeInTheDocument();
    expect(within(table).getByText('Harbor View')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Customers' }).length).toBeGreaterThan(0);

    const type = createWrapper().findSelect('[data-testid="filter-type"]')!;
    type.openDropdown();
    type.selectOptionByValue('VIP', { expandToViewport: true });
    await waitFor(() => expect(within(table).queryByText('Green Leaf')).not.toBeInTheDocument());
    expect(within(table).getByText('Harbor View')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Filter customers' }), 'zzz');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
  });

  it("shows 'Error fetching customers' when the list fails, and is not offered to other roles", async () => {
    setup({ customersFail: true });
    const { unmount } = renderApp('/customers', SALES);
    expect(await screen.findByText('Error fetching customers')).toBeInTheDocument();
    unmount();
    setup();
    renderApp('/', makeSession({ roles: ['PURCHASING'] }));
    expect(await screen.findAllByRole('link', { name: 'Products' })).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument();
  });

  it('Add New Customer: name required, defaults sent, Enter without Shift blocked in notes', async () => {
    const user = userEvent.setup();
    const api = setup().on('POST', '/api/db/customers/addNew', (call) => ({
      body: makeCustomer({ id: 'c-3', ...(call.body as object) }),
    }));
    renderApp('/customers', SALES);
    await user.click(await screen.findByRole('button', { name: 'Add customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Customer' });
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    expect(await within(dialog).findByText('Customer name is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/db/customers/addNew')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Customer name/), 'Kestrel');
    const notes = within(dialog).getByLabelText('Notes');
    await user.type(notes, 'one{Enter}two{Shift>}{Enter}{/Shift}three');
    expect(notes).toHaveValue('onetwo\nthree');
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/db/customers/addNew')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/customers/addNew')[0]!.body).toEqual({
      customerName: 'Kestrel',
      notes: 'onetwo\nthree',
      commpref: 'EMAIL',
      type: 'RETAIL',
      orderType: 'DELIVERY',
      accountOwnerID: 'u-sales',
      priceAdjustment: 0,
      autoRefreshPricing: false,
    });
    expect(await screen.findByText('Customer Kestrel added')).toBeInTheDocument();
  });

  it('turns to the page the added customer sorts onto, selected, however many come before it', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, i) =>
      makeCustomer({ id: `c-a${i}`, customerName: `Acorn ${String(i).padStart(2, '0')}` }),
    );
    const api = setup()
      .on('GET', '/api/db/customers/getAll', () => ({ body: many }))
      .on('POST', '/api/db/customers/addNew', (call) => {
        const added = makeCustomer({ id: 'c-new', ...(call.body as object) });
        many.push(added);
        return { body: added };
      });
    renderApp('/customers', SALES);
    const table = await screen.findByRole('grid', { name: 'Customers' });
    await within(table).findByRole('radio', { name: 'Acorn 00' });
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Customer' });
    await user.type(within(dialog).getByLabelText(/Customer name/), 'Birch Traders');
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/db/customers/addNew')).toHaveLength(1));
    // 30 names sort before it, 25 to a page: it is the sixth row of page 2.
    expect(await within(table).findByRole('radio', { name: 'Birch Traders' })).toBeChecked();
    expect(within(table).queryByRole('radio', { name: 'Acorn 00' })).not.toBeInTheDocument();
    expect(within(table).getByRole('radio', { name: 'Acorn 29' })).toBeInTheDocument();
  });

  it('Edit Customer: credit editable by an ADMIN with a why, only changes sent, access code refreshed', async () => {
    const user = userEvent.setup();
    const api = setup()
      .on('PUT', '/api/db/customers/update/c-1', (call) => ({ body: { ...GREEN, ...(call.body as object) } }))
      .on('GET', '/api/db/customers/generateAccessCode/c-1', { body: { accessCode: 'ZX81' } });
    renderApp('/customers', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Edit Green Leaf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    const credit = await within(dialog).findByLabelText('Credit available ($)');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Refresh access code' }));
    expect(await within(dialog).findByText('Access code refreshed!')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Telegram access code')).toHaveValue('ZX81');
    expect(within(dialog).queryByLabelText('Why the credit changes')).toBeNull();
    await user.clear(credit);
    await user.type(credit, '40.25');
    // A changed figure asks why, and Save says so until it is given.
    const why = within(dialog).getByLabelText('Why the credit changes');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Say why the available credit changes')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/db/customers/update/c-1')).toHaveLength(0);
    await user.type(why, 'Overpaid invoice 1001');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/customers/update/c-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/customers/update/c-1')[0]!.body).toEqual({
      creditAvailable: 40.25,
      creditNote: 'Overpaid invoice 1001',
    });
  });

  it('Edit Customer: an ADMIN sets and clears the credit limit and payment terms, checked inline', async () => {
    const user = userEvent.setup();
    // The customer as the server keeps it: Edit Customer reads it again after a save.
    let stored: Customer = GREEN;
    const api = setup()
      .on('GET', '/api/db/customers/getByID/c-1', () => ({ body: stored }))
      .on('PUT', '/api/db/customers/update/c-1', (call) => {
        stored = { ...stored, ...(call.body as Partial<Customer>) };
        return { body: stored };
      });
    renderApp('/customers', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Edit Green Leaf' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    const limit = await within(dialog).findByLabelText('Credit limit ($)');
    const terms = within(dialog).getByLabelText('Payment terms (days)');
    // No limit yet; terms 30 by default.
    expect(limit).toHaveValue(null);
    expect(terms).toHaveValue(30);
    expect(within(dialog).queryByText(CREDIT_TERMS_ADMIN_ONLY)).toBeNull();
    await user.type(limit, '500');
    await user.clear(terms);
    await user.type(terms, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be at most 365')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/db/customers/update/c-1')).toHaveLength(0);
    await user.clear(terms);
    await user.type(terms, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/customers/update/c-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/customers/update/c-1')[0]!.body).toEqual({
      creditLimit: 500,
      paymentTermsDays: 45,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Customer' })).toBeNull());

    // Emptying a limit clears it (null); the unchanged terms are not sent.
    await user.click(screen.getByRole('button', { name: 'Edit Green Leaf' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    await waitFor(() => expect(within(dialog).getByLabelText('Credit limit ($)')).toHaveValue(500));
    expect(within(dialog).getByLabelText('Payment terms (days)')).toHaveValue(45);
    await user.clear(within(dialog).getByLabelText('Credit limit ($)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/customers/update/c-1')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/db/customers/update/c-1')[1]!.body).toEqual({ creditLimit: null });
  });

  it('Edit Customer: only an ADMIN moves the account owner or types the credit; Add New Customer lets sales choose an owner', async () => {
    const user = userEvent.setup();
    setup();
    const { unmount } = renderApp('/customers', SALES);
    await user.click(await screen.findByRole('button', { name: 'Edit Green Leaf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    const owner = await within(dialog).findByRole('button', { name: /Account owner/ });
    expect(owner).toBeDisabled();
    expect(within(dialog).getByText("Only an administrator can change a customer's account owner")).toBeVisible();
    // Credit moves with payments; typing a figure is an ADMIN's adjustment.
    expect(within(dialog).getByLabelText('Credit available ($)')).toBeDisabled();
    expect(
      within(dialog).getByText("Only an administrator can change a customer's available credit by hand"),
    ).toBeVisible();
    // So are the credit limit and payment terms: they decide which orders go on credit hold.
    expect(within(dialog).getByLabelText('Credit limit ($)')).toBeDisabled();
    expect(within(dialog).getByLabelText('Payment terms (days)')).toBeDisabled();
    expect(within(dialog).getByLabelText('Payment terms (days)')).toHaveValue(30);
    expect(within(dialog).getAllByText(CREDIT_TERMS_ADMIN_ONLY)).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    const add = await screen.findByRole('dialog', { name: 'Add New Customer' });
    expect(await within(add).findByRole('button', { name: /Account owner/ })).toBeEnabled();
    unmount();

    setup();
    renderApp('/customers', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Edit Green Leaf' }));
    const asAdmin = await screen.findByRole('dialog', { name: 'Edit Customer' });
    expect(await within(asAdmin).findByRole('button', { name: /Account owner/ })).toBeEnabled();
    expect(within(asAdmin).queryByText("Only an administrator can change a customer's account owner")).toBeNull();
  });
});

describe('Edit Customer Pricing', () => {
  it("shows brands with 'priced / total', stages a bulk price on the selection and saves it with Update", async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/customers', SALES);
    const dialog = await openPricing(user);
    const acme = await within(dialog).findByRole('button', { name: 'Acme, 1 / 3 priced' });
    expect(within(dialog).getByRole('button', { name: 'Bolt, 0 / 1 priced' })).toBeInTheDocument();
    await user.click(acme);
    const table = await within(dialog).findByRole('grid', { name: 'Acme products' });
    expect(within(table).getByText('$18.00')).toBeInTheDocument();

    const setPrice = within(dialog).getByRole('button', { name: 'Set price' });
    expect(setPrice).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Select Gelato' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Sample' }));
    expect(setPrice).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Price for selected products'), '$1,234.5{Enter}');
    expect(await within(dialog).findByText('2 unsaved changes')).toBeInTheDocument();
    expect(within(table).getAllByText('$1,234.50 (unsaved)')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/customers/updateCustomPricing/c-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/customers/updateCustomPricing/c-1')[0]!.body).toEqual({
      productIds: ['p-2', 'p-0'],
      customPrice: 1234.5,
    });
    expect(await screen.findByText('2 prices saved for Green Leaf')).toBeInTheDocument();
  });

  it('asks before closing with unsaved changes', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/customers', SALES);
    const dialog = await openPricing(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Acme, 1 / 3 priced' }));
    const table = await within(dialog).findByRole('grid', { name: 'Acme products' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select Blue Dream' }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear price' }));
    expect(await within(dialog).findByText('1 unsaved change')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'No, go back' }));
    expect(screen.getByRole('dialog', { name: 'Custom Pricing: Green Leaf' })).toBeInTheDocument();
  });

  it('Set Margin: spec messages, cost not offered to sales, a preview, and Apply with the non-skipped prices', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/customers', SALES);
    const dialog = await openPricing(user);
    await within(dialog).findByRole('button', { name: 'Acme, 1 / 3 priced' });
    await user.click(within(dialog).getByRole('button', { name: 'Margin' }));
    const margin = await screen.findByRole('dialog', { name: 'Set Margin: Green Leaf' });
    expect(within(margin).getByRole('radio', { name: /^Cost/ })).toBeDisabled();
    expect(within(margin).getByRole('button', { name: 'Apply' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(margin).getByRole('button', { name: 'Preview' }));
    expect(await within(margin).findByText('Please enter a value')).toBeInTheDocument();
    await user.type(within(margin).getByLabelText('Margin value'), '1x');
    await user.click(within(margin).getByRole('button', { name: 'Preview' }));
    expect(await within(margin).findByText('Please enter a valid number')).toBeInTheDocument();

    await user.clear(within(margin).getByLabelText('Margin value'));
    await user.type(within(margin).getByLabelText('Margin value'), '10');
    await user.click(within(margin).getByRole('radio', { name: /^Brands/ }));
    const brands = createWrapper(margin).findMultiselect()!;
    brands.openDropdown();
    brands.selectOptionByValue('b-1');
    await user.click(within(margin).getByRole('button', { name: 'Preview' }));
    const preview = await within(margin).findByRole('table', { name: 'Margin preview' });
    expect(within(preview).getByText('$22.00')).toBeInTheDocument();
    expect(within(preview).getByText('$0.00 (skipped, keeps base price)')).toBeInTheDocument();
    expect(within(preview).queryByText('Zap')).not.toBeInTheDocument();

    await user.click(within(margin).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/customers/setMargin/c-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/customers/setMargin/c-1')[0]!.body).toEqual({
      rule: { direction: '+', kind: '%', basis: 'basePrice', value: 10 },
      scope: { type: 'brands', brandIds: ['b-1'] },
      prices: [
        { productId: 'p-1', customPrice: 22 },
        { productId: 'p-2', customPrice: 33 },
      ],
    });
    expect(await screen.findByText('Margin applied to 2 products for Green Leaf')).toBeInTheDocument();
  });

  it('offers cost-based margins to an admin', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/customers', ADMIN);
    const dialog = await openPricing(user);
    await within(dialog).findByRole('button', { name: 'Acme, 1 / 3 priced' });
    await user.click(within(dialog).getByRole('button', { name: 'Margin' }));
    const margin = await screen.findByRole('dialog', { name: 'Set Margin: Green Leaf' });
    expect(within(margin).getByRole('radio', { name: /^Cost/ })).toBeEnabled();
  });
});

const update = (productId: string, brandID: string, brand: string, current: number, next: number): PricingUpdate => ({
  productId,
  productData: {
    id: productId,
    sku: `SKU-${productId}`,
    name: `Product ${productId}`,
    brandID,
    brand: { name: brand },
    typeID: 't-1',
    type: { name: 'Flower' },
    basePrice: next,
  },
  currentPrice: current,
  newCustomPrice: next,
  priceCustomized: true,
  source: 'fixed',
  dateUpdated: STAMP,
  priceHistory: [{ price: current, date: STAMP }],
});

describe('Refresh Pricing', () => {
  it("one customer: 'No pricing data available.' without prices, else brands with Update All sending the entries as they are", async () => {
    const user = userEvent.setup();
    const updates: CustomerPricingUpdates = {
      customerId: 'c-1',
      customerName: 'Green Leaf',
      pricedCount: 3,
      personalizedPricingList: [update('p-1', 'b-1', 'Acme', 18, 20), update('p-9', 'b-2', 'Bolt', 9, 11)],
    };
    let answer: CustomerPricingUpdates = { ...updates, pricedCount: 0, personalizedPricingList: [] };
    const api = setup().on('GET', '/api/db/customers/reRunPricing/c-1', () => ({ body: answer }));
    renderApp('/customers', SALES);
    const table = await screen.findByRole('grid', { name: 'Customers' });
    await user.click(await within(table).findByRole('radio', { name: 'Green Leaf' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh pricing' }));
    let dialog = await screen.findByRole('dialog', { name: 'Refresh Pricing: Green Leaf' });
    expect(await within(dialog).findByText('No pricing data available.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    answer = updates;
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh pricing' }));
    dialog = await screen.findByRole('dialog', { name: 'Refresh Pricing: Green Leaf' });
    expect(await within(dialog).findByRole('button', { name: /Update All Brands/ })).toBeInTheDocument();
    const acme = within(dialog).getByRole('table', { name: 'Acme pricing updates for Green Leaf' });
    expect(within(acme).getByText('Custom')).toBeInTheDocument();
    expect(within(acme).getByText('$20.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update All of Acme for Green Leaf' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/customers/updateBulkCustomPricing/c-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/customers/updateBulkCustomPricing/c-1')[0]!.body).toEqual([
      updates.personalizedPricingList[0],
    ]);
    expect(await screen.findByText('1 price updated for Green Leaf (Acme)')).toBeInTheDocument();
  });

  it('all customers: most changes first, computed time shown, Update All Customers after a confirmation', async () => {
    const user = userEvent.setup();
    const all: AllPricingUpdates = {
      generatedAt: '2025-03-04T06:00:00.000Z',
      customers: [
        {
          customerId: 'c-1',
          customerName: 'Green Leaf',
          pricedCount: 2,
          personalizedPricingList: [update('p-1', 'b-1', 'Acme', 18, 20)],
        },
        {
          customerId: 'c-2',
          customerName: 'Harbor View',
          pricedCount: 4,
          personalizedPricingList: [update('p-1', 'b-1', 'Acme', 18, 20), update('p-2', 'b-1', 'Acme', 28, 30)],
        },
        { customerId: 'c-4', customerName: 'Quiet', pricedCount: 1, personalizedPricingList: [] },
      ],
    };
    const api = setup()
      .on('GET', '/api/db/customers/reRunPricing', { body: all })
      .on('PUT', '/api/db/customers/updateBulkCustomPricing/c-2', (call) => ({
        body: { updated: (call.body as unknown[]).length },
      }));
    renderApp('/customers', SALES);
    await user.click(await screen.findByRole('button', { name: "Refresh all customers' pricing" }));
    const dialog = await screen.findByRole('dialog', { name: 'Refresh Pricing: All Customers' });
    expect(await within(dialog).findByText('2 customers have pricing updates')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Computed Mar 4, 2025/)).toBeInTheDocument();
    const sections = within(dialog).getAllByRole('button', { name: /prices? to update$/ });
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Harbor View, 2 prices to update',
      'Green Leaf, 1 price to update',
    ]);
    await user.click(sections[0]!);
    expect(await within(dialog).findByRole('button', { name: 'Acme, 2 SKU to update' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Update All Customers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Update All Customers' });
    await user.click(within(confirm).getByRole('button', { name: 'Update All Customers' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/customers/updateBulkCustomPricing/c-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/customers/updateBulkCustomPricing/c-2')[0]!.body).toEqual([
      { productId: 'p-1', newCustomPrice: 20 },
      { productId: 'p-2', newCustomPrice: 30 },
    ]);
    expect(await screen.findByText('3 prices updated for 2 customers')).toBeInTheDocument();
    expect(await within(dialog).findByText('No pricing updates available.')).toBeInTheDocument();
  });
});

describe('pricing model', () => {
  it('cleans typed prices (spec: digits, . and - only) and refuses what is not one', () => {
    expect(parsePriceInput('$1,234.567')).toEqual({ value: 1234.57 });
    expect(parsePriceInput(' 12 ')).toEqual({ value: 12 });
    expect(parsePriceInput('abc')).toEqual({ error: 'Enter a price' });
    expect(parsePriceInput('1.2.3')).toEqual({ error: 'Enter a valid price' });
    expect(parsePriceInput('-5')).toEqual({ error: 'Price cannot be negative' });
  });

  it('Update sends one call per distinct price and one removal, skipping edits that change nothing', () => {
    const rows = buildRows([P1, P2, P0, BOLT], [price('p-1', 18), price('p-2', 25)]);
    const pending = new Map<string, number | null>([
      ['p-1', 18],
      ['p-2', null],
      ['p-0', 5],
      ['p-9', 5],
    ]);
    expect(savePlan(rows, pending)).toEqual({
      sets: [{ customPrice: 5, productIds: ['p-0', 'p-9'] }],
      removals: ['p-2'],
    });
    const shown = withPending(rows, pending);
    expect(shown.find((r) => r.id === 'p-2')).toMatchObject({ pending: null, price: undefined, savedPrice: 25 });
  });

  it('leaves out updates applied in the dialog when listing customers', () => {
    const list = customersWithUpdates(
      {
        customers: [
          {
            customerId: 'c-1',
            customerName: 'A',
            pricedCount: 1,
            personalizedPricingList: [update('p-1', 'b-1', 'Acme', 1, 2)],
          },
        ],
      },
      new Set(['c-1/p-1/2']),
    );
    expect(list).toEqual([]);
  });
});
