import {
  type PaidOrdersBody,
  type PayrollPeriod,
  type PayrollRowBody,
  type PayrollSubmitBody,
  type PeriodRef,
  type Reimbursement,
  PAYROLL_MESSAGES,
  diffChanges,
  isEligibleForCommission,
  paidOrderRefusal,
  toCents,
} from '@bo/shared';
import { BUSINESS_METRICS, countBusinessEvent } from '#metrics';
import { type Actor, BadRequestError, ConflictError } from '../../domain';
import { type Transaction, batchGet } from '../core';
import { logChange } from '../change-log';
import { orderEntity } from '../orders/entity';
import { getUser, listUsers } from '../users/reads';
import { type PaidOrderClaimItem, type PayrollRowItem, paidOrderClaimEntity, payrollRowEntity } from './entity';
import { getPeriod, getPeriodHeader, getRowItem, listPeriodClaims, listUserClaims, readPeriodWhole } from './reads';
import { ROW_FIELD_LABELS, keyOf, loggedRow, userNotFound } from './records';
import {
  CLAIMS_PER_TRANSACTION,
  chunks,
  claimOfItem,
  deleteClaim,
  explainSubmitted,
  headerDeleteTransaction,
  periodTransaction,
  putClaim,
  setRow,
  paidOrdersUnchanged,
  rowItemName,
  unlockedTransaction,
} from './transactions';

/**
 * Payroll writes. Every write stamps the period header in the same transaction, conditioned on the period
 * not being submitted, so a submitted period refuses every change (409). A paid-orders save larger than one
 * transaction is written in chunks, each atomic (docs/payroll.md).
 */

export const PAID_ORDERS_CHANGED =
  "This user's paid orders were saved by someone else meanwhile; reload them and save again";

type RowFields = Partial<Omit<PayrollRowItem, 'periodKey' | 'userId'>>;

const refuseIfSubmitted = async (ref: PeriodRef) => {
  if ((await getPeriodHeader(ref))?.status === 'SUBMITTED') throw new ConflictError(PAYROLL_MESSAGES.submitted);
};

const reimbursementsOf = (list: readonly Reimbursement[]) =>
  list.map((r) => ({ description: r.description, amountCents: toCents(r.amount) }));

/** The fields of a row body a client set (the recomputed ones are ignored). */
const rowFieldsOf = (body: PayrollRowBody): RowFields => ({
  ...(body.payType !== undefined ? { payType: body.payType } : {}),
  ...(body.baseRate !== undefined ? { baseRateCents: toCents(body.baseRate) } : {}),
  ...(body.hoursWorked !== undefined ? { hoursWorked: body.hoursWorked } : {}),
  ...(body.bonus !== undefined ? { bonusCents: toCents(body.bonus) } : {}),
  ...(body.commissionRate !== undefined ? { commissionRate: body.commissionRate } : {}),
  ...(body.reimbursementsDetails !== undefined ? { reimbursements: reimbursementsOf(body.reimbursementsDetails) } : {}),
});

function logRow(
  tx: Transaction,
  ref: PeriodRef,
  by: Actor,
  at: string,
  before: PayrollRowItem | undefined,
  after: PayrollRowItem,
  who: string,
  note: string,
) {
  logChange(tx, {
    caller: by,
    entityType: 'payroll',
    entityId: keyOf(ref),
    action: 'update',
    changes: diffChanges<Record<string, unknown>>(
      before ? loggedRow(before) : undefined,
      loggedRow(after),
      ROW_FIELD_LABELS,
    ),
    notes: `${note}: ${who}`,
    at,
  });
}

/** Saves some fields of one user's row (creating the period and the row on first write). */
async function saveRowFields(ref: PeriodRef, userId: string, fields: RowFields, by: Actor, note: string) {
  const [user, before] = await Promise.all([getUser(userId), getRowItem(ref, userId), refuseIfSubmitted(ref)]);
  if (!user) throw userNotFound();
  const at = new Date().toISOString();
  const after: PayrollRowItem = { ...(before ?? { periodKey: keyOf(ref), userId }), ...fields, modifiedOn: at };
  const tx = periodTransaction(ref, at);
  setRow(tx, ref, userId, { ...fields, modifiedOn: at });
  logRow(tx, ref, by, at, before, after, user.name, note);
  await tx.commit(explainSubmitted);
}

export async function saveRow(ref: PeriodRef, userId: string, body: PayrollRowBody, by: Actor): Promise<PayrollPeriod> {
  await saveRowFields(ref, userId, rowFieldsOf(body), by, 'Row saved');
  return getPeriod(ref);
}

