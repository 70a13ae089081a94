/** The reports bench's seeding: the catalogue, reps and customers, the orders' movements and payments. */
import { performance } from 'node:perf_hooks';
import { addCustomerBody } from '@bo/shared';
import type { BulkPayment } from '@bo/functions/data/seed';
import {
  applyLedgerChanges,
  changeLogEntity,
  createCustomer,
  defaultLocationId,
  mapLimit,
  put,
  userEntity,
  type LedgerChange,
  type ProductItem,
} from '@bo/functions/data';
import { movementEntry } from '@bo/functions/data/stock-movements';
import { batchPut } from '../../../functions/src/data/core/batch-write';
import { applyMonthMoves, type ProductMove } from '../../../functions/src/data/stock-moves/months';
import { createPaymentsBulk, type BulkOrder } from '@bo/functions/data/seed';
import { random } from '../../../infra/local/src/random';
import { seedBenchBrand } from '../purchasing-brand';
import {
  actor,
  BRANDS,
  CUSTOMERS,
  DAY,
  day,
  LINES,
  ORDERS,
  PAID_AFTER_DAYS,
  PRODUCTS_PER_BRAND,
  REPS,
  RESTOCK_UNITS,
} from './config';

export async function seedCatalogue(now: number, salesId: string) {
  const started = performance.now();
  const products: ProductItem[] = [];
  for (let b = 0; b < BRANDS; b++)
    products.push(
      ...(
        await seedBenchBrand(`Bench Figures ${b} ${Math.random().toString(36).slice(2, 5)}`, PRODUCTS_PER_BRAND, actor)
      ).products,
    );
  // Opening stock enough for every order (a ledger write without a cause: no history entry, as seeding does).
  const opening = Math.ceil((ORDERS * LINES * 2.5 * 1.5) / products.length) + 100;
  await applyLedgerChanges(
    products.map((p) => ({ kind: 'add' as const, productId: p.productId, counter: 'stock' as const, amount: opening })),
  );
  const at = new Date(now).toISOString();
  // The demo SALES user is the first rep: their own report is one rep's share of the whole.
  const reps = [salesId, ...Array.from({ length: REPS - 1 }, (_, i) => `bench-rep-${i + 1}`)];
  for (const [i, id] of reps.slice(1).entries())
    await put(userEntity, {
      id,
      username: id,
      name: `Bench Rep ${i + 1}`,
      email: `${id}@example.com`,
      role: ['SALES'],
      createdAt: at,
      modifiedOn: at,
    });
  const types = ['WHOLESALE', 'RETAIL', 'VIP'] as const;
  const customers = await mapLimit(
    Array.from({ length: CUSTOMERS }, (_, i) => i),
    8,
    (i) =>
      createCustomer(
        addCustomerBody.parse({
          customerName: `Bench Figures Buyer ${i + 1}`,
          type: types[i % 3],
          accountOwnerID: reps[i % REPS],
        }),
        actor,
      ),
  );
  const packingLocationId = await defaultLocationId();
  const stock = new Map(products.map((p) => [p.productId, opening]));
  return { products, customers, packingLocationId, stock, ms: Math.round(performance.now() - started) };
}
export type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/** The bench's orders: 10 lines each, every 33rd cancelled, a third completed, the rest delivered. */
export function orderMaker(c: Catalogue) {
  const rand = random(25);
  return (i: number, createdAt: string): BulkOrder => {
    const customer = c.customers[Math.floor(rand() * c.customers.length)]!;
    const first = Math.floor(rand() * c.products.length);
    return {
      customer: {
        customerId: customer.id,
        customerName: customer.customerName,
        accountOwnerID: customer.accountOwnerID,
      },
      orderStatus: i % 33 === 0 ? 'CANCELLED' : i % 3 === 0 ? 'COMPLETED' : 'DELIVERED',
      createdAt,
      pickupOrder: true,
      packingLocationId: c.packingLocationId,
      discountCents: i % 5 === 0 ? 250 : 0,
      lines: Array.from({ length: LINES }, (_, l) => ({
        product: c.products[(first + l * 7) % c.products.length]!,
        quantity: 1 + ((i + l) % 4),
        priceCents: 800 + ((i * 7 + l * 13) % 40) * 50,
      })),
    };
  };
}
export const counted = (orders: readonly BulkOrder[]) => orders.filter((o) => o.orderStatus !== 'CANCELLED').length;

