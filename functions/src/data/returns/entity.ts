import type { PaymentMethod, ReturnDisposition, ReturnSettlement } from '@bo/shared';
import { defineEntity } from '../core';

/** One returned SKU as stored: the units, where they went, and the average price it sold at (cents). */
export interface StoredReturnLine {
  productId: string;
  sku: string;
  name: string;
  brand?: string;
  quantity: number;
  disposition: ReturnDisposition;
  /** quantity × the average price the SKU sold at on the order, before the discount's share (cents, rounded). */
  valueCents: number;
  /** The order lines the units came from (and so the batches restocked units went back into). */
  from: Array<{ lineId: string; batchId: string | null; batchNumber?: string; quantity: number }>;
}

/** A return of sold goods and its credit note (issue 23, section 3). Money in integer cents. */
export interface ReturnItem {
  returnId: string;
  /** `CN-00012`: from its own counter. */
  creditNoteNum: string;
  orderId: string;
  orderNum: string;
  customerId: string;
  customerName: string;
  reason: string;
  notes?: string;
  settlement: ReturnSettlement;
  method?: PaymentMethod;
  lines: StoredReturnLine[];
  /** The credit note's worth: the lines' value less their share of the order's discount. */
  amountCents: number;
  /** The part that lowered what the order owed. */
  appliedToOrderCents: number;
  /** The rest: to the customer's credit (CREDIT) or paid back (REFUND). */
  excessCents: number;
  createdAt: string;
  /** YYYY-MM of createdAt: the byMonth partition. */
  createdMonth: string;
  createdBy?: string;
  createdById: string;
  /** The hash of the body of a return made with an Idempotency-Key. */
  requestHash?: string;
  restockConfirmed?: { on: string; by: string; note?: string };
}

/**
 * Access patterns:
 * - primary: one return (Get) — pk returnId.
 * - byOrder (gsi1): an order's returns by creation — pk orderId, sk createdAt, returnId.
 * - byCustomer (gsi2): a customer's returns by creation — pk customerId, sk createdAt, returnId (statements,
 *   the customer's returns).
 * - byMonth (gsi3): returns made in a month — pk createdMonth, sk createdAt, returnId; a range reads its months
 *   in parallel (the Returns page).
 */
export const returnEntity = defineEntity<ReturnItem>()({
  entity: 'return',
  version: '1',
  primary: { pk: ['returnId'], sk: [] },
  indexes: {
    byOrder: { index: 'gsi1', pk: ['orderId'], sk: ['createdAt', 'returnId'] },
    byCustomer: { index: 'gsi2', pk: ['customerId'], sk: ['createdAt', 'returnId'] },
    byMonth: { index: 'gsi3', pk: ['createdMonth'], sk: ['createdAt', 'returnId'] },
  },
});
