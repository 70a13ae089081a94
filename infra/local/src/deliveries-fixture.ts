import { toDollars } from '@bo/shared';
import {
  createOrder,
  listCustomerItems,
  listDeliveriesOf,
  listProductItems,
  listUsers,
  readStockLedger,
  type Actor,
} from '@bo/functions/data';
import { random } from './random';

/**
 * A driver's day for the demo (issue 26): Dan Driver signs in to five open deliveries due today, for the demo
 * customers that have an address and a phone (one whose order would go on credit hold is passed over), two to four unbatched lines each, through `createOrder` (the
 * API's own path). Only when his day is thin (fewer than four open deliveries due by today), so kept data and a
 * driver's work on it are left alone; the orders' Idempotency-Keys name the day, so a second start on the same
 * day finds them instead of making more.
 */

const STOPS = 5;

export async function seedDriverDay(actor: Actor): Promise<{ stops: number; ms: number }> {
  const started = Date.now();
  const today = new Date().toISOString().slice(0, 10);
  const dan = (await listUsers()).find((u) => u.email === 'driver@example.com');
  if (!dan) return { stops: 0, ms: 0 };
  const due = (await listDeliveriesOf(dan.id)).filter((o) => !o.deliveryDate || o.deliveryDate <= today);
  if (due.length >= 4) return { stops: 0, ms: Date.now() - started };
  const [customers, products, ledger] = await Promise.all([listCustomerItems(), listProductItems(), readStockLedger()]);
  const doors = customers
    .filter((c) => c.orderType !== 'PICKUP' && c.address && c.contactPhone)
    .sort((a, b) => a.customerName.localeCompare(b.customerName));
  const available = new Map(
    products.map((p) => [p.productId, ledger.stock(p.productId) - ledger.pending(p.productId)]),
  );
  const sellable = products
    .filter(
      (p) => !p.hasBatch && (p.status === 'ACTIVE' || p.status === 'PROMO') && (available.get(p.productId) ?? 0) > 20,
    )
    .sort((a, b) => a.sku.localeCompare(b.sku));
  if (doors.length === 0 || sellable.length < 4) return { stops: 0, ms: Date.now() - started };
  const rnd = random(2626);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  let stops = 0;
  // A customer whose order would go on credit hold can't have it packed: they are passed over, and the
  // others take the stops in turn.
  const open = [...doors];
  for (let i = 0; open.length > 0 && stops < STOPS - due.length; i++) {
    const customer = open[i % open.length]!;
    const lines = [...new Set(Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => pick(sellable)))];
    const made = await createOrder(
      {
        customerID: customer.customerId,
        orderStatus: stops % 2 ? 'FULFILLMENT' : 'PACKED',
        paymentStatus: 'AWAITING',
        pickupOrder: false,
        deliveryDriverId: dan.id,
        deliveryDate: today,
        ...(stops === 0 ? { notes: 'Call on arrival.' } : {}),
        products: lines.map((p) => ({
          productSku: p.sku,
          productBatchId: null,
          quantity: 1 + Math.floor(rnd() * 3),
          unitPrice: toDollars(p.basePriceCents),
        })),
      },
      actor,
      { idempotencyKey: `demo-driver-day-${today}-${i}` },
    ).catch((error: unknown) => {
      if ((error as { name?: string }).name === 'BadRequestError') return undefined;
      throw error;
    });
    if (made) stops++;
    else open.splice(open.indexOf(customer), 1);
  }
  return { stops, ms: Date.now() - started };
}
