import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeLogEntry, Product, SavedFilter } from '@bo/shared';
import { fakeApi, makeSession, preloadLazyModules, renderApp } from './helpers';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/products/ProductsPage'),
    import('../src/pages/products/ProductFormModal'),
    import('../src/pages/products/ViewProductModal'),
    import('../src/pages/products/ViewStockHistoryModal'),
    import('../src/pages/products/SaveFilterModal'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

const ADMIN = makeSession({ userId: 'u-admin', name: 'Ada Admin', roles: ['ADMIN'] });

const product = (overrides: Partial<Product>): Product => ({
  id: 'p-x',
  sku: 'ACM-FLO-0001',
  brandID: 'b-acme',
  brand: { name: 'Acme' },
  name: 'Product',
  typeID: 't-flower',
  type: { name: 'Flower' },
  productLineIDs: [],
  status: 'ACTIVE',
  weight: 3.5,
  stock: 10,
  pendingOutboundQuantity: 0,
  basePrice: 20,
  discountEligible: true,
  hasBatch: true,
  hideFromCatalog: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const PRODUCTS: Product[] = [
  product({ id: 'p-1', name: 'Alpha Kush', sku: 'ACM-FLO-0001', stock: 25, basePrice: 30, genetics: 'INDICA' }),
  product({ id: 'p-2', name: 'Bravo Haze', sku: 'ACM-FLO-0002', stock: 0, basePrice: 10, genetics: 'SATIVA' }),
  product({
    id: 'p-3',
    name: 'Charlie Cart',
    sku: 'BLT-VAP-0001',
    brandID: 'b-bolt',
    brand: { name: 'Bolt' },
    typeID: 't-vape',
    type: { name: 'Vape' },
    stock: 5,
    basePrice: 45,
    weight: 1,
  }),
  product({ id: 'p-4', name: 'Delta Dream', sku: 'ACM-FLO-0003', stock: 12, basePrice: 20, genetics: 'HYBRID' }),
];

const byId = (id: string) => PRODUCTS.find((p) => p.id === id)!;

async function openProducts(options: { filters?: SavedFilter[]; session?: ReturnType<typeof makeSession> } = {}) {
  const api = fakeApi()
    .on('GET', '/api/db/products/getAll', { body: PRODUCTS })
    .on('GET', '/api/db/preferences/getFilters', { body: options.filters ?? [] });
  for (const p of PRODUCTS) api.on('GET', `/api/db/products/getByID/${p.id}`, { body: { ...p, orderBatches: [] } });
  renderApp('/products', options.session ?? ADMIN);
  const table = await screen.findByRole('table', { name: 'Products' });
  await within(table).findByText('Alpha Kush');
  return { api, table };
}

/** Product names in table order. */
const rowNames = (table: HTMLElement) =>
  within(table)
    .queryAllByRole('button', { name: /^View / })
    .map((a) => a.textContent);

const multiselect = (field: string) => createWrapper().findMultiselect(`[data-testid="filter-${field}"]`)!;
const search = () => screen.getByRole('searchbox', { name: 'Search products' });

describe('Products page: filters, sort and shortcuts', () => {
  it('shows in-stock products by default; clearing the stock filter shows all, Out of Stock only the rest', async () => {
    const { table } = await openProducts();
    expect(rowNames(table)).toEqual(['Alpha Kush', 'Charlie Cart', 'Delta Dream']);
    expect(within(table).getByText('$30.00')).toBeInTheDocument();

    const stock = multiselect('stock');
    stock.openDropdown();
    stock.selectOptionByValue('in');
    await waitFor(() => expect(rowNames(table)).toEqual(['Alpha Kush', 'Bravo Haze', 'Charlie Cart', 'Delta Dream']));
    stock.selectOptionByValue('out');
    await waitFor(() => expect(rowNames(table)).toEqual(['Bravo Haze']));
  });

  it('filters by brand and search, and says so when nothing matches', async () => {
    const user = userEvent.setup();
    const { table } = await openProducts();
    const brand = multiselect('brands');
    brand.openDropdown();
    brand.selectOptionByValue('b-bolt');
    await waitFor(() => expect(rowNames(table)).toEqual(['Charlie Cart']));

    await user.type(search(), 'kush');
    expect(await screen.findByText('No products found. Try adjusting your filters.')).toBeInTheDocument();

    // Shift+5 clears the filters (back to in stock only).
    fireEvent.keyDown(search(), { key: '%', code: 'Digit5', shiftKey: true });
    await waitFor(() => expect(rowNames(table)).toEqual(['Alpha Kush', 'Charlie Cart', 'Delta Dream']));
    expect(search()).toHaveValue('');
  });

  it('sorts by price and stock and toggles the direction (buttons and Shift+1..4)', async () => {
    const user = userEvent.setup();
    const { table } = await openProducts();
    const sort = createWrapper().findSelect('[data-testid="sort"]')!;
    sort.openDropdown();
    sort.selectOptionByValue('price');
    await waitFor(() => expect(rowNames(table)).toEqual(['Delta Dream', 'Alpha Kush', 'Charlie Cart']));

    await user.click(screen.getByRole('button', { name: /Ascending/ }));
    await waitFor(() => expect(rowNames(table)).toEqual(['Charlie Cart', 'Alpha Kush', 'Delta Dream']));

    fireEvent.keyDown(search(), { key: '#', code: 'Digit3', shiftKey: true });
    await waitFor(() => expect(rowNames(table)).toEqual(['Charlie Cart', 'Delta Dream', 'Alpha Kush']));
    fireEvent.keyDown(search(), { key: '$', code: 'Digit4', shiftKey: true });
    await waitFor(() => expect(rowNames(table)).toEqual(['Alpha Kush', 'Delta Dream', 'Charlie Cart']));
    fireEvent.keyDown(search(), { key: '!', code: 'Digit1', shiftKey: true });
    await waitFor(() => expect(rowNames(table)).toEqual(['Alpha Kush', 'Charlie Cart', 'Delta Dream']));
  });

  it('Alt+N highlights the Nth result, Up/Down move it, Enter opens the product', async () => {
    const { table } = await openProducts();
    const highlighted = () =>
      within(table)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked)
        .map((r) => r.getAttribute('aria-label'));

    search().focus();
    fireEvent.keyDown(search(), { key: '¡', code: 'Digit2', altKey: true });
    await waitFor(() => expect(highlighted()).toEqual(['Highlight Charlie Cart']));
    fireEvent.keyDown(search(), { key: 'ArrowDown', code: 'ArrowDown' });
    await waitFor(() => expect(highlighted()).toEqual(['Highlight Delta Dream']));
    fireEvent.keyDown(search(), { key: 'ArrowUp', code: 'ArrowUp' });
    fireEvent.keyDown(search(), { key: 'ArrowUp', code: 'ArrowUp' });
    await waitFor(() => expect(highlighted()).toEqual(['Highlight Alpha Kush']));
    fireEvent.keyDown(search(), { key: 'Enter', code: 'Enter' });

    const dialog = await screen.findByRole('dialog', { name: 'Alpha Kush' });
    expect(await within(dialog).findByText('ACM-FLO-0001', { selector: 'dd *, dd' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Manage Product Tags/ })).toHaveAttribute(
      'href',
      '/products/tags?sku=ACM-FLO-0001',
    );
  });

  it('lists the keyboard shortcuts in a help popover', async () => {
    const user = userEvent.setup();
    await openProducts();
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByText('Shift+4')).toBeInTheDocument();
    expect(screen.getByText('Alt+1 … Alt+9')).toBeInTheDocument();
  });
});

describe('Saved filters', () => {
  it('saves the chosen filters with Enter, sending the user id and the filter data', async () => {
    const user = userEvent.setup();
    const { api } = await openProducts();
    api.on('POST', '/api/db/preferences/saveFilter', (call) => ({
      body: {
        id: 'f-1',
        userId: 'u-admin',
        settings: { ...(call.body as { filterData: object }).filterData, filterData: {} },
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    }));
    const brand = multiselect('brands');
    brand.openDropdown();
    brand.selectOptionByValue('b-acme');
    await user.type(search(), 'kush');

    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product Filter' });
    expect(within(dialog).getByText('In Stock')).toBeInTheDocument();
    expect(within(dialog).getByText('Acme')).toBeInTheDocument();
    expect(within(dialog).getByText('kush')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Filter name is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/db/preferences/saveFilter')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Filter Name'), 'Acme kush{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/db/preferences/saveFilter')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/preferences/saveFilter')[0]!.body).toEqual({
      userId: 'u-admin',
      filterData: {
        filterName: 'Acme kush',
        variant: 'products',
        filters: {
          brands: ['b-acme'],
          types: [],
          genetics: [],
          extractTypes: [],
          weights: [],
          stock: ['in'],
          searchTerm: 'kush',
        },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Product Filter' })).not.toBeInTheDocument());
  });

  it('re-applies every field of a saved filter, and deletes one after confirmation', async () => {
    const user = userEvent.setup();
    const saved: SavedFilter = {
      id: 'f-out',
      userId: 'u-admin',
      settings: {
        filterName: 'Acme sold out',
        variant: 'products',
        filterData: {
          brands: ['b-acme'],
          types: ['t-flower'],
          genetics: [],
          extractTypes: [],
          weights: [3.5],
          stock: ['out'],
          searchTerm: 'haze',
        },
      },
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const { api, table } = await openProducts({ filters: [saved] });
    api.on('DELETE', '/api/db/preferences/removeFilter/f-out', { body: { ok: true } });

    const select = createWrapper().findSelect('[data-testid="saved-filters"]')!;
    select.openDropdown();
    await waitFor(() => expect(select.findDropdown().findOptionByValue('f-out')).not.toBeNull());
    select.selectOptionByValue('f-out');
    await waitFor(() => expect(rowNames(table)).toEqual(['Bravo Haze']));
    expect(search()).toHaveValue('haze');
    expect(multiselect('stock').findTrigger().getElement()).toHaveTextContent('Out of Stock');
    expect(multiselect('weights').findTrigger().getElement()).toHaveTextContent('3.5 g');
    expect(multiselect('brands').findTrigger().getElement()).toHaveTextContent('Acme');
    expect(multiselect('types').findTrigger().getElement()).toHaveTextContent('Flower');

    await user.click(screen.getByRole('button', { name: 'Delete saved filter' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete saved filter' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/db/preferences/removeFilter/f-out')).toHaveLength(1));
  });
});

describe('Product dialogs', () => {
  it('Add New Product: SKU preview only once brand and type are chosen, required messages from the schema', async () => {
    const user = userEvent.setup();
    const { api } = await openProducts();
    api
      .on('GET', '/api/db/brands/getAll', {
        body: {
          res: [
            {
              id: 'b-acme',
              name: 'Acme',
              excludeFromReporting: false,
              MaxProductStock: [],
              hideInInventoryOverview: false,
              createdAt: '2026-01-01T00:00:00.000Z',
              modifiedOn: '2026-01-01T00:00:00.000Z',
            },
          ],
        },
      })
      .on('GET', '/api/db/products/getProductTypes', { body: [{ id: 't-flower', name: 'Flower' }] })
      .on('GET', '/api/db/products/getExtractTypes', { body: [] })
      .on('GET', '/api/db/brands/getProductLines/b-acme', { body: [] })
      .on('GET', '/api/db/products/createSKU', { body: { sku: 'ACM-FLO-0004' } })
      .on('POST', '/api/db/products/addNew', (call) => ({
        status: 201,
        body: product({ ...(call.body as Partial<Product>), id: 'p-new', sku: 'ACM-FLO-0004' }),
      }));

    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
    const sku = within(dialog).getByLabelText('SKU');
    expect(sku).toHaveValue('');
    expect(sku).toHaveAttribute('readonly');

    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await within(dialog).findByText('Product name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Brand is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Type is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/db/products/addNew')).toHaveLength(0);

    const brand = createWrapper(dialog).findSelect('[data-testid="brandID"]')!;
    brand.openDropdown();
    await waitFor(() => expect(brand.findDropdown().findOptionByValue('b-acme')).not.toBeNull());
    brand.selectOptionByValue('b-acme');
    expect(sku).toHaveValue('');
    expect(api.callsTo('GET', '/api/db/products/createSKU')).toHaveLength(0);

    const type = createWrapper(dialog).findSelect('[data-testid="typeID"]')!;
    type.openDropdown();
    await waitFor(() => expect(type.findDropdown().findOptionByValue('t-flower')).not.toBeNull());
    type.selectOptionByValue('t-flower');
    await waitFor(() => expect(sku).toHaveValue('ACM-FLO-0004'));
    expect(api.callsTo('GET', '/api/db/products/createSKU')[0]!.query.get('brandID')).toBe('b-acme');

    await user.type(within(dialog).getByLabelText('Product name'), 'Echo OG');
    await user.type(within(dialog).getByLabelText('Base price'), '$1,234.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/db/products/addNew')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/products/addNew')[0]!.body).toMatchObject({
      name: 'Echo OG',
      brandID: 'b-acme',
      typeID: 't-flower',
      status: 'ACTIVE',
      basePrice: 1234.5,
      discountEligible: true,
      hasBatch: true,
      hideFromCatalog: false,
    });
  });

  it('asks before closing Add New Product with unsaved changes', async () => {
    const user = userEvent.setup();
    const { api } = await openProducts();
    api
      .on('GET', '/api/db/brands/getAll', { body: { res: [] } })
      .on('GET', '/api/db/products/getProductTypes', { body: [] })
      .on('GET', '/api/db/products/getExtractTypes', { body: [] });
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
    await user.type(within(dialog).getByLabelText('Product name'), 'X');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Product' })).not.toBeInTheDocument());
  });

  it('Edit Product: Save is disabled until something changes, then sends only the change', async () => {
    const user = userEvent.setup();
    const { api } = await openProducts();
    api
      .on('GET', '/api/db/brands/getAll', { body: { res: [] } })
      .on('GET', '/api/db/products/getProductTypes', { body: [] })
      .on('GET', '/api/db/products/getExtractTypes', { body: [] })
      .on('GET', '/api/db/brands/getProductLines/b-acme', { body: [] })
      .on('PUT', '/api/db/products/update/p-4', (call) => ({
        body: { ...byId('p-4'), ...(call.body as object) },
      }));
    await user.click(screen.getByRole('button', { name: 'View Delta Dream' }));
    const view = await screen.findByRole('dialog', { name: 'Delta Dream' });
    await user.click(await within(view).findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const save = await within(dialog).findByRole('button', { name: 'Save' });
    await within(dialog).findByDisplayValue('Delta Dream');
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('MSRP'));
    await user.type(within(dialog).getByLabelText('MSRP'), '29.99');
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/products/update/p-4')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/products/update/p-4')[0]!.body).toEqual({ msrp: 29.99 });
  });

  it('Adjust stock sends the new stock with its note', async () => {
    const user = userEvent.setup();
    const { api } = await openProducts();
    api.on('PUT', '/api/db/products/update/p-1', (call) => ({
      body: { ...byId('p-1'), ...(call.body as object) },
    }));
    await user.click(screen.getByRole('button', { name: 'View Alpha Kush' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alpha Kush' });
    await user.click(await within(dialog).findByRole('button', { name: 'Adjust stock' }));
    const stock = within(dialog).getByLabelText('New stock');
    await user.clear(stock);
    await user.type(stock, '18');
    await user.type(within(dialog).getByLabelText('Note'), 'Damaged in transit');
    await user.click(within(dialog).getByRole('button', { name: 'Save stock' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/products/update/p-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/products/update/p-1')[0]!.body).toEqual({
      stock: 18,
      notes: 'Damaged in transit',
    });
  });

  it("View Stock History lists stock changes (New / Change / Prev) with 'No notes provided'", async () => {
    const user = userEvent.setup();
    const { api } = await openProducts();
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const old = new Date(Date.now() - 200 * 86_400_000).toISOString();
    const entries: ChangeLogEntry[] = [
      {
        id: 'c-1',
        action: 'update',
        entityType: 'product',
        entityId: 'p-1',
        userId: 'u-2',
        userName: 'Ivy Inventory',
        createdAt: recent,
        changes: [{ name: 'Stock', field: 'stock', action: 'update', previousValue: 20, newValue: 25 }],
      },
      {
        id: 'c-2',
        action: 'update',
        entityType: 'product',
        entityId: 'p-1',
        userId: 'u-admin',
        userName: 'Ada Admin',
        createdAt: recent,
        changes: [{ name: 'Name', field: 'name', action: 'update', previousValue: 'A', newValue: 'Alpha Kush' }],
      },
      {
        id: 'c-3',
        action: 'update',
        entityType: 'product',
        entityId: 'p-1',
        userId: 'u-2',
        userName: 'Ivy Inventory',
        createdAt: old,
        notes: 'Old count',
        changes: [{ name: 'Stock', field: 'stock', action: 'update', previousValue: 30, newValue: 20 }],
      },
    ];
    api.on('GET', '/api/db/changelog/getAll/product/p-1', { body: { entries, cursor: null } });
    await user.click(screen.getByRole('button', { name: 'View Alpha Kush' }));
    const view = await screen.findByRole('dialog', { name: 'Alpha Kush' });
    await user.click(await within(view).findByRole('button', { name: 'View stock history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock History' });
    const changes = await within(dialog).findByRole('table', { name: 'Stock movements' });
    expect(await within(changes).findByText('No notes provided')).toBeInTheDocument();
    expect(within(changes).getByText('+5')).toBeInTheDocument();
    expect(within(changes).getByText('Ivy Inventory')).toBeInTheDocument();
    // The name change is not a stock change; the 200-day-old entry is outside the last 90 days.
    expect(within(changes).queryByText('Old count')).not.toBeInTheDocument();
    expect(within(changes).getAllByRole('row')).toHaveLength(2);
    expect(within(dialog).getByText('ACM-FLO-0001')).toBeInTheDocument();
  });

  it('reads only for SALES: no Add product, no Edit, Adjust stock or Add batch', async () => {
    const user = userEvent.setup();
    await openProducts({ session: makeSession({ roles: ['SALES'] }) });
    expect(screen.queryByRole('button', { name: 'Add product' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Alpha Kush' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alpha Kush' });
    await within(dialog).findByRole('button', { name: 'View stock history' });
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Adjust stock' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add batch' })).not.toBeInTheDocument();
  });

  it('INVENTORY writes but the form has no Cost field (cost is for ADMIN, PURCHASING, PAYROLL)', async () => {
    const user = userEvent.setup();
    const { api } = await openProducts({ session: makeSession({ roles: ['INVENTORY'] }) });
    api
      .on('GET', '/api/db/brands/getAll', { body: { res: [] } })
      .on('GET', '/api/db/products/getProductTypes', { body: [] })
      .on('GET', '/api/db/products/getExtractTypes', { body: [] });
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
    expect(within(dialog).getByLabelText('Base price')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Cost')).not.toBeInTheDocument();
  });
});
