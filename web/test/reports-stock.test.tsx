import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InventoryValuation, ReceivablesReport, SlowMovers, StockLimitsReport } from '@bo/shared';
import { fakeApi, makeSession, preloadLazyModules, renderApp } from './helpers';
import { addMonths, monthLabel, thisMonth } from '../src/pages/reports/report-common';
import { inventoryControlsFromParams } from '../src/pages/reports/inventory-report-config';
import { monthsFromParams } from '../src/pages/reports/receivables-report-config';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/reports/InventoryReportPage'),
    import('../src/pages/reports/ReceivablesReportPage'),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ADMIN = makeSession({ userId: 'u-admin', roles: ['ADMIN'] });
const INVENTORY = makeSession({ userId: 'u-inv', roles: ['INVENTORY'] });
const BUILD = { excludedBrands: [{ id: 'b-x', name: 'Hidden Co' }], exclusionChanged: false };
const lastMonth = addMonths(thisMonth(), -1);

const VALUATION: InventoryValuation = {
  asOf: null,
  through: '2026-11-27',
  byBrand: [
    { key: 'b-1', label: 'Acme', units: 30, products: 2, cost: 300 },
    { key: 'b-2', label: 'Brightly', units: 10, products: 1, cost: 50 },
  ],
  byType: [{ key: 't-1', label: 'Flower', units: 40, products: 3, cost: 350 }],
  rows: [
    { key: 'b-1|t-1', label: 'Acme · Flower', units: 30, products: 2, cost: 300 },
    { key: 'b-2|t-1', label: 'Brightly · Flower', units: 10, products: 1, cost: 50 },
  ],
  total: { units: 40, products: 3, cost: 350 },
  recordedSince: lastMonth,
  build: BUILD,
};
const withoutCost = (v: InventoryValuation): InventoryValuation => {
  const strip = <T extends { cost?: number }>({ cost: _cost, ...rest }: T) => rest;
  return {
    ...v,
    byBrand: v.byBrand.map(strip),
    byType: v.byType.map(strip),
    rows: v.rows.map(strip),
    total: strip(v.total),
  };
};

const SLOW: SlowMovers = {
  days: 90,
  since: '2026-08-29',
  count: 501,
  units: 12,
  cost: 120,
  products: [
    {
      productId: 'p-1',
      name: 'Old Stock',
      sku: 'AC-1',
      brandId: 'b-1',
      brandName: 'Acme',
      typeId: 't-1',
      typeName: 'Flower',
      units: 12,
      cost: 120,
    },
  ],
  recordedSince: '2020-01',
  build: BUILD,
};

const LIMITS: StockLimitsReport = {
  counts: { over: 1, at: 0, under: 1 },
  lines: [
    {
      brandId: 'b-1',
      brandName: 'Acme',
      level: 'brand',
      label: 'Acme',
      stock: 120,
      limit: 100,
      room: -20,
      status: 'over',
      products: 2,
    },
    {
      brandId: 'b-2',
      brandName: 'Brightly',
      level: 'type',
      label: 'Flower',
      stock: 10,
      limit: 50,
      room: 40,
      status: 'under',
      products: 1,
    },
  ],
  build: BUILD,
};

const RECEIVABLES: ReceivablesReport = {
  from: '2026-10',
  to: '2026-11',
  ageing: {
    asOf: '2026-11-27',
    customers: 3,
    balanceDue: 1000,
    days0to30: 600,
    days31to60: 200,
    days61to90: 100,
    over90: 100,
  },
  months: [
    { month: '2026-10', invoiced: 2000, received: 1500, credited: 50, balance: 900, dso: 13.95 },
    { month: '2026-11', invoiced: 0, received: 100, credited: 0, balance: 1000, dso: null },
  ],
  build: BUILD,
};

