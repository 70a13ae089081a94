import type { PayPeriod, PayType } from '@bo/shared';
import { defineEntity } from '../core';

export type PeriodStatus = 'DRAFT' | 'SUBMITTED';

/** A pay period's header: written (created or stamped) by every write to the period. */
export interface PayrollPeriodItem {
  /** `2026-11-A` (periodKey of shared). */
  periodKey: string;
  year: number;
  month: number;
  payPeriod: PayPeriod;
  status: PeriodStatus;
  lastSaved: string;
  submittedAt?: string;
  /** Counts the writes (each adds 1). */
  version: number;
}

/** One user's row in a period. Fields a write never set read as their defaults (HOURLY, 0, none). */
export interface PayrollRowItem {
  periodKey: string;
  userId: string;
  payType?: PayType;
  baseRateCents?: number;
  hoursWorked?: number;
  bonusCents?: number;
  reimbursements?: Array<{ description: string; amountCents: number }>;
  /** The rate the saved paid orders were computed at. */
  commissionRate?: number;
  /** The sum of the user's paid orders' commission in this period. */
  commissionCents?: number;
  ordersPaid?: number;
  modifiedOn: string;
}

/** That an order is paid as commission, and in which period: one per order, so an order is paid once. */
export interface PaidOrderClaimItem {
  orderId: string;
  periodKey: string;
  userId: string;
  orderNum: string;
  /** The cost commission counted, when it was not the order's own. */
  adjustedCostCents: number | null;
  commissionCents: number;
  claimedOn: string;
}

/**
 * Access patterns:
 * - primary: the header (Get), or the period whole with its rows (collection `payrollPeriod` Query) — pk periodKey.
 * - all (gsi1): every period with anything saved, by key (newest first with a descending Query) — one
 *   partition, sk periodKey (a handful of periods a month, so it stays small).
 */
export const payrollPeriodEntity = defineEntity<PayrollPeriodItem>()({
  entity: 'payrollPeriod',
  version: '1',
  primary: { pk: ['periodKey'], sk: [], collection: 'payrollPeriod' },
  indexes: { all: { index: 'gsi1', pk: [], sk: ['periodKey'] } },
});

/** Access pattern: primary — a user's row (Get), a period's rows (with the header, collection Query). */
export const payrollRowEntity = defineEntity<PayrollRowItem>()({
  entity: 'payrollRow',
  version: '1',
  primary: { pk: ['periodKey'], sk: ['userId'], collection: 'payrollPeriod' },
});

/**
 * Access patterns:
 * - primary: the guard of one order (Get/BatchGet) — pk orderId (the order's partition, outside its
 *   `orderWhole` collection). Written only if absent or already this period's and user's.
 * - byPeriod (gsi2): a period's claims — pk periodKey, sk userId, orderId: one user's (begins userId), or
 *   all (deleting a period releases them).
 */
export const paidOrderClaimEntity = defineEntity<PaidOrderClaimItem>()({
  entity: 'paidOrderClaim',
  version: '1',
  primary: { pk: ['orderId'], sk: [] },
  indexes: { byPeriod: { index: 'gsi2', pk: ['periodKey'], sk: ['userId', 'orderId'] } },
});
