import {
  purchaseLineSubtotalCents,
  purchaseOrderTotals,
  toDollars,
  type PurchaseOrder,
  type PurchaseOrderItem,
  type PurchaseOrderSummary,
} from '@bo/shared';
import {
  PURCHASE_LINE_GROUP,
  type PurchaseHeaderItem,
  type PurchaseLinesItem,
  type StoredPurchaseLine,
} from './entity';

/** Stored purchase orders and what the API answers: the mapping between them, and the header's derived fields. */

const costed = (l: StoredPurchaseLine) => ({ orderQuantity: l.quantity, unitCost: toDollars(l.unitCostCents) });

const toWireLine = (purchaseOrderID: string, l: StoredPurchaseLine): PurchaseOrderItem => ({
  purchaseOrderID,
  productId: l.productId,
  productSku: l.sku,
  productName: l.name,
  productBrand: l.brand,
  productType: l.type,
  ...(l.genetics ? { productGenetics: l.genetics } : {}),
  ...(l.extractType ? { productExtractType: l.extractType } : {}),
  ...(l.weight === undefined ? {} : { productWeight: l.weight }),
  quantity: l.quantity,
  unitCost: toDollars(l.unitCostCents),
  subtotal: toDollars(purchaseLineSubtotalCents(costed(l))),
  hasBeenStocked: l.hasBeenStocked,
});

export function toPurchaseOrderSummary(h: PurchaseHeaderItem): PurchaseOrderSummary {
  return {
    id: h.purchaseOrderId,
    purchaseOrderNum: h.purchaseOrderNum,
    brandID: h.brandID,
    brand: h.brandName,
    orderPlacedOn: h.orderPlacedOn,
    expectedDeliveryOn: h.expectedDeliveryOn ?? null,
    orderStatus: h.orderStatus,
    paymentStatus: h.paymentStatus,
    statusModifiedOn: h.statusModifiedOn,
    paymentModifiedOn: h.paymentModifiedOn,
    unitQuantity: h.unitQuantity,
    total: toDollars(h.totalCents),
    notes: h.notes ?? null,
    ...(h.receivedOn ? { receivedOn: h.receivedOn } : {}),
    ...(h.createdBy ? { createdBy: h.createdBy } : {}),
    modifiedOn: h.modifiedOn,
    lineCount: h.lineCount,
    stockedLineCount: h.stockedLineCount,
  };
}

export function toPurchaseOrder(h: PurchaseHeaderItem, lines: readonly StoredPurchaseLine[]): PurchaseOrder {
  const { lineCount: _n, stockedLineCount: _s, ...summary } = toPurchaseOrderSummary(h);
  return { ...summary, purchaseOrderItems: lines.map((l) => toWireLine(h.purchaseOrderId, l)) };
}

export const groupsOf = (lines: readonly StoredPurchaseLine[]): StoredPurchaseLine[][] => {
  const groups: StoredPurchaseLine[][] = [];
  for (let i = 0; i < lines.length; i += PURCHASE_LINE_GROUP) groups.push(lines.slice(i, i + PURCHASE_LINE_GROUP));
  return groups;
};

/** An order's lines from its groups, in group order. */
export const linesOf = (groups: readonly PurchaseLinesItem[]): StoredPurchaseLine[] =>
  [...groups].sort((a, b) => a.group - b.group).flatMap((g) => g.lines);

/** The header fields derived from the lines: units, total (cents), counts and the unstocked units per SKU. */
export function lineFigures(lines: readonly StoredPurchaseLine[]) {
  const totals = purchaseOrderTotals(lines.map(costed));
  const unstockedUnits: Record<string, number> = {};
  for (const l of lines)
    if (!l.hasBeenStocked && l.quantity > 0) unstockedUnits[l.sku] = (unstockedUnits[l.sku] ?? 0) + l.quantity;
  return {
    unitQuantity: totals.unitQuantity,
    totalCents: totals.total,
    lineCount: lines.length,
    lineGroups: Math.ceil(lines.length / PURCHASE_LINE_GROUP),
    stockedLineCount: lines.filter((l) => l.hasBeenStocked).length,
    unstockedUnits,
  };
}
