import { packingLocationFor, toDollars, type OrderStatus, type PaymentStatus } from '@bo/shared';
import {
  createOrder,
  getCustomerWithPriceItems,
  getProductWithBatches,
  listBrandItems,
  listCustomerItems,
  listLocations,
  listProductItems,
  listUsers,
  readStockLedger,
  type Actor,
  type CustomerItem,
  type ProductItem,
  mapLimit,
} from '@bo/functions/data';
import { createOrdersBulk, hasOrdersInMonths, type BulkOrder, type BulkOrderLine } from '@bo/functions/data/seed';
import { recordSeededMovements } from './order-movements-fixture';
import { random } from './random';

/**
 * Demo sales orders for a fresh local stack: about 40 orders over the last 60 days for the demo customers,
 * 3–10 lines each at the customer's price (custom price where set, else the base price), in a realistic mix
 * of statuses (completed and delivered ones in the past, one cancelled, open ones of the last days, a few
 * drafts), pickups and deliveries, and several open deliveries for Dan Driver dated today and the next days
 * (the driver's view has work). Batched products take units from their checked-in batches oldest first,
 * never more than a batch's free units (the stock ledger is read once and what the plan uses is tracked);
 * the rest of a line goes unbatched. No product is sold beyond its available stock.
 *
 * Deterministic (a seeded PRNG; dates are relative to today). Fast: the orders go through the bulk seeding
 * path of the data layer (`createOrdersBulk`), and the newest few through `createOrder`, the API's own path
 * (transaction, ledger conditions), which proves the plan fits. Seeds only when the table has no orders of
 * the last 13 months, so kept data is left alone.
 */

const ORDERS = 40;
const DAYS = 60;
/** The newest orders, written through createOrder as the API does. */
const THROUGH_API = 4;
const DAY = 86_400_000;

/** Whether any order was created in the last 13 months: one Query of a single item per month. */
export async function hasRecentOrders(now = new Date()): Promise<boolean> {
  const months = Array.from({ length: 14 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7),
  );
  return hasOrdersInMonths(months);
}

interface PlannedLine {
  product: ProductItem;
  quantity: number;
  priceCents: number;
}

interface PlannedOrder {
  customer: CustomerItem;
  createdAt: string;
  status: OrderStatus;
  payment: PaymentStatus;
  pickup: boolean;
  driverId?: string;
  deliveryDate?: string;
  packingLocationId: string;
  notes?: string;
  discountCents?: number;
  lines: PlannedLine[];
}

/** Holds stock: reserves (open) or consumes (delivered, completed). */
const HOLDING: ReadonlySet<OrderStatus> = new Set(['RECEIVED', 'FULFILLMENT', 'PACKED', 'DELIVERED', 'COMPLETED']);

const NOTES = [
  'Deliver to the back door.',
  'Call on arrival.',
  'Invoice with the delivery, please.',
  'Receiving closes at 2 pm.',
  'Same as last order.',
];

