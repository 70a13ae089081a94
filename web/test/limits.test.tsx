import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Brand } from '@bo/shared';
import { fakeApi, renderApp } from './helpers';
import { ADMIN, makeBrand, makeProduct, preloadCatalogModules } from './brands-fixtures';

beforeAll(preloadCatalogModules);
afterEach(() => vi.unstubAllGlobals());

const PRODUCTS = [
  makeProduct({ id: 'p-1', name: 'Blue Dream', stock: 12, weight: 3.5 }),
  makeProduct({ id: 'p-2', name: 'Sour Diesel', stock: 8, weight: 3.5 }),
  makeProduct({ id: 'p-3', name: 'OG Kush', stock: 5, weight: 7 }),
  makeProduct({ id: 'p-4', name: 'Mango Cart', stock: 4, typeID: 't-vape', type: { name: 'Vape' }, weight: 1 }),
  // Not on the menus: left out of every count.
  makeProduct({ id: 'p-5', name: 'Old Stock', stock: 99, status: 'INACTIVE' }),
];

function setup(brandOverrides: Partial<Brand> = {}) {
  let brand = makeBrand({
    maxBrandStock: 30,
    MaxProductStock: [{ typeId: 't-flower', maxStock: 20 }],
    ...brandOverrides,
  });
  const answer = () => ({ body: brand });
  const limitReply = (apply: (body: { maxStock?: number | null; maxBrandStock?: number | null }) => void) =>
    ((call: { body: unknown }) => {
      apply(call.body as { maxStock?: number | null; maxBrandStock?: number | null });
      return answer();
    }) as Parameters<ReturnType<typeof fakeApi>['on']>[2];
  const api = fakeApi()
    .on('GET', '/api/db/brands/getAll', () => ({ body: { res: [brand] } }))
    .on('GET', '/api/db/products/getAll', { body: PRODUCTS })
    .on('GET', '/api/db/brands/getByID/b-1', () => ({ body: { ...brand, products: PRODUCTS } }))
    .on(
      'POST',
      '/api/db/brands/updateStockLimits/b-1',
      limitReply((b) => (brand = { ...brand, maxBrandStock: b.maxBrandStock })),
    )
    .on(
      'POST',
      '/api/db/brands/updateStockLimits/b-1/t-flower',
      limitReply((b) => {
        brand = {
          ...brand,
          MaxProductStock: [
            ...brand.MaxProductStock.filter((m) => !(m.typeId === 't-flower' && m.weight === undefined)),
            { typeId: 't-flower', maxStock: b.maxStock ?? null },
          ],
        };
      }),
    )
    .on(
      'POST',
      '/api/db/brands/updateStockLimits/b-1/t-flower/3.5',
      limitReply((b) => {
        brand = {
          ...brand,
          MaxProductStock: [
            ...brand.MaxProductStock,
            { typeId: 't-flower', weight: 3.5, maxStock: b.maxStock ?? null },
          ],
        };
      }),
    )
    .on('PUT', '/api/db/brands/update/b-1', (call) => {
      brand = { ...brand, ...(call.body as object) };
      return answer();
    });
  renderApp('/inventory', ADMIN);
  return api;
}

async function openLimits() {
  const user = userEvent.setup();
  const api = setup();
  await user.click(await screen.findByRole('button', { name: 'Edit stock limits of Acme' }));
  const dialog = await screen.findByRole('dialog', { name: 'Stock Limits: Acme' });
  await within(dialog).findByLabelText('Brand Limit');
  return { user, api, dialog };
}

const buttons = (dialog: HTMLElement, field: string) => {
  const group = within(dialog).getByRole('toolbar', { name: `${field} actions` });
  return {
    save: within(group).getByRole('button', { name: 'Save Changes' }),
    revert: within(group).getByRole('button', { name: 'Revert Changes' }),
  };
};

