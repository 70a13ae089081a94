import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from './helpers';
import { ADMIN, makeBrand, makeProduct, preloadCatalogModules } from './brands-fixtures';

beforeAll(preloadCatalogModules);
afterEach(() => vi.unstubAllGlobals());

const PRODUCTS = [
  makeProduct({ id: 'p-1', name: 'Blue Dream', weight: 3.5, stock: 12, genetics: 'HYBRID' }),
  makeProduct({ id: 'p-2', name: 'Sour Diesel', weight: 3.5, stock: 0, hideFromCatalog: true, genetics: 'SATIVA' }),
  makeProduct({ id: 'p-3', name: 'OG Kush', weight: 7, stock: 5, genetics: 'INDICA' }),
  makeProduct({
    id: 'p-4',
    name: 'Mango Cart',
    typeID: 't-vape',
    type: { name: 'Vape' },
    weight: 1,
    extractTypeID: 'e-1',
    extractType: { name: 'Live resin' },
  }),
];

function setup() {
  let products = PRODUCTS;
  const api = fakeApi()
    .on('GET', '/api/db/brands/getBrandsWithProductCount', { body: [{ ...makeBrand(), count: 4 }] })
    .on('GET', '/api/db/brands/getByID/b-1', () => ({ body: { ...makeBrand(), products } }))
    .on('PUT', '/api/db/products/update/p-1', (call) => {
      products = products.map((p) => (p.id === 'p-1' ? { ...p, ...(call.body as object) } : p));
      return { body: products[0] };
    });
  renderApp('/brands', ADMIN);
  return api;
}

async function openCatalog() {
  const user = userEvent.setup();
  const api = setup();
  await user.click(await screen.findByRole('radio', { name: 'Acme' }));
  await user.click(screen.getByRole('button', { name: 'Actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Manage catalogue' }));
  const dialog = await screen.findByRole('dialog', { name: 'Manage Catalogue: Acme' });
  await within(dialog).findByText('Flower');
  return { user, api, dialog };
}

describe('ManageBrandCatalog', () => {
  it("shows types as accordions with 'visible / total visible', grouped by weight, with badges", async () => {
    const { user, dialog } = await openCatalog();
    const flower = within(dialog).getByRole('button', { name: 'Flower, 2 / 3 visible' });
    expect(within(dialog).getByRole('button', { name: 'Vape, 1 / 1 visible' })).toBeInTheDocument();
    await user.click(flower);
    const grams = within(dialog).getByRole('region', { name: 'Flower 3.5 g' });
    expect(within(grams).getByText('Blue Dream')).toBeInTheDocument();
    expect(within(grams).getByText('HYBRID')).toBeInTheDocument();
    expect(within(grams).getByText('(1 / 2 visible)')).toBeInTheDocument();
    expect(within(grams).getByRole('checkbox', { name: 'Show Sour Diesel in the catalogue' })).not.toBeChecked();
    expect(within(dialog).getByRole('region', { name: 'Flower 7 g' })).toHaveTextContent('OG Kush');
    await user.click(within(dialog).getByRole('button', { name: 'Vape, 1 / 1 visible' }));
    expect(within(dialog).getByText('Live resin')).toBeInTheDocument();
  });

  it('saves visibility at once: Updating..., then Success! for 2 s', async () => {
    const { user, api, dialog } = await openCatalog();
    await user.click(within(dialog).getByRole('button', { name: 'Flower, 2 / 3 visible' }));
    let release: () => void = () => undefined;
    const fetchStub = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/db/products/update/')) await new Promise<void>((r) => (release = r));
      return fetchStub(input, init);
    });

    const toggle = within(dialog).getByRole('checkbox', { name: 'Show Blue Dream in the catalogue' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Updating...')).toBeInTheDocument();
    expect(toggle).toBeDisabled();
    release();
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/db/products/update/p-1')[0]?.body).toEqual({ hideFromCatalog: true });
    expect(toggle).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Flower, 1 / 3 visible' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Success!')).not.toBeInTheDocument(), { timeout: 3500 });
  });

  it("shows 'Error updating visibility' and keeps the switch when the save fails", async () => {
    const { user, api, dialog } = await openCatalog();
    api.on('PUT', '/api/db/products/update/p-1', { status: 500, body: { message: 'boom' } });
    await user.click(within(dialog).getByRole('button', { name: 'Flower, 2 / 3 visible' }));
    const toggle = within(dialog).getByRole('checkbox', { name: 'Show Blue Dream in the catalogue' });
    await user.click(toggle);
    expect(await screen.findByText('Error updating visibility')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(toggle).toBeEnabled();
    await waitFor(() => expect(screen.queryByText('Error updating visibility')).not.toBeInTheDocument(), {
      timeout: 3500,
    });
  });
});
