/**
 * Accounting export (issue 24, section 3), for `npm run bench` (in the imports section, on its stack): 30,000
 * delivered orders of 5 lines each over the last 60 days (written in bulk), then over HTTP an export of those days
 * (new → DONE: the job reads every order with its lines, hashes and classifies every record, writes the files and
 * each record's state) and a second export of the same range (everything unchanged). Beside it, in process, the
 * bare reads the export needs (`readAccountingRecords`: the month Queries and the line groups' BatchGets). Budget:
 * 30,000 orders ≤ 60 s.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { addCustomerBody, type AccountingExport } from '@bo/shared';
import { accounting, createCustomer, defaultLocationId, type Actor } from '@bo/functions/data';
import { createOrdersBulk, type BulkOrder } from '@bo/functions/data/seed';
import { seedBenchBrand } from './purchasing-brand';

const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
const ORDERS = Number(process.env.BENCH_ACCOUNTING_ORDERS ?? 30_000);
const DAYS = 60;

/**
 * Waits until the stack's stream consumers have been idle for 3 s (their checkpoint files stop changing): the seeded
 * orders' stock movements would otherwise share the machine with the export being measured.
 */
async function quietStreams(stackDir: string) {
  const stamp = () =>
    readdirSync(stackDir)
      .filter((f) => f.startsWith('stream-') && f.endsWith('.json'))
      .map((f) => statSync(join(stackDir, f)).mtimeMs)
      .reduce((a, b) => Math.max(a, b), 0);
  const started = performance.now();
  while (Date.now() - stamp() < 3_000 && performance.now() - started < 600_000)
    await new Promise((r) => setTimeout(r, 500));
  return Math.round(performance.now() - started);
}

export async function accountingBench(
  request: <T>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>,
  stackDir: string,
) {
  const started = performance.now();
  const brand = await seedBenchBrand(`Bench Ledger ${Math.random().toString(36).slice(2, 6)}`, 50, actor);
  const customer = await createCustomer(addCustomerBody.parse({ customerName: 'Bench Ledger Buyer' }), actor);
  const packingLocationId = await defaultLocationId();
  const now = Date.now();
  const plan: BulkOrder[] = Array.from({ length: ORDERS }, (_, i) => ({
    customer: { customerId: customer.id, customerName: customer.customerName },
    orderStatus: i % 3 === 0 ? 'COMPLETED' : 'DELIVERED',
    createdAt: new Date(now - (i * DAYS * 86_400_000) / ORDERS - 3_600_000).toISOString(),
    pickupOrder: true,
    packingLocationId,
    discountCents: i % 4 === 0 ? 500 : 0,
    lines: Array.from({ length: 5 }, (_, l) => ({
      product: brand.products[(i + l) % brand.products.length]!,
      quantity: 1 + (l % 3),
      priceCents: 1_000 + l * 250,
    })),
  }));
  for (let i = 0; i < plan.length; i += 50) await createOrdersBulk(plan.slice(i, i + 50), actor);
  const seedMs = Math.round(performance.now() - started);
  const streamCatchUpMs = await quietStreams(stackDir);
  const to = new Date(now).toISOString().slice(0, 10);
  const from = new Date(now - (DAYS + 1) * 86_400_000).toISOString().slice(0, 10);

  const run = async () => {
    const t = performance.now();
    const made = await request<AccountingExport>('POST', '/db/accounting/exports/new', {
      format: 'quickbooks',
      from,
      to,
    });
    for (;;) {
      const exp = (await request<AccountingExport>('GET', `/db/accounting/exports/getById/${made.body.id}`)).body;
      if (exp.status !== 'RUNNING')
        return {
          ms: Math.round(performance.now() - t),
          status: exp.status,
          invoices: exp.counts?.invoice,
          payments: exp.counts?.payment,
          unchanged: exp.unchanged,
          files: exp.files.map((f) => ({ name: f.name, rows: f.rows })),
        };
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const first = await run();
  const second = await run();
  const t = performance.now();
  const records = await accounting.readAccountingRecords(from, to);
  const bareReadsMs = Math.round(performance.now() - t);
  const result = {
    orders: ORDERS,
    linesPerOrder: 5,
    seedMs,
    streamCatchUpMs,
    recordsInRange: records.length,
    firstExport: first,
    secondExportAllUnchanged: second,
    bareReadsMs,
    firstToBareReadsRatio: Math.round((first.ms / Math.max(1, bareReadsMs)) * 100) / 100,
    budgetMs: 60_000,
  };
  console.log('accounting export', result);
  return result;
}