describe('EditBrandStockLimits', () => {
  it('shows each line with product and unit counts and its stock against the limit', async () => {
    const { dialog } = await openLimits();
    const table = within(dialog).getByRole('table', { name: 'Stock limits' });
    const rows = within(table).getAllByRole('row');
    const text = rows.map((r) => r.textContent ?? '');
    // Brand: 4 live products, 29 units against 30.
    expect(text.find((t) => t.includes('Brand Limit'))).toMatch(/4 products · 29 units.*Under limit \(29 \/ 30\)/);
    expect(text.find((t) => t.includes('Type Limit') && t.includes('Flower'))).toMatch(
      /3 products · 25 units.*Over limit \(25 \/ 20\)/,
    );
    expect(text.find((t) => t.includes('Weight Limit') && t.includes('Flower 3.5 g'))).toMatch(
      /2 products · 20 units.*No limit/,
    );
    expect(text.find((t) => t.includes('Vape 1 g'))).toMatch(/1 product · 4 units.*No limit.*Low/);
    expect(within(dialog).getByLabelText('Brand Limit')).toHaveValue(30);
    expect(within(dialog).getByLabelText('Type Limit for Flower')).toHaveValue(20);
    expect(within(dialog).getByLabelText('Weight Limit for Flower 3.5 g')).toHaveValue(null);
  });

  it('enables save and revert per field only when it differs from the saved value; revert restores it', async () => {
    const { user, api, dialog } = await openLimits();
    const brandField = within(dialog).getByLabelText('Brand Limit');
    expect(buttons(dialog, 'Brand Limit').save).toBeDisabled();
    expect(buttons(dialog, 'Brand Limit').revert).toBeDisabled();

    await user.clear(brandField);
    await user.type(brandField, '40');
    expect(buttons(dialog, 'Brand Limit').save).toBeEnabled();
    expect(buttons(dialog, 'Brand Limit').revert).toBeEnabled();
    // The other fields are untouched.
    expect(buttons(dialog, 'Type Limit for Flower').save).toBeDisabled();

    await user.clear(brandField);
    await user.type(brandField, '30');
    expect(buttons(dialog, 'Brand Limit').save).toBeDisabled();

    await user.type(brandField, '5');
    await user.click(buttons(dialog, 'Brand Limit').revert);
    expect(brandField).toHaveValue(30);
    expect(buttons(dialog, 'Brand Limit').save).toBeDisabled();
    expect(api.callsTo('POST', '/api/db/brands/updateStockLimits/b-1')).toHaveLength(0);
  });

  it('saves one field with its own button, with Enter, and an empty field as null (no limit)', async () => {
    const { user, api, dialog } = await openLimits();
    const brandField = within(dialog).getByLabelText('Brand Limit');
    await user.clear(brandField);
    await user.type(brandField, '45');
    await user.click(buttons(dialog, 'Brand Limit').save);
    await waitFor(() => expect(api.callsTo('POST', '/api/db/brands/updateStockLimits/b-1')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/brands/updateStockLimits/b-1')[0]?.body).toEqual({ maxBrandStock: 45 });
    await waitFor(() => expect(buttons(dialog, 'Brand Limit').save).toBeDisabled());
    expect(brandField).toHaveValue(45);

    // Enter saves the weight line.
    const weightField = within(dialog).getByLabelText('Weight Limit for Flower 3.5 g');
    await user.type(weightField, '15{Enter}');
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/db/brands/updateStockLimits/b-1/t-flower/3.5')[0]?.body).toEqual({
        maxStock: 15,
      }),
    );
    // 20 units against 15: over.
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('row')
          .find((r) => r.textContent?.includes('Flower 3.5 g'))?.textContent,
      ).toMatch(/Over limit \(20 \/ 15\)/),
    );

    // Emptying the type limit saves null.
    const typeField = within(dialog).getByLabelText('Type Limit for Flower');
    await user.clear(typeField);
    expect(buttons(dialog, 'Type Limit for Flower').save).toBeEnabled();
    await user.type(typeField, '{Enter}');
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/db/brands/updateStockLimits/b-1/t-flower')[0]?.body).toEqual({
        maxStock: null,
      }),
    );
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('row')
          .find((r) => r.textContent?.includes('Type Limit'))?.textContent,
      ).toMatch(/No limit/),
    );
  });

  it("'Show In Overview' saves hideInInventoryOverview at once", async () => {
    const { user, api, dialog } = await openLimits();
    const toggle = within(dialog).getByRole('checkbox', { name: 'Show In Overview' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/brands/update/b-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/brands/update/b-1')[0]?.body).toEqual({ hideInInventoryOverview: true });
    await waitFor(() => expect(toggle).not.toBeChecked());
  });
});
