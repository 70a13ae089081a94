import {
  fillToQuantity,
  toDollars,
  type NewPurchaseOrderBody,
  type PurchaseOrder,
  type PurchaseOrderStatus,
  type PurchasePaymentStatus,
} from '@bo/shared';
import {
  createPurchaseOrder,
  listBrandItems,
  listProductItems,
  listPurchaseOrders,
  readStockLedger,
  receivePurchaseOrder,
  updatePurchaseOrder,
  type Actor,
  type ProductItem,
} from '@bo/functions/data';

/**
 * Demo purchase orders for a fresh local stack, one brand each, in every status a clerk meets: a DRAFT, a
 * PENDING and an ORDERED one (both "on order"), a RECEIVED one (its lines stocked, a checked-in batch for each
 * batched product) and a CANCELLED one. Quantities are the Fill To of the restock box (`fillToQuantity`: up
 * to a target, counting pending outbound), so the demo reads like a clerk's restock. Written through the
 * purchasing data layer the API uses (counter, transactions, stock ledger, change log); received and
 * cancelled ones are created PENDING and moved on as a clerk would. Seeds only when there are no purchase
 * orders at all, so kept data is left alone.
 */

interface DemoPurchase {
  /** Index of the brand, by name. */
  brand: number;
  status: PurchaseOrderStatus;
  payment: PurchasePaymentStatus;
  /** Fill To target of every line. */
  target: number;
  lines: number;
  expectedInDays: number | null;
  notes: string | null;
}

export const DEMO_PURCHASES: readonly DemoPurchase[] = [
  { brand: 0, status: 'RECEIVED', payment: 'PAID', target: 60, lines: 5, expectedInDays: -3, notes: 'Weekly restock.' },
  { brand: 1, status: 'ORDERED', payment: 'AWAITING', target: 48, lines: 6, expectedInDays: 4, notes: null },
  {
    brand: 2,
    status: 'PENDING',
    payment: 'PENDING',
    target: 40,
    lines: 4,
    expectedInDays: 10,
    notes: 'Confirm pricing with the rep.',
  },
  { brand: 3, status: 'DRAFT', payment: 'DRAFT', target: 36, lines: 3, expectedInDays: null, notes: null },
  {
    brand: 4,
    status: 'CANCELLED',
    payment: 'CANCELLED',
    target: 30,
    lines: 3,
    expectedInDays: 2,
    notes: 'Brand out of stock; reordered next month.',
  },
];

const DAY = 86_400_000;
const orderable = (p: ProductItem) => p.status === 'ACTIVE' || p.status === 'PROMO';

export async function seedPurchaseOrders(actor: Actor): Promise<{ purchaseOrders: number; ms: number }> {
  const started = Date.now();
  if ((await listPurchaseOrders({})).length > 0) return { purchaseOrders: 0, ms: Date.now() - started };
  const [brands, productItems, ledger] = await Promise.all([listBrandItems(), listProductItems(), readStockLedger()]);
  const sortedBrands = [...brands].sort((a, b) => a.name.localeCompare(b.name));
  const available = (p: ProductItem) => ({
    stock: ledger.stock(p.productId),
    pendingOutboundQuantity: ledger.pending(p.productId),
  });
  let written = 0;
  for (const demo of DEMO_PURCHASES) {
    const brand = sortedBrands[demo.brand];
    if (!brand) continue;
    // The brand's products under the target, spread over its catalogue (SKU order), as a clerk restocks a range.
    const under = productItems
      .filter((p) => p.brandID === brand.brandId && orderable(p))
      .sort((a, b) => a.sku.localeCompare(b.sku))
      .map((p) => ({ product: p, quantity: fillToQuantity(demo.target, available(p)) }))
      .filter((l) => l.quantity > 0);
    const lines = Array.from(
      { length: Math.min(demo.lines, under.length) },
      (_, i) => under[Math.floor((i * under.length) / demo.lines)]!,
    );
    if (lines.length === 0) continue;
    const body: NewPurchaseOrderBody = {
      brandID: brand.brandId,
      expectedDeliveryOn:
        demo.expectedInDays === null ? null : new Date(started + demo.expectedInDays * DAY).toISOString().slice(0, 10),
      orderStatus: demo.status === 'DRAFT' ? 'DRAFT' : 'PENDING',
      paymentStatus: demo.status === 'DRAFT' ? 'DRAFT' : 'PENDING',
      notes: demo.notes,
      purchaseOrderItems: lines.map((l) => ({
        productSku: l.product.sku,
        orderQuantity: l.quantity,
        unitCost: toDollars(l.product.costCents ?? 0),
      })),
    };
    let order: PurchaseOrder = await createPurchaseOrder(body, actor);
    if (demo.status === 'RECEIVED') order = await receivePurchaseOrder(order.id, undefined, actor);
    if (demo.status !== 'DRAFT' && demo.status !== 'PENDING')
      await updatePurchaseOrder(
        order.id,
        {
          ...body,
          purchaseOrderNum: order.purchaseOrderNum,
          orderStatus: demo.status,
          paymentStatus: demo.payment,
          modifiedOn: order.modifiedOn,
        },
        actor,
      );
    written++;
  }
  return { purchaseOrders: written, ms: Date.now() - started };
}
