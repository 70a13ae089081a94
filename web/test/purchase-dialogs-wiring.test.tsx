import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeSession, preloadLazyModules, renderApp } from './helpers';
import { makePurchaseOrder, makeSummary } from './purchase-order-fixtures';
import type * as RegistryModule from '../src/app/modal-registry';

/**
 * The pages open the editor's dialogs by name with the props the editor takes. The editor itself is built and
 * tested elsewhere (`./editor/`): here each name is registered with a stand-in that shows what it was given.
 */
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
      NewPurchaseOrder: standIn('NewPurchaseOrder'),
      EditPurchaseOrder: standIn('EditPurchaseOrder'),
    },
  };
});

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/purchases/PurchaseOrdersPage'),
    import('../src/pages/purchases/PurchaseOrderPage'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

const PURCHASING = makeSession({ userId: 'u-pur', roles: ['PURCHASING'] });

describe('opening the purchase-order editor', () => {
  it("opens NewPurchaseOrder with no props from the list's button", async () => {
    const user = userEvent.setup();
    fakeApi()
      .on('GET', '/api/db/brands/getAll', { body: { res: [] } })
      .on('GET', '/api/db/purchases/getAll', { body: [makeSummary()] });
    renderApp('/purchases', PURCHASING);
    await user.click(await screen.findByRole('button', { name: 'New purchase order' }));
    expect(await screen.findByRole('dialog', { name: 'NewPurchaseOrder' })).toHaveTextContent('{}');
  });

  it("opens EditPurchaseOrder with the order's id from its page", async () => {
    const user = userEvent.setup();
    fakeApi()
      .on('GET', '/api/db/brands/getAll', { body: { res: [] } })
      .on('GET', '/api/db/purchases/getById/2001', { body: { res: makePurchaseOrder() } })
      .on('GET', '/api/storage/list/documents', { body: [] })
      .on('GET', '/api/db/changelog/getAll/purchaseOrder/po-1', { body: { entries: [] } });
    renderApp('/purchases/2001', PURCHASING);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'EditPurchaseOrder' });
    expect(JSON.parse(within(dialog).getByText(/"id"/).textContent!)).toEqual({ id: 'po-1' });
  });
});
