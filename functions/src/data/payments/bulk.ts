import { randomUUID } from 'node:crypto';
import { earnedPaymentStatus, type PaymentMethod } from '@bo/shared';
import { get, put, update } from '../core';
import { batchPut } from '../core/batch-write';
import { customerEntity } from '../customers/entity';
import { mapLimit } from '../map-limit';
import { type OrderHeaderItem, netTotalOf, orderEntity, owedOf } from '../orders/entity';
import { type PaymentItem, type PaymentLinkItem, paymentEntity, paymentLinkEntity } from './entity';

/**
 * Seeding and benchmarks only (the seed barrel, `data/seed.ts`): many payments of one customer, each paying one
 * order, written through BatchWriteItem with their order links, then each paid order's `paidCents` and earned
 * status and the customer's owed figure moved by what was paid. No credit, no change-log entries, no checks:
 * the caller plans amounts within each order's balance. Not for concurrent use with live writes.
 */

export interface BulkPayment {
  order: Pick<OrderHeaderItem, 'orderId' | 'orderNum'>;
  amountCents: number;
  paymentDate: string;
  paymentMethod: PaymentMethod;
}

export async function createPaymentsBulk(
  customer: { customerId: string; customerName: string },
  payments: readonly BulkPayment[],
): Promise<void> {
  const at = new Date().toISOString();
  const items: PaymentItem[] = [];
  const links: PaymentLinkItem[] = [];
  const paid = new Map<string, number>();
  for (const p of payments) {
    const paymentId = randomUUID();
    items.push({
      paymentId,
      customerId: customer.customerId,
      customerName: customer.customerName,
      amountCents: p.amountCents,
      paymentDate: p.paymentDate,
      paymentMonth: p.paymentDate.slice(0, 7),
      paymentMethod: p.paymentMethod,
      applied: [{ orderId: p.order.orderId, orderNum: p.order.orderNum, amountCents: p.amountCents }],
      creditDeductedCents: 0,
      creditAddedCents: 0,
      createdOn: at,
      modifiedOn: at,
      version: 1,
    });
    links.push({ orderId: p.order.orderId, paymentId, paymentDate: p.paymentDate, amountCents: p.amountCents });
    paid.set(p.order.orderId, (paid.get(p.order.orderId) ?? 0) + p.amountCents);
  }
  await Promise.all([
    batchPut(paymentEntity, items, { concurrency: 8 }),
    batchPut(paymentLinkEntity, links, { concurrency: 8 }),
  ]);
  let owed = 0;
  await mapLimit([...paid], 8, async ([orderId, cents]) => {
    const before = await get(orderEntity, { orderId }, { consistent: true });
    if (!before) return;
    const paidCents = before.paidCents + cents;
    const total = netTotalOf(before);
    const after: OrderHeaderItem = {
      ...before,
      paidCents,
      paymentStatus: earnedPaymentStatus({ orderStatus: before.orderStatus, total, paid: paidCents }),
    };
    // A whole-header put, so the receivables index's keys follow the new balance.
    await put(orderEntity, after);
    owed += owedOf(after) - owedOf(before);
  });
  if (owed !== 0) await update(customerEntity, { customerId: customer.customerId }, { add: { owedCents: owed } });
}
