import type { PaymentMethod } from '@bo/shared';
import { defineEntity } from '../core';

/** One order a payment paid, and how much (cents). `orderNum` is the number when the payment was saved. */
export interface StoredApplied {
  orderId: string;
  orderNum: string;
  amountCents: number;
}

/** A customer payment as stored. Money in integer cents. */
export interface PaymentItem {
  paymentId: string;
  customerId: string;
  customerName: string;
  amountCents: number;
  /** The calendar day, YYYY-MM-DD. */
  paymentDate: string;
  /** YYYY-MM of paymentDate: the byMonth partition. */
  paymentMonth: string;
  paymentMethod: PaymentMethod;
  notes?: string;
  applied: StoredApplied[];
  creditDeductedCents: number;
  creditAddedCents: number;
  createdOn: string;
  createdBy?: string;
  modifiedOn: string;
  /** Optimistic lock: every edit is conditioned on the version it read. */
  version: number;
  /** The hash of the request body of a payment made with an Idempotency-Key. */
  requestHash?: string;
  /**
   * Set when an ADMIN voided the payment (issue 23): its effects were reversed in that transaction and its
   * order links removed; `applied` and the credit figures stay as what it did, for the history.
   */
  voidedOn?: string;
  voidedBy?: string;
  voidReason?: string;
}

/**
 * Access patterns:
 * - primary: one payment (Get) — pk paymentId.
 * - byCustomer (gsi1): a customer's payments by payment date — pk customerId, sk paymentDate, paymentId.
 * - byMonth (gsi2): payments of a month by payment date — pk paymentMonth, sk paymentDate, paymentId; a date
 *   range queries its months in parallel (the Payments page).
 */
export const paymentEntity = defineEntity<PaymentItem>()({
  entity: 'payment',
  version: '1',
  primary: { pk: ['paymentId'], sk: [] },
  indexes: {
    byCustomer: { index: 'gsi1', pk: ['customerId'], sk: ['paymentDate', 'paymentId'] },
    byMonth: { index: 'gsi2', pk: ['paymentMonth'], sk: ['paymentDate', 'paymentId'] },
  },
});

/** That a payment paid an order: written and removed in the payment's own transactions. */
export interface PaymentLinkItem {
  orderId: string;
  paymentId: string;
  paymentDate: string;
  amountCents: number;
}

/**
 * Access pattern: the payments of an order — pk orderId (the order's partition, outside its `orderWhole`
 * collection, so reading an order never reads them), sk paymentId.
 */
export const paymentLinkEntity = defineEntity<PaymentLinkItem>()({
  entity: 'paymentLink',
  version: '1',
  primary: { pk: ['orderId'], sk: ['paymentId'] },
});
