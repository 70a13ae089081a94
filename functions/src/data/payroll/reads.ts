import {
  type DraftPaidOrders,
  type EligibleOrder,
  type PayrollPeriod,
  type PeriodRef,
  isEligibleForCommission,
  periodBounds,
  toDollars,
  userCommissionRate,
} from '@bo/shared';
import { batchGet, get, queryAll, readCollection } from '../core';
import { type OrderHeaderItem, orderEntity } from '../orders/entity';
import { listUsers } from '../users/reads';
import {
  type PaidOrderClaimItem,
  type PayrollPeriodItem,
  type PayrollRowItem,
  paidOrderClaimEntity,
  payrollPeriodEntity,
  payrollRowEntity,
} from './entity';
import { type RowUser, keyOf, toPaidOrder, toPayrollPeriod, toPayrollRow } from './records';

export type PeriodSummary = Pick<PayrollPeriod, 'year' | 'month' | 'payPeriod' | 'status' | 'lastSaved'>;

/** The header and the rows of a period, strongly consistent (one Query of its partition). */
export async function readPeriodWhole(
  ref: PeriodRef,
): Promise<{ header: PayrollPeriodItem | undefined; rows: PayrollRowItem[] }> {
  const whole = await readCollection(
    { header: payrollPeriodEntity, rows: payrollRowEntity },
    { periodKey: keyOf(ref) },
    { consistent: true },
  );
  return { header: whole.header[0], rows: whole.rows };
}

export const getPeriodHeader = (ref: PeriodRef) =>
  get(payrollPeriodEntity, { periodKey: keyOf(ref) }, { consistent: true });

export const getRowItem = (ref: PeriodRef, userId: string) =>
  get(payrollRowEntity, { periodKey: keyOf(ref), userId }, { consistent: true });

/** A user's paid-order claims in a period (one Query of the byPeriod index). */
export const listUserClaims = (ref: PeriodRef, userId: string): Promise<PaidOrderClaimItem[]> =>
  queryAll(paidOrderClaimEntity, 'byPeriod', { periodKey: keyOf(ref) }, { sort: { begins: { userId } } });

/** Every claim of a period (deleting it releases them). */
export const listPeriodClaims = (ref: PeriodRef): Promise<PaidOrderClaimItem[]> =>
  queryAll(paidOrderClaimEntity, 'byPeriod', { periodKey: keyOf(ref) });

/** A period with a row per user (every user: payroll pays all staff), by name. */
export async function getPeriod(ref: PeriodRef): Promise<PayrollPeriod> {
  const [{ header, rows }, users] = await Promise.all([readPeriodWhole(ref), listUsers()]);
  const byId = new Map(rows.map((r) => [r.userId, r]));
  const people = new Map<string, RowUser>(
    users.map((u) => [u.id, { id: u.id, name: u.name, ...(u.avatar ? { image: u.avatar } : {}) }]),
  );
  // A row of a user deleted since it was saved stays visible, under the id.
  for (const r of rows) if (!people.has(r.userId)) people.set(r.userId, { id: r.userId, name: r.userId });
  const list = [...people.values()]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'))
    .map((u) => toPayrollRow(u, byId.get(u.id)));
  return toPayrollPeriod(ref, header, list);
}

/** The periods with anything saved, newest first (one Query of the `all` index). */
export async function listPeriods(): Promise<PeriodSummary[]> {
  const items = await queryAll(payrollPeriodEntity, 'all', {}, { order: 'desc' });
  return items.map((h) => ({
    year: h.year,
    month: h.month,
    payPeriod: h.payPeriod,
    status: h.status,
    lastSaved: h.lastSaved,
  }));
}

/** A user's saved paid orders in a period, the rate they were computed at, and the period's state. */
export async function getDraftPaidOrders(ref: PeriodRef, userId: string): Promise<DraftPaidOrders> {
  const [header, row, claims] = await Promise.all([
    getPeriodHeader(ref),
    getRowItem(ref, userId),
    listUserClaims(ref, userId),
  ]);
  return {
    paidOrders: claims.map(toPaidOrder),
    commissionRate: userCommissionRate({ commissionRate: row?.commissionRate ?? null }),
    lastSaved: header?.lastSaved ?? null,
    status: header?.status ?? 'DRAFT',
  };
}

/** What the eligibility rule and the commission dialog read of an order header (a projection of the Query). */
const ELIGIBLE_ORDER_FIELDS = [
  'orderId',
  'orderNum',
  'orderStatus',
  'paymentStatus',
  'createdAt',
  'customerName',
  'accountOwnerID',
  'brands',
  'subtotalCents',
  'costCents',
  'discountCents',
  'returnedCents',
  'returnedValueCents',
  'returnedCostCents',
] as const satisfies readonly (keyof OrderHeaderItem)[];

/**
 * The orders a user's commission may pay in a period: one Query of the orders' sparse `commission` index
 * (DELIVERED or COMPLETED under this account owner, created up to the period's last day), kept by the shared
 * eligibility rule, with the guard items read by key to know which are paid, and where.
 */
export async function listEligibleOrders(ref: PeriodRef, userId: string): Promise<EligibleOrder[]> {
  const key = keyOf(ref);
  const last = periodBounds(ref).last;
  const orders = await queryAll(
    orderEntity,
    'commission',
    { accountOwnerID: userId },
    { sort: { lte: { createdAt: `${last}~` } }, attributes: ELIGIBLE_ORDER_FIELDS },
  );
  const candidates = orders.filter((o) => isEligibleForCommission(o, userId, ref));
  const claims = new Map(
    (
      await batchGet(
        paidOrderClaimEntity,
        candidates.map((o) => ({ orderId: o.orderId })),
      )
    ).map((c) => [c.orderId, c]),
  );
  return candidates
    .filter((o) => {
      const claim = claims.get(o.orderId);
      return !claim || (claim.periodKey === key && claim.userId === userId);
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((o) => ({
      orderId: o.orderId,
      orderNum: o.orderNum,
      orderStatus: o.orderStatus,
      paymentStatus: o.paymentStatus,
      createdAt: o.createdAt,
      customerName: o.customerName,
      brands: o.brands ?? [],
      // Commission on what was kept: goods that came back leave the subtotal, the cost and the total (returns).
      subtotal: toDollars(o.subtotalCents - (o.returnedValueCents ?? 0)),
      cost: toDollars(o.costCents - (o.returnedCostCents ?? 0)),
      total: toDollars(o.subtotalCents - o.discountCents - (o.returnedCents ?? 0)),
      inThisPeriod: claims.has(o.orderId),
    }));
}
