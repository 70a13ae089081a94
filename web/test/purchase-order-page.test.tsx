import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PurchaseOrder } from '@bo/shared';
import { fakeApi, makeSession, preloadLazyModules, renderApp } from './helpers';
import { makePurchaseOrder } from './purchase-order-fixtures';
import { linesTableRows } from '../src/pages/purchases/PurchaseOrderLinesTable';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([import('../src/pages/purchases/PurchaseOrderPage')]);
});
afterEach(() => vi.unstubAllGlobals());

const PURCHASING = makeSession({ userId: 'u-pur', roles: ['PURCHASING'] });
const INVENTORY = makeSession({ userId: 'u-inv', roles: ['INVENTORY'] });

const BY_NUMBER = '/api/db/purchases/getById/2001';
const RECEIVE = '/api/db/purchases/receive/po-1';

/** The order after receiving `skus` (all unstocked lines when left out). */
const received = (order: PurchaseOrder, skus?: string[]): PurchaseOrder => ({
  ...order,
  modifiedOn: '2026-03-10T08:00:00.000Z',
  receivedOn: '2026-03-10T08:00:00.000Z',
  purchaseOrderItems: order.purchaseOrderItems.map((l) =>
    l.quantity > 0 && (!skus || skus.includes(l.productSku)) ? { ...l, hasBeenStocked: true } : l,
  ),
});

const linesGrid = () => screen.getByRole('treegrid', { name: 'Lines of purchase order 2001' });
/** Cells of the lines table saying so (the column header says "Stocked" too). */
const cellsSaying = (text: string) =>
  [...linesGrid().querySelectorAll('td')].filter((cell) => cell.textContent === text).length;

function setup(order: PurchaseOrder = makePurchaseOrder()) {
  let current = order;
  const api = fakeApi()
    .on('GET', '/api/db/brands/getAll', { body: { res: [{ id: 'b-acme', name: 'Acme' }] } })
    .on('GET', BY_NUMBER, () => ({ body: { res: current } }))
    .on('GET', '/api/storage/list/documents', { body: [] })
    .on('GET', '/api/db/changelog/getAll/purchaseOrder/po-1', { body: { entries: [] } })
    .on('PUT', RECEIVE, (call) => {
      current = received(current, (call.body as { productSkus?: string[] }).productSkus);
      return { body: current };
    });
  return api;
}