function stub() {
  return fakeApi()
    .on('GET', '/api/db/reports/inventoryValuation', (call) => ({
      body: call.query.get('asOf') ? { ...VALUATION, asOf: call.query.get('asOf') } : VALUATION,
    }))
    .on('GET', '/api/db/reports/slowMovers', { body: SLOW })
    .on('GET', '/api/db/reports/stockLimits', { body: LIMITS })
    .on('GET', '/api/db/reports/receivables', { body: RECEIVABLES })
    .on('GET', '/api/db/brands/getAll', { body: { res: [{ id: 'b-1', name: 'Acme' }] } });
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('Inventory report', () => {
  it('values the stock by brand with a link to each brand’s orders, switches views and shows the recording note', async () => {
    const api = stub();
    const { router } = renderApp('/reports/inventory', ADMIN);
    await screen.findByRole('heading', { level: 1, name: 'Inventory' });
    const table = await screen.findByRole('table', { name: 'Stock valuation' });
    await within(table).findByText('Acme');
    expect(within(table).getByRole('columnheader', { name: /Value/ })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Orders of Acme' })).toHaveAttribute('href', '/orders?brand=Acme');
    expect(screen.getByLabelText('Valuation summary')).toHaveTextContent('$350.00');
    expect(screen.getByTestId('report-excluded-brands')).toHaveTextContent('Hidden Co');
    expect(screen.queryByTestId('valuation-recording')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'By type' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=type'));
    const byType = await screen.findByRole('table', { name: 'Stock valuation' });
    await within(byType).findByText('Flower');
    expect(within(byType).queryByRole('link')).toBeNull();

    // A month before recording began: the note says how it is counted.
    const before = addMonths(lastMonth, -1);
    await router.navigate(`/reports/inventory?asOf=${before}`);
    await screen.findByTestId('valuation-recording');
    expect(screen.getByTestId('valuation-recording')).toHaveTextContent(
      `Movements are recorded since ${monthLabel(lastMonth)}`,
    );
    expect(api.callsTo('GET', '/api/db/reports/inventoryValuation').at(-1)!.query.get('asOf')).toBe(before);
  });

  it('shows INVENTORY units only, with no value anywhere', async () => {
    stub().on('GET', '/api/db/reports/inventoryValuation', { body: withoutCost(VALUATION) });
    renderApp('/reports/inventory', INVENTORY);
    const table = await screen.findByRole('table', { name: 'Stock valuation' });
    await within(table).findByText('Acme');
    expect(within(table).queryByRole('columnheader', { name: /Value/ })).toBeNull();
    expect(screen.getByLabelText('Valuation summary')).not.toHaveTextContent('Value');
    expect(screen.queryByText('$350.00')).toBeNull();
  });

  it('lists slow movers with a note when more are slow than listed', async () => {
    const api = stub();
    renderApp('/reports/inventory?tab=slow&days=180', ADMIN);
    const table = await screen.findByRole('table', { name: 'Slow movers' });
    await within(table).findByText('Old Stock');
    expect(rowsOf(table)[0]).toHaveTextContent('None since Aug 29, 2026');
    expect(screen.getByText(/501 products are slow: the first 1 by value are listed/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/db/reports/slowMovers')[0]!.query.get('days')).toBe('180');
  });

  it('counts the stock limits by status and filters the table by status', async () => {
    stub();
    const { router } = renderApp('/reports/inventory?tab=limits', ADMIN);
    const table = await screen.findByRole('table', { name: 'Stock limits' });
    await within(table).findByText('Brightly');
    expect(screen.getByTestId('limit-counts')).toHaveTextContent('1 over');
    expect(rowsOf(table)).toHaveLength(2);
    await router.navigate('/reports/inventory?tab=limits&status=over');
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Stock limits' }))).toHaveLength(1));
  });

  it('reads unknown controls as the defaults', () => {
    const c = inventoryControlsFromParams(new URLSearchParams('tab=x&asOf=1999-01&days=7&view=y'));
    expect(c).toMatchObject({ tab: 'valuation', asOf: undefined, days: 90, view: 'brand' });
  });
});

describe('Receivables report', () => {
  it('shows the ageing, a row per month linking to its orders, and — for a month without DSO', async () => {
    stub();
    renderApp('/reports/receivables?from=2026-10&to=2026-11', ADMIN);
    const table = await screen.findByRole('table', { name: 'Receivables by month' });
    await within(table).findByText('October 2026');
    expect(within(table).getByRole('link', { name: 'Orders of October 2026' })).toHaveAttribute(
      'href',
      '/orders?from=2026-10-01&to=2026-10-31',
    );
    expect(rowsOf(table)[1]).toHaveTextContent('—');
    expect(screen.getByLabelText('Ageing summary')).toHaveTextContent('$1,000.00');
    expect(screen.getByRole('link', { name: 'See customers' })).toHaveAttribute('href', '/receivables');
    expect(screen.queryByTestId('report-excluded-brands')).toBeNull();
  });

  it('defaults to the last 12 months', () => {
    expect(monthsFromParams(new URLSearchParams())).toEqual({ from: addMonths(thisMonth(), -11), to: thisMonth() });
  });
});
