import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  type AccountingExport,
  type Brand,
  type Customer,
  type Order,
  type OrderExportStatus,
  type Product,
  QUICKBOOKS_INVOICE_COLUMNS,
  XERO_INVOICE_COLUMNS,
} from '@bo/shared';
import { call, tokenFor } from '../support/stack';
import { todayUtc } from '../../functions/src/data/range-bounds';

/**
 * Accounting exports over HTTP (issue 24, section 3): PAYROLL exports a range; the job (on the table's stream)
 * writes files in the format's import layout; an order edited after it was exported says so on its status and comes
 * again, marked changed, in the next export of the range, while records unchanged since stay out.
 */

const tag = Math.random().toString(36).slice(2, 8);
const today = new Date().toISOString().slice(0, 10);
let admin: string;
let payroll: string;
let sales: string;
let order: Order;

async function waitForExport(token: string, id: string): Promise<AccountingExport> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await call<AccountingExport>('GET', `/api/db/accounting/exports/getById/${id}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.status !== 'RUNNING' || Date.now() > deadline) return res.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function exportRange(format: 'quickbooks' | 'xero') {
  const started = await call<AccountingExport>('POST', '/api/db/accounting/exports/new', {
    token: payroll,
    body: { format, from: today, to: todayUtc() },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const done = await waitForExport(payroll, started.body.id);
  expect(done.status, done.message).toBe('DONE');
  return done;
}

const fileRows = async (exp: AccountingExport, name: string) => {
  const file = exp.files.find((f) => f.name === name);
  expect(file?.url, `${name} in ${JSON.stringify(exp.files)}`).toBeTruthy();
  const res = await fetch(file!.url!);
  expect(res.status).toBe(200);
  return parse(await res.text(), { relax_column_count: true }) as string[][];
};

const statusOf = async (orderId: string) =>
  (await call<OrderExportStatus>('GET', `/api/db/accounting/orderStatus/${orderId}`, { token: sales })).body;

beforeAll(async () => {
  [admin, payroll, sales] = await Promise.all([tokenFor('ADMIN'), tokenFor('PAYROLL'), tokenFor('SALES')]);
  const type = await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
    token: admin,
    body: { name: `Ledger type ${tag}` },
  });
  const brand = await call<Brand>('POST', '/api/db/brands/addNew', {
    token: admin,
    body: { name: `Ledger Farms ${tag}`, skucode: `L${tag.slice(0, 4)}` },
  });
  const product = await call<Product>('POST', '/api/db/products/addNew', {
    token: admin,
    body: {
      name: `Ledger item ${tag}`,
      brandID: brand.body.id,
      typeID: type.body.id,
      basePrice: 20,
      cost: 8,
      stock: 50,
    },
  });
  const customer = await call<Customer>('POST', '/api/db/customers/addNew', {
    token: sales,
    body: { customerName: `Ledger Buyer ${tag}` },
  });
  const created = await call<Order>('POST', '/api/db/orders/new', {
    token: sales,
    body: {
      customerID: customer.body.id,
      pickupOrder: true,
      products: [{ productSku: product.body.sku, productBatchId: null, quantity: 3, unitPrice: 12.5 }],
      dollarAdjustment: 2.5,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const delivered = await call<Order>('PUT', `/api/db/orders/update/${created.body.id}`, {
    token: sales,
    body: { orderStatus: 'DELIVERED' },
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  order = delivered.body;
});

describe('accounting exports', () => {
  it('are PAYROLL’s and ADMIN’s, and refuse a bad range with a message', async () => {
    const body = { format: 'xero', from: today, to: todayUtc() };
    expect((await call('POST', '/api/db/accounting/exports/new', { token: sales, body })).status).toBe(403);
    expect((await call('GET', '/api/db/accounting/exports/getAll', { token: sales })).status).toBe(403);
    const backwards = await call('POST', '/api/db/accounting/exports/new', {
      token: admin,
      body: { format: 'xero', from: today, to: '2020-01-01' },
    });
    expect(backwards.status).toBe(400);
    const unknown = await call('POST', '/api/db/accounting/exports/new', {
      token: admin,
      body: { format: 'sage', from: today, to: todayUtc() },
    });
    expect(unknown.body.message).toMatch(/Format must be one of quickbooks, xero/);
  });

  it('exports an invoice once, then again marked changed after the order was edited', async () => {
    expect(await statusOf(order.id)).toEqual({ exported: false, changedSinceExport: false });
    const first = await exportRange('quickbooks');
    expect(first.counts!.invoice.new).toBeGreaterThanOrEqual(1);
    const invoices = await fileRows(first, 'invoices.csv');
    expect(invoices[0]).toEqual([...QUICKBOOKS_INVOICE_COLUMNS, 'Export status']);
    const ours = invoices.filter((r) => r[0] === order.orderNum);
    // The line, then the discount as a line of its own: 3 × 12.50 less 2.50.
    expect(ours.map((r) => [r[6], r[8], r[9], r[10], r[12]])).toEqual([
      [expect.stringMatching(/^L/), '3', '12.50', '37.50', 'new'],
      ['Discount', '1', '-2.50', '-2.50', 'new'],
    ]);
    const status = await statusOf(order.id);
    expect(status).toMatchObject({ exported: true, exportId: first.id, changedSinceExport: false });

    // Nothing changed: the same range exports nothing of it again.
    const again = await exportRange('xero');
    expect(again.unchanged).toBeGreaterThanOrEqual(1);
    // Its invoices file, when other orders of the day made one, does not hold this order.
    const againInvoices = again.files.some((f) => f.name === 'invoices.csv')
      ? await fileRows(again, 'invoices.csv')
      : [];
    expect(againInvoices.filter((r) => r[10] === order.orderNum)).toEqual([]);

    const edited = await call<Order>('PUT', `/api/db/orders/update/${order.id}`, {
      token: sales,
      body: { dollarAdjustment: 5 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await statusOf(order.id)).changedSinceExport).toBe(true);

    const third = await exportRange('xero');
    expect(third.counts!.invoice.changed).toBeGreaterThanOrEqual(1);
    const rows = await fileRows(third, 'invoices.csv');
    expect(rows[0]).toEqual([...XERO_INVOICE_COLUMNS, 'Export status']);
    const changed = rows.filter((r) => r[10] === order.orderNum);
    expect(changed.map((r) => [r[16], r[17], r.at(-1)])).toEqual([
      ['3', '12.50', 'changed'],
      ['1', '-5.00', 'changed'],
    ]);
    expect(changed[0]![11]).toMatch(/Changed since an earlier export/);
    expect(await statusOf(order.id)).toMatchObject({ exportId: third.id, changedSinceExport: false });

    const listed = await call<AccountingExport[]>('GET', '/api/db/accounting/exports/getAll', { token: payroll });
    expect(listed.body.slice(0, 3).map((e) => e.id)).toEqual([third.id, again.id, first.id]);
  });
});
