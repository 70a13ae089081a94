import { formatUsd, type Payment, type PaymentEffect, toDollars } from '@bo/shared';
import { NotFoundError } from '../../domain';
import type { PaymentItem } from './entity';

/** Payments as the API answers them: dollars (integer cents in the table). */
export function toPayment(item: PaymentItem): Payment {
  return {
    id: item.paymentId,
    customerId: item.customerId,
    customerID: item.customerId,
    customerName: item.customerName,
    amount: toDollars(item.amountCents),
    paymentDate: item.paymentDate,
    paymentMethod: item.paymentMethod,
    ...(item.notes ? { notes: item.notes } : {}),
    appliedPayments: item.applied.map((a) => ({
      orderId: a.orderId,
      orderNum: a.orderNum,
      amount: toDollars(a.amountCents),
    })),
    orders: item.applied.map((a) => ({
      orderId: a.orderId,
      orderNum: a.orderNum,
      amountApplied: toDollars(a.amountCents),
    })),
    customerCreditDeducted: toDollars(item.creditDeductedCents),
    customerCreditAdded: toDollars(item.creditAddedCents),
    createdOn: item.createdOn,
    ...(item.createdBy ? { createdBy: item.createdBy } : {}),
    modifiedOn: item.modifiedOn,
    ...(item.voidedOn ? { voided: { on: item.voidedOn, by: item.voidedBy ?? '', reason: item.voidReason ?? '' } } : {}),
  };
}

/** What a stored payment does now, as the shared rules take it: nothing once it is void (its effects reversed). */
export const effectOf = (item: PaymentItem | undefined): PaymentEffect =>
  item && !item.voidedOn
    ? {
        applied: item.applied.map((a) => ({ orderId: a.orderId, amount: a.amountCents })),
        creditDeducted: item.creditDeductedCents,
        creditAdded: item.creditAddedCents,
      }
    : { applied: [], creditDeducted: 0, creditAdded: 0 };

/** Field labels of a payment's change-log entries. */
export const PAYMENT_FIELD_LABELS = {
  amount: 'Amount',
  paymentDate: 'Payment date',
  paymentMethod: 'Method',
  notes: 'Notes',
  appliedTo: 'Applied to',
  customerCreditDeducted: 'Credit used',
  customerCreditAdded: 'Credit added',
  voided: 'Void',
} as const;

/** The fields a change-log entry compares (money in dollars, the orders as 'number: $amount'). */
export const loggedFields = (item: PaymentItem) => ({
  amount: toDollars(item.amountCents),
  paymentDate: item.paymentDate,
  paymentMethod: item.paymentMethod,
  notes: item.notes ?? '',
  appliedTo: item.applied.map((a) => `${a.orderNum}: ${formatUsd(a.amountCents)}`).join(', '),
  customerCreditDeducted: toDollars(item.creditDeductedCents),
  customerCreditAdded: toDollars(item.creditAddedCents),
  ...(item.voidedOn ? { voided: `Voided: ${item.voidReason ?? ''}` } : {}),
});

export const paymentNotFound = () => new NotFoundError('Payment not found');
