import { formatUsd, toDollars, type Cents } from '../../money';
import type { CollectionMethod, CollectionStatus, StopState } from '../../schemas/deliveries';

/**
 * Money collected at the door (issue 26), in cents. A driver may collect up to what the order still owes less
 * what is already collected and waiting for the office; confirming it is refused when the order's balance is no
 * longer what it was when the money was taken (someone paid or changed the order meanwhile).
 */

/** What may still be collected on an order. */
export const collectableCents = (balanceDueCents: Cents, pendingCents: Cents): Cents =>
  Math.max(0, balanceDueCents - pendingCents);

/** Why an amount may not be collected, or undefined. */
export function collectProblem(amountCents: Cents, balanceDueCents: Cents, pendingCents: Cents): string | undefined {
  if (amountCents <= 0) return 'Enter the amount collected';
  const open = collectableCents(balanceDueCents, pendingCents);
  if (open <= 0)
    return pendingCents > 0
      ? 'This order has nothing left to collect: what it owes is already collected and waiting for the office'
      : 'This order has nothing left to collect';
  if (amountCents > open)
    return `The amount is more than the ${pendingCents > 0 ? 'open ' : ''}balance of ${formatUsd(open)}`;
  return undefined;
}

/** Why a pending collection may not become a payment now, or undefined. */
export function confirmProblem(
  collection: { status: CollectionStatus; balanceAtCollectionCents: Cents; amountCents: Cents },
  balanceDueCents: Cents,
): string | undefined {
  if (collection.status !== 'PENDING') return `This collection was ${collection.status.toLowerCase()} already`;
  if (balanceDueCents !== collection.balanceAtCollectionCents)
    return `The order's balance changed since the driver collected: it was ${formatUsd(collection.balanceAtCollectionCents)} and is now ${formatUsd(balanceDueCents)}. Record the money as a payment by hand, or reject it.`;
  if (collection.amountCents > balanceDueCents)
    return `The amount is more than the balance of ${formatUsd(balanceDueCents)}`;
  return undefined;
}

export interface SummaryCollection {
  method: CollectionMethod;
  amountCents: Cents;
  status: CollectionStatus;
  orderNum: string;
  customerName: string;
  checkNumber?: string | undefined;
}

/** The day-end hand-in: cash, and each check, that the driver took (rejected ones left out); stop counts. */
export function daySummaryOf(collections: readonly SummaryCollection[], states: readonly StopState[]) {
  const kept = collections.filter((c) => c.status !== 'REJECTED');
  const checks = kept.filter((c) => c.method === 'CHECK');
  return {
    cashCents: kept.filter((c) => c.method === 'CASH').reduce((s, c) => s + c.amountCents, 0),
    checks: checks.map((c) => ({
      orderNum: c.orderNum,
      customerName: c.customerName,
      checkNumber: c.checkNumber ?? '',
      amountCents: c.amountCents,
    })),
    checksTotalCents: checks.reduce((s, c) => s + c.amountCents, 0),
    pending: kept.filter((c) => c.status === 'PENDING').length,
    delivered: states.filter((s) => s === 'DELIVERED' || s === 'PARTIAL').length,
    exceptions: states.filter((s) => s === 'NOBODY_THERE' || s === 'REFUSED').length,
    remaining: states.filter((s) => s === 'TODO').length,
  };
}

/** The day-end hand-in as the API answers it (DriverDay.summary): `daySummaryOf` in dollars. */
export function daySummaryInDollars(collections: readonly SummaryCollection[], states: readonly StopState[]) {
  const s = daySummaryOf(collections, states);
  return {
    cash: toDollars(s.cashCents),
    checks: s.checks.map(({ amountCents, ...check }) => ({ ...check, amount: toDollars(amountCents) })),
    checksTotal: toDollars(s.checksTotalCents),
    pending: s.pending,
    delivered: s.delivered,
    exceptions: s.exceptions,
    remaining: s.remaining,
  };
}
