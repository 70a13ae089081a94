import {
  type PaidOrderClaimItem,
  type PayrollRowItem,
  paidOrderClaimEntity,
  payrollPeriodEntity,
  payrollRowEntity,
} from './entity';
import { type Condition, type Transaction, and, eq, ne, notExists, or, transaction } from '../core';
import type { PeriodRef } from '@bo/shared';
import { PAYROLL_MESSAGES } from '@bo/shared';
import { ConflictError } from '../../domain';
import { keyOf } from './records';

/**
 * The items of payroll transactions, each under a name so a cancellation says what lost:
 * - `period`: the header, stamped (created as DRAFT on the first write) only while it is not SUBMITTED —
 *   every transaction of a period write carries it, so nothing changes a submitted period;
 * - `row`: the user's row, only the fields this write sets (a row save never overwrites the commission a
 *   paid-orders save wrote, and the reverse);
 * - `claim <orderId>`: an order's guard, put only if absent or already this period's and this user's.
 */

export const PERIOD = 'period';
const CLAIM_PREFIX = 'claim ';
export const claimItemName = (orderId: string) => `${CLAIM_PREFIX}${orderId}`;
export const claimOfItem = (name: string) =>
  name.startsWith(CLAIM_PREFIX) ? name.slice(CLAIM_PREFIX.length) : undefined;

/** Room left in a transaction for claims (or rows), beside the header, the row and the change-log entry. */
export const CLAIMS_PER_TRANSACTION = 95;

const notSubmitted = or(notExists('pk'), ne('status', 'SUBMITTED'));

/** A transaction that starts by stamping the period header (`submit` also locks it). */
export function periodTransaction(ref: PeriodRef, at: string, submit = false): Transaction {
  const periodKey = keyOf(ref);
  return transaction().update(
    PERIOD,
    payrollPeriodEntity,
    { periodKey },
    {
      set: {
        periodKey,
        year: ref.year,
        month: ref.month,
        payPeriod: ref.payPeriod,
        status: submit ? 'SUBMITTED' : 'DRAFT',
        lastSaved: at,
        ...(submit ? { submittedAt: at } : {}),
      },
      add: { version: 1 },
    },
    { mustExist: false, condition: notSubmitted },
  );
}

/** A transaction that changes no header field but holds only while the period is not submitted. */
export const unlockedTransaction = (ref: PeriodRef): Transaction =>
  transaction().check(PERIOD, payrollPeriodEntity, { periodKey: keyOf(ref) }, notSubmitted);

/** A transaction that deletes the header, only while the period is not submitted. */
export const headerDeleteTransaction = (ref: PeriodRef): Transaction =>
  transaction().delete(PERIOD, payrollPeriodEntity, { periodKey: keyOf(ref) }, { condition: notSubmitted });

/** Sets some fields of a user's row (creating it). */
export function setRow(
  tx: Transaction,
  ref: PeriodRef,
  userId: string,
  fields: Partial<Omit<PayrollRowItem, 'periodKey' | 'userId'>>,
  condition?: Condition,
): Transaction {
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return tx.update(
    rowItemName(userId),
    payrollRowEntity,
    { periodKey: keyOf(ref), userId },
    { set },
    {
      mustExist: false,
      ...(condition ? { condition } : {}),
    },
  );
}

export const rowItemName = (userId: string) => `row ${userId}`;

/** The paid orders of the row are still those this save read (no other paid-orders save landed meanwhile). */
export const paidOrdersUnchanged = (savedOn: string | undefined): Condition =>
  savedOn ? eq('paidOrdersSavedOn', savedOn) : notExists('paidOrdersSavedOn');

const ownedBy = (claim: Pick<PaidOrderClaimItem, 'periodKey' | 'userId'>) =>
  or(notExists('pk'), and(eq('periodKey', claim.periodKey), eq('userId', claim.userId)));

export const putClaim = (tx: Transaction, claim: PaidOrderClaimItem) =>
  tx.put(claimItemName(claim.orderId), paidOrderClaimEntity, claim, { condition: ownedBy(claim) });

export const deleteClaim = (tx: Transaction, claim: Pick<PaidOrderClaimItem, 'orderId' | 'periodKey' | 'userId'>) =>
  tx.delete(
    claimItemName(claim.orderId),
    paidOrderClaimEntity,
    { orderId: claim.orderId },
    { condition: ownedBy(claim) },
  );

/** The 409 of a write the header refused: the period was submitted meanwhile. */
export const explainSubmitted = (failed: ReadonlySet<string>) =>
  failed.has(PERIOD) ? new ConflictError(PAYROLL_MESSAGES.submitted) : undefined;

/** Splits items into chunks of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out.length ? out : [[]];
}
