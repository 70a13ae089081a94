import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from './helpers';
import { ADMIN, makeBrand, makeProduct, preloadCatalogModules, SALES } from './brands-fixtures';

beforeAll(preloadCatalogModules);
afterEach(() => vi.unstubAllGlobals());

const BRANDS = [
  // Acme: brand over (30 > 25), Flower at (20 = 20), Flower 7 g under (10 < 12), Vape no limit.
  makeBrand({
    id: 'b-1',
    name: 'Acme',
    maxBrandStock: 25,
    MaxProductStock: [
      { typeId: 't-flower', maxStock: 20 },
      { typeId: 't-flower', weight: 7, maxStock: 12 },
    ],
  }),
  // Bolt: nothing over.
  makeBrand({ id: 'b-2', name: 'Bolt', maxBrandStock: 100 }),
  // Hidden from the overview.
  makeBrand({ id: 'b-3', name: 'Comet', hideInInventoryOverview: true, maxBrandStock: 1 }),
];
const PRODUCTS = [
  makeProduct({ id: 'p-1', brandID: 'b-1', stock: 10, weight: 3.5 }),
  makeProduct({ id: 'p-2', brandID: 'b-1', stock: 10, weight: 7 }),
  makeProduct({ id: 'p-3', brandID: 'b-1', stock: 10, typeID: 't-vape', type: { name: 'Vape' }, weight: 1 }),
  makeProduct({ id: 'p-4', brandID: 'b-2', stock: 40 }),
  makeProduct({ id: 'p-5', brandID: 'b-3', stock: 40 }),
];

function setup(session = ADMIN) {
  const api = fakeApi()
    .on('GET', '/api/db/brands/getAll', { body: { res: BRANDS } })
    .on('GET', '/api/db/products/getAll', { body: PRODUCTS });
  renderApp('/inventory', session);
  return api;
}

const rowText = (table: HTMLElement, needle: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(needle))?.textContent ?? '';

describe('Inventory overview', () => {
  it('lists every brand not hidden from it with over / at / under / none statuses', async () => {
    setup();
    const acme = await screen.findByRole('table', { name: 'Stock against limits: Acme' });
    expect(screen.getByRole('table', { name: 'Stock against limits: Bolt' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Stock against limits: Comet' })).not.toBeInTheDocument();

    expect(rowText(acme, 'All products')).toMatch(/3.*30.*25.*Over limit by 5/);
    expect(rowText(acme, 'Type Limit')).toMatch(/Flower.*20.*20.*At limit/);
    expect(rowText(acme, 'Flower 7 g')).toMatch(/10.*12.*Under limit \(2 to go\)/);
    expect(rowText(acme, 'Vape 1 g')).toMatch(/No limit/);
    // The status colours: over red, at amber, under green, none grey.
    expect(within(acme).getByText('Over limit by 5').closest('[class*="status-error"]')).not.toBeNull();
    expect(within(acme).getByText('At limit').closest('[class*="status-warning"]')).not.toBeNull();
    expect(
      within(acme)
        .getByText(/Under limit/)
        .closest('[class*="status-success"]'),
    ).not.toBeNull();
    expect(within(acme).getAllByText('No limit')[0]?.closest('[class*="status-stopped"]')).not.toBeNull();
    expect(screen.getAllByRole('button', { name: /Edit stock limits of/ })).toHaveLength(2);
  });

  it('filters by brand name and to lines over their limit', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('table', { name: 'Stock against limits: Acme' });
    await user.type(screen.getByRole('searchbox', { name: 'Filter by brand name' }), 'bol');
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Stock against limits: Acme' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('table', { name: 'Stock against limits: Bolt' })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Filter by brand name' }));

    await user.click(screen.getByRole('checkbox', { name: 'Only over limit' }));
    const acme = await screen.findByRole('table', { name: 'Stock against limits: Acme' });
    expect(screen.queryByRole('table', { name: 'Stock against limits: Bolt' })).not.toBeInTheDocument();
    expect(within(acme).getAllByRole('row')).toHaveLength(2); // header + the brand line
    expect(rowText(acme, 'All products')).toMatch(/Over limit/);
  });

  it('shows no limits link to readers outside the catalogue writers', async () => {
    setup(SALES);
    await screen.findByRole('table', { name: 'Stock against limits: Acme' });
    expect(screen.queryByRole('button', { name: /Edit stock limits of/ })).not.toBeInTheDocument();
  });
});
