import type { Cents } from '../../money';

/** Pay types of a payroll row (spec section 3: HOURLY or other). */
export const PAY_TYPES = ['HOURLY', 'SALARY'] as const;
export type PayType = (typeof PAY_TYPES)[number];

/** Hourly pay: base rate × hours, to the cent (hours may be fractional: 7.5). */
export const hourlyPay = (baseRate: Cents, hours: number): Cents => Math.round(baseRate * hours);

/** A row's base pay: hourly rows pay rate × hours; other pay types pay the base rate for the period. */
export const totalBasePay = (row: { payType: PayType; baseRate: Cents; hoursWorked: number }): Cents =>
  row.payType === 'HOURLY' ? hourlyPay(row.baseRate, row.hoursWorked) : row.baseRate;

/** The total of a list of reimbursements. */
export const reimbursementTotal = (items: ReadonlyArray<{ amount: Cents }>): Cents =>
  items.reduce((sum, i) => sum + i.amount, 0);

/** What a row pays in all: base pay, commission, bonus and reimbursements. */
export const rowTotalPay = (row: {
  totalBasePay: Cents;
  commission: Cents;
  bonus: Cents;
  reimbursement: Cents;
}): Cents => row.totalBasePay + row.commission + row.bonus + row.reimbursement;