describe('purchase order page', () => {
  it('groups the lines by type and weight with their stocked state', () => {
    const rows = linesTableRows(makePurchaseOrder().purchaseOrderItems);
    expect(rows.map((r) => (r.kind === 'group' ? [r.label, r.units, r.stocked] : r.key))).toEqual([
      ['Flower · 3.5 g', 16, 0],
      ['Flower · 7 g', 4, 1],
      ['Vape · 1 g', 6, 0],
    ]);
  });

  it('loads by number and shows brand, statuses with their dates, units, total, notes and lines', async () => {
    const api = setup();
    renderApp('/purchases/2001', PURCHASING);
    expect(await screen.findByRole('heading', { name: 'Purchase order 2001' })).toBeInTheDocument();
    expect(api.callsTo('GET', BY_NUMBER)).toHaveLength(1);
    expect(screen.getByText('Ordered')).toBeInTheDocument();
    expect(screen.getAllByText(/^Last changed/)).toHaveLength(2);
    expect(screen.getByText('Call before delivery')).toBeInTheDocument();
    expect(screen.getByText('$96.50')).toBeInTheDocument();
    const lines = screen.getByRole('treegrid', { name: 'Lines of purchase order 2001' });
    expect(within(lines).getByText('Flower · 3.5 g')).toBeInTheDocument();
    expect(within(lines).getByText('Blue Dream')).toBeInTheDocument();
    expect(cellsSaying('Stocked')).toBe(1);
    expect(cellsSaying('Not received')).toBe(3);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Purchase order PDF' })).toBeInTheDocument();
  });

  it('receives every line still to arrive after confirming, reports it and shows the lines stocked', async () => {
    const user = userEvent.setup();
    const api = setup();
    const { queryClient } = renderApp('/purchases/2001', INVENTORY);
    // Product screens seen earlier hold stock figures that the receive changes.
    queryClient.setQueryData(['api', 'products.getAll'], []);
    queryClient.setQueryData(['api', 'products.getBySku', { params: { sku: 'ACM-FLO-0001' } }], {});
    await user.click(await screen.findByRole('button', { name: 'Receive all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive all' });
    // 10 + 6 + 6 units on the three unstocked lines (the stocked one and the empty one are left alone).
    expect(within(dialog).getByText('22 units')).toBeInTheDocument();
    expect(within(dialog).getByText('3 lines', { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));

    expect(
      await screen.findByText(/Received 22 units on 3 lines of purchase order 2001 into stock\./),
    ).toBeInTheDocument();
    const [call] = api.callsTo('PUT', RECEIVE);
    expect(call!.body).toEqual({});
    expect(queryClient.getQueryState(['api', 'products.getAll'])?.isInvalidated).toBe(true);
    expect(
      queryClient.getQueryState(['api', 'products.getBySku', { params: { sku: 'ACM-FLO-0001' } }])?.isInvalidated,
    ).toBe(true);
    await waitFor(() => expect(cellsSaying('Stocked')).toBe(4));
    expect(screen.getByRole('button', { name: 'Receive all' })).toHaveAttribute('aria-disabled', 'true');
    // INVENTORY reads and receives but does not edit.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('receives only the lines picked for a partial delivery', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/purchases/2001', PURCHASING);
    const lines = await screen.findByRole('treegrid', { name: 'Lines of purchase order 2001' });
    expect(screen.getByRole('button', { name: 'Receive selected' })).toHaveAttribute('aria-disabled', 'true');
    // The stocked line and the line of no units cannot be picked.
    expect(within(lines).getByRole('checkbox', { name: 'Receive Gelato' })).toBeDisabled();
    await user.click(within(lines).getByRole('checkbox', { name: 'Receive Cart' }));
    await user.click(within(lines).getByRole('checkbox', { name: 'Receive Amnesia' }));
    await user.click(screen.getByRole('button', { name: 'Receive selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive selected lines' });
    expect(within(dialog).getByText('12 units')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));

    expect(await screen.findByText(/Received 12 units on 2 lines .* 1 line still to receive\./)).toBeInTheDocument();
    const [call] = api.callsTo('PUT', RECEIVE);
    expect(call!.body).toEqual({ productSkus: ['ACM-FLO-0002', 'ACM-VAP-0004'] });
    // The table starts afresh from the saved lines (no picks left).
    await waitFor(() => expect(cellsSaying('Stocked')).toBe(3));
    expect(cellsSaying('Not received')).toBe(1);
  });

  it('keeps the dialog open with the server message when a receive is refused', async () => {
    const user = userEvent.setup();
    const api = setup();
    api.on('PUT', RECEIVE, { status: 409, body: { message: 'Already received' } });
    renderApp('/purchases/2001', INVENTORY);
    await user.click(await screen.findByRole('button', { name: 'Receive all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive all' });
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByText('Already received')).toBeInTheDocument();
  });

  it('offers no receive on a draft, and says when the order is not found', async () => {
    setup(makePurchaseOrder({ orderStatus: 'DRAFT' }));
    const { unmount } = renderApp('/purchases/2001', INVENTORY);
    expect(await screen.findByRole('button', { name: 'Receive all' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Receive selected' })).not.toBeInTheDocument();
    unmount();

    fakeApi().on('GET', '/api/db/purchases/getById/9999', { status: 404, body: { message: 'Not found' } });
    renderApp('/purchases/9999', INVENTORY);
    expect(await screen.findByText('Purchase order not found.')).toBeInTheDocument();
  });
});