export async function seedOrders(actor: Actor): Promise<{ orders: number; ms: number }> {
  const started = Date.now();
  if (await hasRecentOrders()) return { orders: 0, ms: Date.now() - started };
  const [users, customerItems, productItems, locations, brands, ledger] = await Promise.all([
    listUsers(),
    listCustomerItems(),
    listProductItems(),
    listLocations(),
    listBrandItems(),
    readStockLedger(),
  ]);
  const customers = [...customerItems].sort((a, b) => a.customerName.localeCompare(b.customerName));
  // Products one may order and that have stock to sell.
  const available = new Map(
    productItems.map((p) => [p.productId, ledger.stock(p.productId) - ledger.pending(p.productId)]),
  );
  const products = productItems
    .filter((p) => (p.status === 'ACTIVE' || p.status === 'PROMO') && (available.get(p.productId) ?? 0) > 0)
    .sort((a, b) => a.sku.localeCompare(b.sku));
  if (customers.length === 0 || products.length < 10) return { orders: 0, ms: Date.now() - started };

  const pickups = customers.filter((c) => c.orderType === 'PICKUP');
  const deliveries = customers.filter((c) => c.orderType !== 'PICKUP');
  const rnd = random(20261);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const byEmail = new Map(users.map((u) => [u.email, u]));
  const isDriver = (id: string | undefined) => !!id && users.some((u) => u.id === id && u.role.includes('DRIVER'));
  const dan = byEmail.get('driver@example.com')?.id;
  const drivers = users.filter((u) => u.role.includes('DRIVER')).map((u) => u.id);
  const customPrices = new Map(
    (await mapLimit(customers, 8, (c) => getCustomerWithPriceItems(c.customerId))).map((found, i) => [
      customers[i]!.customerId,
      new Map((found?.prices ?? []).map((p) => [p.productId, p.priceCents])),
    ]),
  );
  const brandRefs = brands.map((b) => ({ id: b.brandId, defaultLocationId: b.defaultLocationId ?? null }));

  // Ages (days ago) oldest first; the newest third are open or drafts, the rest closed.
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const dayOf = (offsetDays: number) => new Date(now + offsetDays * DAY).toISOString().slice(0, 10);
  const ages = Array.from({ length: ORDERS }, (_, i) => {
    const open = i >= ORDERS - 14;
    // Closed orders over the whole window, open ones in the last 6 days.
    return open ? (ORDERS - 1 - i) * 0.4 + rnd() * 0.4 : DAYS - (i * (DAYS - 7)) / (ORDERS - 14) - rnd();
  });
  const closedStatus = (i: number): OrderStatus =>
    i === 9
      ? 'CANCELLED'
      : i > ORDERS - 20
        ? pick(['DELIVERED', 'DELIVERED', 'COMPLETED'])
        : pick(['COMPLETED', 'COMPLETED', 'COMPLETED', 'DELIVERED']);
  const OPEN_STATUSES: OrderStatus[] = [
    'PACKED',
    'FULFILLMENT',
    'PACKED',
    'FULFILLMENT',
    'RECEIVED',
    'FULFILLMENT',
    'DRAFT',
    'RECEIVED',
    'RECEIVED',
    'DRAFT',
    'RECEIVED',
    'RECEIVED',
    'DRAFT',
    'RECEIVED',
  ];
  // The payment status each order was planned with. Orders earn theirs from payments-fixture.ts's payments
  // (issue 23); the draw stays so the seeded random sequence, and with it the demo data, is as it was.
  const paymentOf = (status: OrderStatus): PaymentStatus =>
    status === 'DRAFT'
      ? 'DRAFT'
      : status === 'CANCELLED'
        ? 'CANCELLED'
        : status === 'COMPLETED'
          ? 'PAID'
          : status === 'DELIVERED'
            ? pick(['PAID', 'PARTIAL', 'AWAITING'])
            : pick(['AWAITING', 'AWAITING', 'PENDING']);

  let danOpen = 0;
  const plans: PlannedOrder[] = ages.map((age, i) => {
    const open = i >= ORDERS - 14;
    const status = open ? OPEN_STATUSES[i - (ORDERS - 14)]! : closedStatus(i);
    // About a third pickups, as the customers' order types go.
    const customer = pickups.length && (deliveries.length === 0 || rnd() < 0.3) ? pick(pickups) : pick(deliveries);
    const createdAt = new Date(now - age * DAY - between(1, 8) * 3_600_000).toISOString();
    const pickup = customer.orderType === 'PICKUP';
    const liveDelivery = !pickup && HOLDING.has(status) && open;
    // Open deliveries: Dan Driver drives most of them (today and the next days); others the owner if a driver.
    const driverId = pickup
      ? undefined
      : liveDelivery && dan && (danOpen < 5 || rnd() < 0.5)
        ? dan
        : isDriver(customer.accountOwnerID)
          ? customer.accountOwnerID
          : pick(drivers);
    if (liveDelivery && driverId === dan) danOpen++;
    const deliveryDate = open
      ? liveDelivery && driverId === dan
        ? dayOf(danOpen - 1 < 4 ? danOpen - 1 : between(0, 3))
        : dayOf(between(0, 3))
      : new Date(Date.parse(createdAt) + between(1, 3) * DAY).toISOString().slice(0, 10);
    // 3–10 distinct products with stock left to sell (orders that hold nothing still stay within it).
    const count = between(3, 10);
    const lines: PlannedLine[] = [];
    for (let tries = 0; lines.length < count && tries < 200; tries++) {
      const product = pick(products);
      const left = available.get(product.productId) ?? 0;
      if (left <= 0 || lines.some((l) => l.product === product)) continue;
      const quantity = Math.min(left, pick([1, 2, 3, 4, 6, product.unitQuantity ?? 1, product.unitQuantity ?? 1, 12]));
      if (HOLDING.has(status)) available.set(product.productId, left - quantity);
      lines.push({
        product,
        quantity,
        priceCents: customPrices.get(customer.customerId)?.get(product.productId) ?? product.basePriceCents,
      });
    }
    const brandDefault = packingLocationFor(
      lines.map((l) => l.product.brandID),
      brandRefs,
      locations,
    );
    return {
      customer,
      createdAt,
      status,
      payment: paymentOf(status),
      pickup,
      ...(driverId ? { driverId } : {}),
      deliveryDate: pickup && !open ? createdAt.slice(0, 10) : deliveryDate,
      packingLocationId: locations.length > 1 && rnd() < 0.3 ? pick(locations).id : brandDefault,
      ...(rnd() < 0.25 ? { notes: pick(NOTES) } : {}),
      ...(rnd() < 0.15 ? { discountCents: between(5, 40) * 100 } : {}),
      lines,
    };
  });

  // Batches of the products the plan uses (one Query each), then units: oldest checked-in batch first,
  // each capped by its free units minus what earlier orders of the plan took; no product oversold.
  const used = [...new Set(plans.flatMap((p) => p.lines.map((l) => l.product)))].filter((p) => p.hasBatch);
  const batchesOf = new Map(
    (await mapLimit(used, 8, (p) => getProductWithBatches(p.productId))).map((found, i) => [
      used[i]!.productId,
      (found?.batches ?? [])
        .filter((b) => b.isCheckedIn)
        .sort(
          (a, b) =>
            a.receivedOn.localeCompare(b.receivedOn) ||
            ledger.remaining(a.batchId) - ledger.remaining(b.batchId) ||
            a.batchId.localeCompare(b.batchId),
        ),
    ]),
  );
  const free = new Map<string, number>();
  const freeOf = (batchId: string) => free.get(batchId) ?? ledger.free(batchId);
  const orders: BulkOrder[] = plans.map((plan) => {
    const lines: BulkOrderLine[] = [];
    for (const line of plan.lines) {
      let rest = line.quantity;
      for (const batch of batchesOf.get(line.product.productId) ?? []) {
        const take = Math.min(rest, freeOf(batch.batchId));
        if (take <= 0) continue;
        // Every order of the plan counts (drafts and cancelled ones too): batches never run short later.
        free.set(batch.batchId, freeOf(batch.batchId) - take);
        lines.push({
          product: line.product,
          batch,
          quantity: take,
          priceCents: line.priceCents,
          // Packed and finished orders had their tags pulled.
          tagsPulled: plan.status === 'PACKED' || plan.status === 'DELIVERED' || plan.status === 'COMPLETED',
        });
        rest -= take;
        if (rest === 0) break;
      }
      if (rest > 0) lines.push({ product: line.product, quantity: rest, priceCents: line.priceCents });
    }
    return {
      customer: {
        customerId: plan.customer.customerId,
        customerName: plan.customer.customerName,
        ...(plan.customer.accountOwnerID ? { accountOwnerID: plan.customer.accountOwnerID } : {}),
      },
      orderStatus: plan.status,
      createdAt: plan.createdAt,
      pickupOrder: plan.pickup,
      ...(plan.deliveryDate ? { deliveryDate: plan.deliveryDate } : {}),
      ...(plan.driverId && !plan.pickup ? { driverId: plan.driverId } : {}),
      packingLocationId: plan.packingLocationId,
      ...(plan.notes ? { notes: plan.notes } : {}),
      ...(plan.discountCents ? { discountCents: plan.discountCents, discountNotes: 'Loyalty discount' } : {}),
      lines,
    };
  });
  const writable = orders.filter((o) => o.lines.length > 0);

  // The newest few (not drafts: their numbers stay in creation order) through the API's own path.
  const viaApi = new Set(
    writable
      .map((o, i) => ({ o, i }))
      .filter(({ o }) => o.orderStatus !== 'DRAFT')
      .slice(-THROUGH_API)
      .map(({ i }) => i),
  );
  const bulk = writable.filter((_, i) => !viaApi.has(i));
  const created = await createOrdersBulk(bulk, actor);
  const productIds = new Map(productItems.map((p) => [p.sku, p.productId]));
  await recordSeededMovements(created, ledger, (sku) => productIds.get(sku)!, actor);
  let written = bulk.length;
  for (const [i, o] of writable.entries()) {
    if (!viaApi.has(i)) continue;
    await createOrder(
      {
        customerID: o.customer.customerId,
        orderStatus: o.orderStatus,
        paymentStatus: 'AWAITING',
        pickupOrder: o.pickupOrder,
        deliveryDriverId: o.pickupOrder ? null : (o.driverId ?? null),
        deliveryDate: o.deliveryDate ?? today,
        packingLocationId: o.packingLocationId,
        ...(o.notes ? { notes: o.notes } : {}),
        ...(o.discountCents ? { dollarAdjustment: toDollars(o.discountCents), discountNotes: 'Loyalty discount' } : {}),
        products: o.lines.map((l) => ({
          productSku: l.product.sku,
          productBatchId: l.batch?.batchId ?? null,
          quantity: l.quantity,
          unitPrice: toDollars(l.priceCents),
          ...(l.batch ? { tagsPulled: Boolean(l.tagsPulled) } : {}),
        })),
      },
      actor,
    );
    written++;
  }
  return { orders: written, ms: Date.now() - started };
}
