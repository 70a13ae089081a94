import {
  type PaidOrder,
  type PayPeriod,
  type PayrollPeriod,
  type PayrollRow,
  type PeriodRef,
  periodKey,
  reimbursementTotal,
  rowTotalPay,
  toDollars,
  totalBasePay,
} from '@bo/shared';
import { NotFoundError } from '../../domain';
import type { PaidOrderClaimItem, PayrollPeriodItem, PayrollRowItem } from './entity';

/** Payroll records as the API answers them: dollars (integer cents in the table). */

export const keyOf = (ref: PeriodRef): string => periodKey(ref);

/** A row with every figure in cents, defaults filled (an unsaved user: HOURLY, 0). */
export function rowFigures(row: Partial<PayrollRowItem> | undefined) {
  const payType = row?.payType ?? 'HOURLY';
  const baseRate = row?.baseRateCents ?? 0;
  const hoursWorked = row?.hoursWorked ?? 0;
  const reimbursements = row?.reimbursements ?? [];
  const base = totalBasePay({ payType, baseRate, hoursWorked });
  const commission = row?.commissionCents ?? 0;
  const bonus = row?.bonusCents ?? 0;
  const reimbursement = reimbursementTotal(reimbursements.map((r) => ({ amount: r.amountCents })));
  return {
    payType,
    baseRate,
    hoursWorked,
    totalBasePay: base,
    commission,
    bonus,
    reimbursement,
    reimbursements,
    ordersPaid: row?.ordersPaid ?? 0,
    totalPay: rowTotalPay({ totalBasePay: base, commission, bonus, reimbursement }),
  };
}

export interface RowUser {
  id: string;
  name: string;
  image?: string;
}

export function toPayrollRow(user: RowUser, row: PayrollRowItem | undefined): PayrollRow {
  const f = rowFigures(row);
  return {
    id: user.id,
    name: user.name,
    ...(user.image ? { image: user.image } : {}),
    payType: f.payType,
    baseRate: toDollars(f.baseRate),
    hoursWorked: f.hoursWorked,
    totalBasePay: toDollars(f.totalBasePay),
    commission: toDollars(f.commission),
    bonus: toDollars(f.bonus),
    reimbursement: toDollars(f.reimbursement),
    reimbursementsDetails: f.reimbursements.map((r) => ({
      description: r.description,
      amount: toDollars(r.amountCents),
    })),
    ordersPaid: f.ordersPaid,
    totalPay: toDollars(f.totalPay),
    modifiedOn: row?.modifiedOn ?? null,
  };
}

export function toPayrollPeriod(
  ref: { year: number; month: number; payPeriod: PayPeriod },
  header: PayrollPeriodItem | undefined,
  users: PayrollRow[],
): PayrollPeriod {
  return {
    year: ref.year,
    month: ref.month,
    payPeriod: ref.payPeriod,
    status: header?.status ?? 'DRAFT',
    lastSaved: header?.lastSaved ?? null,
    submittedAt: header?.submittedAt ?? null,
    users,
  };
}

export const toPaidOrder = (c: PaidOrderClaimItem): PaidOrder => ({
  orderId: c.orderId,
  orderNum: c.orderNum,
  adjustedCost: c.adjustedCostCents == null ? null : toDollars(c.adjustedCostCents),
  commission: toDollars(c.commissionCents),
});

/** Field labels of a payroll row's change-log entries. */
export const ROW_FIELD_LABELS = {
  payType: 'Pay type',
  baseRate: 'Base rate',
  hoursWorked: 'Hours worked',
  bonus: 'Bonus',
  reimbursement: 'Reimbursement',
  commission: 'Commission',
  commissionRate: 'Commission rate',
  ordersPaid: 'Orders paid',
} as const;

/** The fields a change-log entry compares (money in dollars). */
export const loggedRow = (row: PayrollRowItem | undefined) => {
  const f = rowFigures(row);
  return {
    payType: f.payType,
    baseRate: toDollars(f.baseRate),
    hoursWorked: f.hoursWorked,
    bonus: toDollars(f.bonus),
    reimbursement: toDollars(f.reimbursement),
    commission: toDollars(f.commission),
    commissionRate: row?.commissionRate ?? null,
    ordersPaid: f.ordersPaid,
  };
};

export const userNotFound = () => new NotFoundError('User not found');
