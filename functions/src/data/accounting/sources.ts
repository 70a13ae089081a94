import {
  type AccountingCreditNote,
  type AccountingInvoice,
  type AccountingPayment,
  type AccountingRecord,
  type AccountingRefund,
  daysAfter,
  DEFAULT_PAYMENT_TERMS_DAYS,
  type AccountingLine,
} from '@bo/shared';
import { batchGet, queryAll } from '../core';
import { mapLimit } from '../map-limit';
import { monthPartitions, readMonths } from '../range-bounds';
import { type OrderHeaderItem, orderEntity, orderLinesEntity, type StoredLine } from '../orders/entity';
import { paymentEntity, type PaymentItem } from '../payments/entity';
import { returnEntity, type ReturnItem } from '../returns/entity';

/**
 * The records of an accounting export, read from the table (the export job's reads, off the request path): orders
 * made in the range by month (one Query each) with their lines (BatchGet of their line groups, 100 keys a call),
 * payments and returns by month. Pure mapping from the stored items, so the order page's "changed since export"
 * hashes an order exactly as the export did.
 */

const INVOICED = new Set(['DELIVERED', 'COMPLETED']);

/** An order's lines as invoice lines: one per SKU and price, in the order they were added. */
function invoiceLines(lines: readonly StoredLine[]): AccountingLine[] {
  const bySkuAndPrice = new Map<string, AccountingLine>();
  for (const l of lines) {
    const key = `${l.sku} ${l.priceCents}`;
    const line = bySkuAndPrice.get(key);
    if (line) {
      line.quantity += l.quantity;
      line.amountCents += l.quantity * l.priceCents;
    } else
      bySkuAndPrice.set(key, {
        sku: l.sku,
        description: [l.brand, l.name].filter(Boolean).join(' '),
        quantity: l.quantity,
        rateCents: l.priceCents,
        amountCents: l.quantity * l.priceCents,
      });
  }
  return [...bySkuAndPrice.values()];
}

export function invoiceOf(header: OrderHeaderItem, lines: readonly StoredLine[]): AccountingInvoice {
  const date = header.createdAt.slice(0, 10);
  return {
    kind: 'invoice',
    id: header.orderId,
    number: header.orderNum,
    customer: header.customerName,
    date,
    dueDate: daysAfter(date, DEFAULT_PAYMENT_TERMS_DAYS),
    lines: invoiceLines(lines),
    discountCents: header.discountCents,
    totalCents: header.subtotalCents - header.discountCents,
  };
}

export const paymentRecord = (p: PaymentItem): AccountingPayment => ({
  kind: 'payment',
  id: p.paymentId,
  customer: p.customerName,
  date: p.paymentDate,
  method: p.paymentMethod,
  amountCents: p.amountCents,
  orders: p.applied.map((a) => ({ orderNum: a.orderNum, amountCents: a.amountCents })),
  voided: !!p.voidedOn,
});

export function returnRecords(r: ReturnItem): AccountingRecord[] {
  const date = r.createdAt.slice(0, 10);
  const credit: AccountingCreditNote = {
    kind: 'creditNote',
    id: r.returnId,
    number: r.creditNoteNum,
    customer: r.customerName,
    date,
    orderNum: r.orderNum,
    reason: r.reason,
    lines: r.lines.map((l) => ({
      sku: l.sku,
      description: [l.brand, l.name].filter(Boolean).join(' '),
      quantity: l.quantity,
      rateCents: l.quantity ? Math.round(l.valueCents / l.quantity) : 0,
      amountCents: l.valueCents,
    })),
    amountCents: r.amountCents,
  };
  if (r.settlement !== 'REFUND' || r.excessCents <= 0) return [credit];
  const refund: AccountingRefund = {
    kind: 'refund',
    id: r.returnId,
    creditNoteNumber: r.creditNoteNum,
    customer: r.customerName,
    date,
    method: r.method ?? 'OTHER',
    amountCents: r.excessCents,
  };
  return [credit, refund];
}

/** Lines of many orders: their line groups by BatchGet. */
export async function linesOf(headers: readonly OrderHeaderItem[]): Promise<Map<string, StoredLine[]>> {
  const keys = headers.flatMap((h) =>
    Array.from({ length: h.lineGroups }, (_, group) => ({ orderId: h.orderId, group })),
  );
  const chunks: Array<typeof keys> = [];
  for (let i = 0; i < keys.length; i += 100) chunks.push(keys.slice(i, i + 100));
  const pages = await mapLimit(chunks, 8, (chunk) => batchGet(orderLinesEntity, chunk));
  const byOrder = new Map<string, Array<{ group: number; lines: StoredLine[] }>>();
  for (const item of pages.flat()) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return new Map(
    [...byOrder].map(([orderId, groups]) => [
      orderId,
      groups.sort((a, b) => a.group - b.group).flatMap((g) => g.lines),
    ]),
  );
}

/** Every record of a range (YYYY-MM-DD, inclusive). */
export async function readAccountingRecords(from: string, to: string): Promise<AccountingRecord[]> {
  const months = monthPartitions(from, to, { from: 'from', to: 'to' });
  const inRange = (day: string) => day >= from && day <= to;
  const [orders, payments, returns] = await Promise.all([
    readMonths(months, (createdMonth) => queryAll(orderEntity, 'byMonth', { createdMonth })),
    readMonths(months, (paymentMonth) => queryAll(paymentEntity, 'byMonth', { paymentMonth })),
    readMonths(months, (createdMonth) => queryAll(returnEntity, 'byMonth', { createdMonth })),
  ]);
  const invoiced = orders.flat().filter((h) => INVOICED.has(h.orderStatus) && inRange(h.createdAt.slice(0, 10)));
  const lines = await linesOf(invoiced);
  return [
    ...invoiced.map((h) => invoiceOf(h, lines.get(h.orderId) ?? [])),
    ...payments
      .flat()
      .filter((p) => inRange(p.paymentDate))
      .map(paymentRecord),
    ...returns
      .flat()
      .filter((r) => inRange(r.createdAt.slice(0, 10)))
      .flatMap(returnRecords),
  ];
}
