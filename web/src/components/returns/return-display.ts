import type { Return, ReturnDisposition, ReturnSettlement } from '@bo/shared';
import { formatDate } from '../../format/dates';
import { PAYMENT_METHOD_LABELS } from '../../format/labels';
import { formatMoney } from '../../format/money';

/**
 * Returns and credit notes (issue 23, section 3) as every screen shows them: an order's Returns section, a
 * customer's returns, the Returns page and the credit note PDF. Money fields are absent for a reader who may not
 * see prices (INVENTORY): every figure here is optional.
 */

export const DISPOSITION_LABELS: Record<ReturnDisposition, string> = { RESTOCK: 'Restock', WRITE_OFF: 'Write off' };

export const SETTLEMENT_LABELS: Record<ReturnSettlement, string> = {
  CREDIT: 'Credit to customer',
  REFUND: 'Refund',
};

/** The words of the return actions, wherever they are offered. */
export const RETURN_ACTIONS_TEXT = {
  returnItems: 'Return items',
  returns: 'Returns and credit notes',
  confirmRestock: 'Confirm restock',
  creditNote: 'credit note',
  noReturns: 'No returns',
  loading: 'Loading returns',
  error: 'Error loading returns',
  retry: 'Retry',
} as const;

export const RESTOCK_TEXT = {
  nothing: 'Nothing to restock',
  awaiting: 'Not confirmed',
  confirmed: (by: string, on: string) => `Confirmed by ${by} on ${formatDate(on)}`,
} as const;

/** `Credit to customer`, or `Refund (Cash)`. */
export const settlementText = (r: Pick<Return, 'settlement' | 'method'>): string =>
  r.settlement === 'REFUND' && r.method
    ? `${SETTLEMENT_LABELS.REFUND} (${PAYMENT_METHOD_LABELS[r.method]})`
    : SETTLEMENT_LABELS[r.settlement];

/** `2 × Blue Dream (restock), 1 × Gelato (write off)`. */
export const linesSummary = (r: Pick<Return, 'lines'>): string =>
  r.lines
    .map((l) => `${l.quantity} × ${l.productName} (${DISPOSITION_LABELS[l.disposition].toLowerCase()})`)
    .join(', ');

/** Whether any of its units went back into stock (and so may be confirmed on the shelf). */
export const hasRestock = (r: Pick<Return, 'lines'>): boolean => r.lines.some((l) => l.disposition === 'RESTOCK');

/** Restocked units nobody has confirmed on the shelf yet. */
export const awaitsRestockCheck = (r: Pick<Return, 'lines' | 'restockConfirmed'>): boolean =>
  hasRestock(r) && !r.restockConfirmed;

/** Whether this return carries its money (not for INVENTORY). */
export const carriesMoney = (r: Pick<Return, 'amount'>): boolean => r.amount !== undefined;

/**
 * Where the credit note's money went: `$12.00 off the order's balance, $3.50 to credit`; undefined without
 * money figures.
 */
export function settlementDetail(r: Pick<Return, 'amount' | 'appliedToOrder' | 'toCredit' | 'refunded'>) {
  if (r.amount === undefined) return undefined;
  const parts: string[] = [];
  if (r.appliedToOrder) parts.push(`${formatMoney(r.appliedToOrder)} off the order's balance`);
  if (r.toCredit) parts.push(`${formatMoney(r.toCredit)} to credit`);
  if (r.refunded) parts.push(`${formatMoney(r.refunded)} paid back`);
  return parts.join(', ') || undefined;
}
