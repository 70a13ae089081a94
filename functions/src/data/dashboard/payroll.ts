import { payPeriodsAround, periodBounds, toDollars, type PayrollSection } from '@bo/shared';
import { getPeriodHeader, readPeriodWhole } from '../payroll/reads';
import { rowFigures } from '../payroll/records';

/**
 * The pay period open today (the half-month today falls in): its header and saved rows (one Query of its
 * partition) with what they add up to so far, and whether the period before was left unsubmitted (one Get).
 */
export async function openPayPeriod(today: string): Promise<PayrollSection> {
  const { current, previous } = payPeriodsAround(today);
  const [{ header, rows }, before] = await Promise.all([readPeriodWhole(current), getPeriodHeader(previous)]);
  const figures = rows.map(rowFigures);
  const sum = (key: 'commission' | 'totalPay' | 'ordersPaid') => figures.reduce((total, f) => total + f[key], 0);
  return {
    period: {
      ...current,
      ...periodBounds(current),
      status: header?.status ?? 'DRAFT',
      lastSaved: header?.lastSaved ?? null,
      rows: rows.length,
      ordersPaid: sum('ordersPaid'),
      commission: toDollars(sum('commission')),
      totalPay: toDollars(sum('totalPay')),
    },
    previousUnsubmitted: before && before.status !== 'SUBMITTED' ? previous : null,
  };
}
