import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser, renderApp } from './helpers';
import { ADMIN, makeBrand, preloadCatalogModules, SALES } from './brands-fixtures';

beforeAll(preloadCatalogModules);
afterEach(() => vi.unstubAllGlobals());

const ACME = makeBrand();
const BOLT = makeBrand({ id: 'b-2', name: 'Bolt', skucode: 'BLT', brandRepEmail: '', hideInInventoryOverview: true });

function setup(session = ADMIN) {
  let brands = [ACME, BOLT];
  const api = fakeApi()
    .on('GET', '/api/db/brands/getBrandsWithProductCount', () => ({
      body: brands.map((b) => ({ ...b, count: b.id === 'b-1' ? 3 : 0 })),
    }))
    .on('GET', '/api/db/brands/getAll', () => ({ body: { res: brands } }))
    .on('GET', '/api/db/users/getAll', {
      body: { res: [makeUser({ id: 'u-m', name: 'Mia Manager', role: ['PURCHASING'] })] },
    })
    .on('GET', '/api/db/products/getProductTypesWithProductCount', {
      body: [{ id: 't-flower', name: 'Flower', count: 4 }],
    })
    .on('GET', '/api/db/products/getProductTypes', { body: [{ id: 't-flower', name: 'Flower' }] })
    .on('GET', '/api/db/products/getExtractTypes', { body: [{ id: 'e-1', name: 'Live resin' }] })
    .on('POST', '/api/db/brands/addNew', (call) => {
      const created = makeBrand({ id: 'b-3', ...(call.body as object) });
      brands = [...brands, created];
      return { body: created };
    })
    .on('PUT', '/api/db/brands/update/b-1', (call) => {
      brands = brands.map((b) => (b.id === 'b-1' ? { ...b, ...(call.body as object) } : b));
      return { body: brands[0] };
    });
  renderApp('/brands', session);
  return api;
}

describe('Brands page', () => {
  it('lists brands with counts, contacts and flags, and shows actions only to catalogue writers', async () => {
    setup(SALES);
    const table = await screen.findByRole('grid', { name: 'Brands' });
    expect(await within(table).findByText('Acme')).toBeInTheDocument();
    expect(within(table).getByText('rita@acme.test')).toBeInTheDocument();
    expect(within(table).getByText('3')).toBeInTheDocument();
    expect(within(table).getByText('Hidden')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add brand' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit brands' })).not.toBeInTheDocument();
  });

  it('requires the brand name (schema message) and adds a brand', async () => {
    const user = userEvent.setup();
    const api = setup();
    await user.click(await screen.findByRole('button', { name: 'Add brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Brand' });
    await user.click(within(dialog).getByRole('button', { name: 'Add brand' }));
    expect(await within(dialog).findByText('Brand name is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/db/brands/addNew')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Brand name'), 'Comet');
    await user.type(within(dialog).getByLabelText(/SKU code/), 'CMT');
    await user.click(within(dialog).getByRole('button', { name: 'Add brand' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Brand' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/db/brands/addNew')[0]?.body).toEqual({
      name: 'Comet',
      skucode: 'CMT',
      excludeFromReporting: false,
      hideInInventoryOverview: false,
    });
    expect(await screen.findByText('Brand Comet added')).toBeInTheDocument();
  });

  it('EditBrands: an accordion whose Save is enabled only when that brand changed, saving only the change', async () => {
    const user = userEvent.setup();
    const api = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit brands' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Brands' });
    // Collapsed at first; open Acme.
    await user.click(await within(dialog).findByRole('button', { name: 'Acme' }));
    const form = await within(dialog).findByRole('form', { name: 'Edit brand Acme' });
    const save = within(form).getByRole('button', { name: 'Save Acme' });
    expect(save).toBeDisabled();

    const repName = within(form).getByLabelText(/Rep name/);
    await user.type(repName, 'x');
    expect(save).toBeEnabled();
    expect(within(dialog).getByText('Unsaved changes')).toBeInTheDocument();
    await user.type(repName, '{Backspace}');
    expect(save).toBeDisabled();

    await user.clear(repName);
    await user.type(repName, 'Rick Rep');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/brands/update/b-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/brands/update/b-1')[0]?.body).toEqual({ brandRepName: 'Rick Rep' });
    expect(await within(form).findByText('Saved')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save Acme' })).toBeDisabled();

    // Clearing the name is refused with the schema's message.
    await user.clear(within(form).getByLabelText('Brand name'));
    await user.click(within(form).getByRole('button', { name: 'Save Acme' }));
    expect(await within(form).findByText('Brand name is required')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/db/brands/update/b-1')).toHaveLength(1);
  });

  it('shows the server message when deleting a brand that still has products (409)', async () => {
    const user = userEvent.setup();
    const api = setup();
    api.on('DELETE', '/api/db/brands/remove/b-1', {
      status: 409,
      body: { message: 'Acme still has 3 products; move or delete them first.', code: 'CONFLICT' },
    });
    await user.click(await screen.findByRole('radio', { name: 'Acme' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete brand' });
    expect(within(confirm).getByText(/It still has 3 products/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await within(confirm).findByText('Acme still has 3 products; move or delete them first.'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/db/brands/remove/b-1')).toHaveLength(1);
    expect(screen.getByRole('grid', { name: 'Brands', hidden: true })).toHaveTextContent('Acme');
  });

  it('lists product types with counts and requires a type name; adds an extract type', async () => {
    const user = userEvent.setup();
    const api = setup();
    api
      .on('POST', '/api/db/products/addNewProductType', (call) => ({ body: { id: 't-2', ...(call.body as object) } }))
      .on('POST', '/api/db/products/addNewExtractType', (call) => ({ body: { id: 'e-2', ...(call.body as object) } }));
    await user.click(await screen.findByRole('tab', { name: 'Product types' }));
    const types = await screen.findByRole('table', { name: 'Product types' });
    expect(await within(types).findByText('Flower')).toBeInTheDocument();
    expect(within(types).getByText('4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product Type' });
    await user.click(within(dialog).getByRole('button', { name: 'Add type' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Type name'), 'Vape');
    await user.click(within(dialog).getByRole('button', { name: 'Add type' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/db/products/addNewProductType')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/products/addNewProductType')[0]?.body).toEqual({ name: 'Vape' });

    await user.click(screen.getByRole('tab', { name: 'Extract types' }));
    expect(await screen.findByText('Live resin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add extract type' }));
    const extract = await screen.findByRole('dialog', { name: 'Add New Extract Type' });
    await user.type(within(extract).getByLabelText('Extract type name'), 'Rosin{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/db/products/addNewExtractType')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/products/addNewExtractType')[0]?.body).toEqual({ name: 'Rosin' });
  });
});