/**
 * The stock movements of some orders as the stock-movements consumer records them (one history entry per product
 * an order moved, stock before and after; their month items come with the bulk orders), and `restocks` more:
 * purchase receipts of RESTOCK_UNITS, written as entries, month items and ledger adds.
 */
export async function writeMovements(
  c: Catalogue,
  orders: readonly BulkOrder[],
  made: readonly { id: string; orderNum: string }[],
  restocks: number,
) {
  const entries: ReturnType<typeof movementEntry>[] = [];
  orders.forEach((o, i) => {
    if (o.orderStatus === 'CANCELLED') return;
    const cause = {
      move: `bench-move-${made[i]!.id}`,
      at: o.createdAt,
      userId: actor.userId,
      userName: actor.name!,
      order: { id: made[i]!.id, orderNum: made[i]!.orderNum, status: o.orderStatus },
    };
    for (const line of o.lines) {
      const before = c.stock.get(line.product.productId)!;
      c.stock.set(line.product.productId, before - line.quantity);
      entries.push(
        movementEntry(cause, { productId: line.product.productId, stock: [before, before - line.quantity] }),
      );
    }
  });
  const last = orders.at(-1)?.createdAt ?? new Date().toISOString();
  const months = new Map<string, ProductMove[]>();
  const ledger: LedgerChange[] = [];
  for (let r = 0; r < restocks; r++) {
    const product = c.products[(entries.length + r * 13) % c.products.length]!;
    const at = new Date(
      Date.parse(orders[r % Math.max(orders.length, 1)]?.createdAt ?? last) + 3_600_000,
    ).toISOString();
    const before = c.stock.get(product.productId)!;
    c.stock.set(product.productId, before + RESTOCK_UNITS);
    entries.push(
      movementEntry(
        {
          move: `bench-restock-${r}-${at}`,
          at,
          userId: actor.userId,
          userName: actor.name!,
          order: { id: `bench-po-${r}`, orderNum: String(90_000 + r), status: 'RECEIVED', kind: 'purchaseOrder' },
        },
        { productId: product.productId, stock: [before, before + RESTOCK_UNITS] },
      ),
    );
    const month = at.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), { productId: product.productId, units: RESTOCK_UNITS }]);
    ledger.push({ kind: 'add', productId: product.productId, counter: 'stock', amount: RESTOCK_UNITS });
  }
  await batchPut(changeLogEntity, entries, { concurrency: 8 });
  if (ledger.length) await applyLedgerChanges(ledger);
  for (const [month, moves] of months) await applyMonthMoves(`${month}-15`, moves);
  return entries.length;
}

/**
 * Customers pay their orders in full 30 days after them, so orders older than PAID_AFTER_DAYS are paid (the
 * owing index, which the dashboard's overdue customers and the ageing read, holds what a business that collects
 * holds). Payments go through the bulk path, one per order.
 */
export async function payOlder(
  now: number,
  orders: readonly BulkOrder[],
  made: readonly { id: string; orderNum: string; total: number }[],
) {
  const byCustomer = new Map<
    string,
    { customer: { customerId: string; customerName: string }; payments: BulkPayment[] }
  >();
  orders.forEach((o, i) => {
    const m = made[i]!;
    if (o.orderStatus === 'CANCELLED' || m.total <= 0 || Date.parse(o.createdAt) > now - PAID_AFTER_DAYS * DAY) return;
    const entry = byCustomer.get(o.customer.customerId) ?? {
      customer: { customerId: o.customer.customerId, customerName: o.customer.customerName },
      payments: [],
    };
    entry.payments.push({
      order: { orderId: m.id, orderNum: m.orderNum },
      amountCents: Math.round(m.total * 100),
      paymentDate: day(Date.parse(o.createdAt) + 30 * DAY),
      paymentMethod: 'CHECK' as const,
    });
    byCustomer.set(o.customer.customerId, entry);
  });
  await mapLimit([...byCustomer.values()], 8, (e) => createPaymentsBulk(e.customer, e.payments));
  return [...byCustomer.values()].reduce((n, e) => n + e.payments.length, 0);
}
