import { type Return, toDollars } from '@bo/shared';
import { NotFoundError } from '../../domain';
import type { ReturnItem } from './entity';

export const returnNotFound = () => new NotFoundError('Return not found');

/**
 * A return as the API answers it: dollars. `withPrices` false (INVENTORY) leaves out every price and amount:
 * what came back, where it went and why, not what it was worth.
 */
export function toReturn(item: ReturnItem, withPrices: boolean): Return {
  const refund = item.settlement === 'REFUND';
  return {
    id: item.returnId,
    creditNoteNum: item.creditNoteNum,
    orderId: item.orderId,
    orderNum: item.orderNum,
    customerId: item.customerId,
    customerName: item.customerName,
    reason: item.reason,
    ...(item.notes ? { notes: item.notes } : {}),
    settlement: item.settlement,
    ...(item.method ? { method: item.method } : {}),
    lines: item.lines.map((l) => ({
      productId: l.productId,
      productSku: l.sku,
      productName: l.name,
      ...(l.brand ? { brand: l.brand } : {}),
      quantity: l.quantity,
      disposition: l.disposition,
      batches: l.from.flatMap((f) =>
        f.batchId
          ? [{ batchId: f.batchId, ...(f.batchNumber ? { batchNumber: f.batchNumber } : {}), quantity: f.quantity }]
          : [],
      ),
      ...(withPrices
        ? { price: toDollars(Math.round(l.valueCents / l.quantity)), value: toDollars(l.valueCents) }
        : {}),
    })),
    ...(withPrices
      ? {
          amount: toDollars(item.amountCents),
          appliedToOrder: toDollars(item.appliedToOrderCents),
          toCredit: toDollars(refund ? 0 : item.excessCents),
          refunded: toDollars(refund ? item.excessCents : 0),
        }
      : {}),
    units: item.lines.reduce((sum, l) => sum + l.quantity, 0),
    createdAt: item.createdAt,
    ...(item.createdBy ? { createdBy: item.createdBy } : {}),
    ...(item.restockConfirmed ? { restockConfirmed: item.restockConfirmed } : {}),
  };
}

/** Whether a caller's roles see a return's prices: everyone who reads returns but INVENTORY alone. */
export const seesReturnPrices = (roles: readonly string[]): boolean =>
  roles.some((r) => r === 'ADMIN' || r === 'SALES');