export async function saveReimbursements(
  ref: PeriodRef,
  userId: string,
  list: readonly Reimbursement[],
  by: Actor,
): Promise<PayrollPeriod> {
  await saveRowFields(ref, userId, { reimbursements: reimbursementsOf(list) }, by, 'Reimbursements saved');
  return getPeriod(ref);
}

/**
 * Saves every row given and locks the period. Rows beyond one transaction go first in chunks, each held to the
 * period not being submitted; the last chunk locks the period with its rows, so a submit cut short leaves only
 * saved rows of a draft (submitting again completes it) and never a locked period missing rows.
 */
export async function submitPeriod(ref: PeriodRef, body: PayrollSubmitBody, by: Actor): Promise<PayrollPeriod> {
  const rows = Array.isArray(body) ? body : body.users;
  const ids = rows.map((r, i) => {
    if (!r.id) throw new BadRequestError(`Row ${i + 1} needs the user's id`);
    return r.id;
  });
  if (new Set(ids).size !== ids.length) throw new BadRequestError('Each user may appear once');
  const [{ header }, users] = await Promise.all([readPeriodWhole(ref), listUsers()]);
  if (header?.status === 'SUBMITTED') throw new ConflictError(PAYROLL_MESSAGES.submitted);
  const known = new Set(users.map((u) => u.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw new BadRequestError(`No user has the id ${unknown}`);
  const at = new Date().toISOString();
  const parts = chunks(rows, CLAIMS_PER_TRANSACTION);
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const tx = last ? periodTransaction(ref, at, true) : unlockedTransaction(ref);
    for (const r of part) setRow(tx, ref, r.id!, { ...rowFieldsOf(r), modifiedOn: at });
    if (last)
      logChange(tx, {
        caller: by,
        entityType: 'payroll',
        entityId: keyOf(ref),
        action: 'update',
        changes: diffChanges({ status: header?.status ?? 'DRAFT' }, { status: 'SUBMITTED' }, { status: 'Status' }),
        notes: `Submitted with ${rows.length} row(s)`,
        at,
      });
    await tx.commit(explainSubmitted);
  }
  countBusinessEvent(BUSINESS_METRICS.payrollSubmitted);
  return getPeriod(ref);
}

/**
 * Replaces a user's paid orders in a period. Every order is checked first (the shared eligibility rule and
 * refusals, 400 naming the order); then the claims are diffed against the saved ones and written, each chunk
 * one transaction with the header's lock; the row's commission goes in the last. An order another period
 * claimed (now, or in a race) is a 409 naming it.
 */
export async function savePaidOrders(
  ref: PeriodRef,
  userId: string,
  body: PaidOrdersBody,
  by: Actor,
): Promise<PayrollPeriod> {
  const key = keyOf(ref);
  const ids = body.paidOrders.map((p) => p.orderId);
  const [user, before, existing, orders, guards] = await Promise.all([
    getUser(userId),
    getRowItem(ref, userId),
    listUserClaims(ref, userId),
    batchGet(
      orderEntity,
      ids.map((orderId) => ({ orderId })),
      { consistent: true },
    ),
    batchGet(
      paidOrderClaimEntity,
      ids.map((orderId) => ({ orderId })),
      { consistent: true },
    ),
    refuseIfSubmitted(ref),
  ]);
  if (!user) throw userNotFound();
  const orderById = new Map(orders.map((o) => [o.orderId, o]));
  const guardById = new Map(guards.map((g) => [g.orderId, g]));
  const at = new Date().toISOString();
  const wanted: PaidOrderClaimItem[] = body.paidOrders.map((p) => {
    const order = orderById.get(p.orderId);
    if (!order || !isEligibleForCommission(order, userId, ref))
      throw new BadRequestError(PAYROLL_MESSAGES.notEligible(order?.orderNum ?? p.orderNum ?? p.orderId));
    const guard = guardById.get(p.orderId);
    if (guard && (guard.periodKey !== key || guard.userId !== userId))
      throw new ConflictError(PAYROLL_MESSAGES.alreadyPaid(order.orderNum));
    const adjustedCostCents = p.adjustedCost == null ? null : toCents(p.adjustedCost);
    const commissionCents = toCents(p.commission);
    const refusal = paidOrderRefusal(
      {
        orderNum: order.orderNum,
        subtotal: order.subtotalCents,
        discount: order.discountCents,
        cost: order.costCents,
        adjustedCost: adjustedCostCents,
      },
      commissionCents,
    );
    if (refusal) throw new BadRequestError(refusal);
    return {
      orderId: p.orderId,
      periodKey: key,
      userId,
      orderNum: order.orderNum,
      adjustedCostCents,
      commissionCents,
      claimedOn: guard?.claimedOn ?? at,
    };
  });
  // What this user has claimed here: the row's list (consistent) and the index (catches a save cut short).
  const owned = (g: PaidOrderClaimItem) => g.periodKey === key && g.userId === userId;
  const held = new Set([...(before?.paidOrderIds ?? []), ...existing.map((c) => c.orderId)]);
  const keep = new Set(ids);
  const changed = wanted.filter((w) => {
    const s = guardById.get(w.orderId);
    return (
      !s ||
      !owned(s) ||
      s.commissionCents !== w.commissionCents ||
      s.adjustedCostCents !== w.adjustedCostCents ||
      s.orderNum !== w.orderNum
    );
  });
  // Only the claims still this user's here are released (a save cut short may have left the row's list stale).
  const released = (
    await batchGet(
      paidOrderClaimEntity,
      [...held].filter((orderId) => !keep.has(orderId)).map((orderId) => ({ orderId })),
      { consistent: true },
    )
  ).filter(owned);
  const writes: Array<(tx: Transaction) => unknown> = [
    ...released.map((c) => (tx: Transaction) => deleteClaim(tx, c)),
    ...changed.map((c) => (tx: Transaction) => putClaim(tx, c)),
  ];
  const fields: RowFields = {
    commissionCents: wanted.reduce((sum, w) => sum + w.commissionCents, 0),
    ordersPaid: wanted.length,
    paidOrderIds: ids,
    paidOrdersSavedOn: at,
    ...(body.commissionRate !== undefined ? { commissionRate: body.commissionRate } : {}),
    modifiedOn: at,
  };
  const after: PayrollRowItem = { ...(before ?? { periodKey: key, userId }), ...fields, modifiedOn: at };
  const explain = (failed: ReadonlySet<string>) => {
    const lost = [...failed].map(claimOfItem).find((id) => id !== undefined);
    if (lost) return new ConflictError(PAYROLL_MESSAGES.alreadyPaid(orderById.get(lost)?.orderNum ?? lost));
    if (failed.has(rowItemName(userId))) return new ConflictError(PAID_ORDERS_CHANGED);
    return explainSubmitted(failed);
  };
  const parts = chunks(writes, CLAIMS_PER_TRANSACTION);
  for (const [i, part] of parts.entries()) {
    const tx = periodTransaction(ref, at);
    for (const write of part) write(tx);
    if (i === parts.length - 1) {
      setRow(tx, ref, userId, fields, paidOrdersUnchanged(before?.paidOrdersSavedOn));
      logRow(tx, ref, by, at, before, after, user.name, `Paid orders saved (${wanted.length})`);
    }
    await tx.commit(explain);
  }
  return getPeriod(ref);
}

/** Deletes a draft period: its claims (releasing the orders) and rows, then the header. */
export async function deletePeriod(ref: PeriodRef, by: Actor): Promise<{ deleted: boolean }> {
  const periodKey = keyOf(ref);
  const [{ header, rows }, claims] = await Promise.all([readPeriodWhole(ref), listPeriodClaims(ref)]);
  if (!header && rows.length === 0 && claims.length === 0) return { deleted: false };
  if (header?.status === 'SUBMITTED') throw new ConflictError(PAYROLL_MESSAGES.submitted);
  const ids = new Set([...claims.map((c) => c.orderId), ...rows.flatMap((r) => r.paidOrderIds ?? [])]);
  const held = (
    await batchGet(
      paidOrderClaimEntity,
      [...ids].map((orderId) => ({ orderId })),
      { consistent: true },
    )
  ).filter((c) => c.periodKey === periodKey);
  const writes: Array<(tx: Transaction) => unknown> = [
    ...held.map((c) => (tx: Transaction) => deleteClaim(tx, c)),
    ...rows.map(
      (r) => (tx: Transaction) => tx.delete(`row ${r.userId}`, payrollRowEntity, { periodKey, userId: r.userId }),
    ),
  ];
  const parts = chunks(writes, CLAIMS_PER_TRANSACTION);
  const at = new Date().toISOString();
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const tx = last ? headerDeleteTransaction(ref) : unlockedTransaction(ref);
    for (const write of part) write(tx);
    if (last)
      logChange(tx, {
        caller: by,
        entityType: 'payroll',
        entityId: periodKey,
        action: 'delete',
        changes: [],
        notes: `Deleted: ${rows.length} row(s), ${held.length} paid order(s) released`,
        at,
      });
    await tx.commit(explainSubmitted);
  }
  return { deleted: true };
}
