import {
  lineSubtotalCents,
  normalizeDiscount,
  orderTotals,
  toDollars,
  type NewOrderBody,
  type Order,
  type OrderItem,
  type OrderSummary,
  type StockLine,
} from '@bo/shared';
import { ORDER_LINE_GROUP, balanceDueOf, type OrderHeaderItem, type OrderLinesItem, type StoredLine } from './entity';

/** Stored order items and what the API answers: the mapping between them, and the header's derived fields. */

const toWireLine = (orderId: string, l: StoredLine): OrderItem => ({
  id: l.id,
  orderID: orderId,
  quantity: l.quantity,
  unitPrice: toDollars(l.priceCents),
  priceAdjustment: toDollars(l.priceCents - l.baseCents),
  subtotal: toDollars(lineSubtotalCents({ quantity: l.quantity, unitPrice: toDollars(l.priceCents) })),
  productName: l.name,
  productId: l.productId,
  productSku: l.sku,
  productBrand: l.brand,
  productType: l.type,
  ...(l.genetics ? { productGenetics: l.genetics } : {}),
  ...(l.extractType ? { productExtractType: l.extractType } : {}),
  ...(l.weight === undefined ? {} : { productWeight: l.weight }),
  ...(l.costCents === undefined ? {} : { productCost: toDollars(l.costCents) }),
  productBatchId: l.batchId,
  ...(l.batchNumber ? { productBatchNumber: l.batchNumber } : {}),
  shouldHaveTag: l.shouldHaveTag,
  tagsPulled: l.tagsPulled,
});

export function toOrderSummary(h: OrderHeaderItem): OrderSummary {
  const total = h.subtotalCents - h.discountCents;
  return {
    id: h.orderId,
    orderNum: h.orderNum,
    orderStatus: h.orderStatus,
    paymentStatus: h.paymentStatus,
    statusModifiedOn: h.statusModifiedOn,
    paymentModifiedOn: h.paymentModifiedOn,
    createdAt: h.createdAt,
    modifiedOn: h.modifiedOn,
    customerID: h.customerID,
    customer: { customerName: h.customerName, ...(h.accountOwnerID ? { accountOwnerID: h.accountOwnerID } : {}) },
    pickupOrder: h.pickupOrder,
    deliveryDate: h.deliveryDate ?? null,
    driverId: h.driverId ?? null,
    packingLocationId: h.packingLocationId ?? null,
    ...(h.notes ? { notes: h.notes } : {}),
    ...(h.discountNotes ? { discountNotes: h.discountNotes } : {}),
    dollarAdjustment: toDollars(h.discountCents),
    unitQuantity: h.unitQuantity,
    cost: toDollars(h.costCents),
    subtotal: toDollars(h.subtotalCents),
    total: toDollars(total),
    balanceDue: toDollars(balanceDueOf(h)),
    ...(h.creditHold ? { creditHold: h.creditHold } : {}),
    ...(h.creditHoldReleased ? { creditHoldReleased: h.creditHoldReleased } : {}),
    ...(h.returnCount
      ? {
          returns: {
            count: h.returnCount,
            units: h.returnedUnits ?? 0,
            amount: toDollars(h.returnedCents ?? 0),
            credited: toDollars(h.creditedCents ?? 0),
          },
        }
      : {}),
    lineCount: h.lineCount,
    ...(h.brands ? { brands: h.brands } : {}),
  };
}

export function toOrder(h: OrderHeaderItem, lines: readonly StoredLine[]): Order {
  const { lineCount: _n, brands: _b, ...summary } = toOrderSummary(h);
  return { ...summary, orderedItems: lines.map((l) => toWireLine(h.orderId, l)) };
}

export const stockLines = (lines: readonly StoredLine[]): StockLine[] =>
  lines.map((l) => ({ productSku: l.sku, quantity: l.quantity, productBatchId: l.batchId, tagsPulled: l.tagsPulled }));

export const groupsOf = (lines: readonly StoredLine[]): StoredLine[][] => {
  const groups: StoredLine[][] = [];
  for (let i = 0; i < lines.length; i += ORDER_LINE_GROUP) groups.push(lines.slice(i, i + ORDER_LINE_GROUP));
  return groups;
};

/** The brands of an order's lines, A–Z, once each. */
export const brandsOf = (lines: readonly StoredLine[]): string[] =>
  [...new Set(lines.map((l) => l.brand))].sort((a, b) => a.localeCompare(b));

export const skuQuantitiesOf = (lines: readonly StoredLine[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const l of lines) out[l.sku] = (out[l.sku] ?? 0) + l.quantity;
  return out;
};

/** An order's lines from its groups, in group order. */
export const linesOf = (groups: readonly OrderLinesItem[]): StoredLine[] =>
  [...groups].sort((a, b) => a.group - b.group).flatMap((g) => g.lines);

/** The byMonth partition of a creation instant. */
export const monthOf = (iso: string) => iso.slice(0, 7);

/** The header's money figures for its lines; the discount given (else `fallbackCents`) is capped to the subtotal. */
export function figures(
  lines: readonly StoredLine[],
  discountInput: NewOrderBody['dollarAdjustment'],
  fallbackCents = 0,
) {
  const totals = orderTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: toDollars(l.priceCents),
      ...(l.costCents === undefined ? {} : { productCost: toDollars(l.costCents) }),
    })),
  );
  const discount =
    discountInput === undefined ? fallbackCents : (normalizeDiscount(discountInput, totals.subtotal) ?? 0);
  return {
    unitQuantity: totals.unitQuantity,
    subtotalCents: totals.subtotal,
    costCents: totals.cost,
    discountCents: Math.min(Math.max(0, discount), totals.subtotal),
  };
}
