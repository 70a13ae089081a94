import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeSession, preloadLazyModules, renderApp } from './helpers';

beforeAll(async () => {
  await preloadLazyModules();
  await import('../src/pages/tags/ProductTagsPage');
});
afterEach(() => vi.unstubAllGlobals());

const SESSION = makeSession({ roles: ['INVENTORY'] });

describe('/products/tags?sku=', () => {
  it("lists the SKU's batches with their tag counts and the open orders holding them", async () => {
    const api = fakeApi()
      .on('GET', '/api/db/products/getBySku/ACM-FLO-0001', {
        body: {
          sku: 'ACM-FLO-0001',
          productId: 'p-1',
          name: 'Alpha Kush',
          hasBatch: true,
          batches: [
            {
              id: 'bt-1',
              productId: 'p-1',
              batchNumber: 'LOT-100',
              receivedOn: '2026-03-02',
              isCheckedIn: true,
              initialQuantity: 40,
              remainingQuantity: 15,
            },
            {
              id: 'bt-2',
              productId: 'p-1',
              batchNumber: 'LOT-101',
              receivedOn: '2026-04-10',
              isCheckedIn: false,
              initialQuantity: 20,
              remainingQuantity: 20,
            },
          ],
        },
      })
      .on('GET', '/api/db/orders/getPendingOrderItemsForTags', {
        body: [
          {
            orderID: 'o-1',
            orderNum: '1042',
            productSku: 'ACM-FLO-0001',
            productBatchId: 'bt-1',
            quantity: 6,
            tagsPulled: false,
          },
          {
            orderID: 'o-2',
            orderNum: '1043',
            productSku: 'ACM-FLO-0001',
            productBatchId: null,
            quantity: 2,
            tagsPulled: false,
          },
          {
            orderID: 'o-3',
            orderNum: '1044',
            productSku: 'OTHER-1',
            productBatchId: 'bt-9',
            quantity: 5,
            tagsPulled: false,
          },
        ],
      });
    renderApp('/products/tags?sku=ACM-FLO-0001', SESSION);
    const table = await screen.findByRole('table', { name: 'Batches' });
    expect(within(table).getByText('LOT-100')).toBeInTheDocument();
    expect(within(table).getAllByText('Checked in')).toHaveLength(2); // header and LOT-100
    expect(within(table).getByText('Not checked in')).toBeInTheDocument();
    expect(within(table).getByText('25')).toBeInTheDocument(); // used of LOT-100
    expect(screen.getByText('Alpha Kush · ACM-FLO-0001')).toBeInTheDocument();
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    expect(screen.getByText('60')).toBeInTheDocument();
    expect(screen.getByText('35')).toBeInTheDocument();
    // LOT-100: 15 remaining, 6 reserved by order 1042 → 9 available.
    const orders = await screen.findByRole('table', { name: 'Open orders holding this SKU' });
    expect(within(orders).getByText('1042')).toBeInTheDocument();
    expect(within(orders).getByText('No batch (untagged)')).toBeInTheDocument();
    expect(within(orders).queryByText('1044')).not.toBeInTheDocument();
    const row = within(table).getByText('LOT-100').closest('tr')!;
    expect(within(row).getByText('6')).toBeInTheDocument();
    expect(within(row).getByText('9')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/db/products/getBySku/ACM-FLO-0001')).toHaveLength(1);
  });

  it("says 'No batches for this SKU' on a 404", async () => {
    fakeApi().on('GET', '/api/db/products/getBySku/NOPE-1', { status: 404, body: { message: 'No batch' } });
    renderApp('/products/tags?sku=NOPE-1', SESSION);
    expect(await screen.findByText('No batches for this SKU')).toBeInTheDocument();
  });

  it('shows Error... with Retry on other failures', async () => {
    fakeApi().on('GET', '/api/db/products/getBySku/BAD-1', { status: 500, body: { message: 'boom' } });
    renderApp('/products/tags?sku=BAD-1', SESSION);
    expect(await screen.findByText('Error...', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('explains a missing SKU without calling the API', async () => {
    const api = fakeApi();
    renderApp('/products/tags', SESSION);
    expect(await screen.findByText(/No SKU given/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.includes('getBySku'))).toHaveLength(0);
  });
});
