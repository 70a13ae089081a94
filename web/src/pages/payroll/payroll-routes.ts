import { periodOf, type PayPeriod, type PeriodRef, type RouteId } from '@bo/shared';
import { calendarDay } from '../../format/date-ranges';

/** The pay period today falls in (the user's calendar day). */
export const currentPeriod = (now = new Date()): PeriodRef => periodOf(calendarDay(now));

/** The cached answers a payroll save makes stale (`invalidateRoutes(queryClient, PAYROLL_QUERY_ROUTES)`). */
export const PAYROLL_QUERY_ROUTES: RouteId[] = [
  'payroll.get',
  'payroll.getPeriods',
  'payroll.getDraftPaidOrders',
  'payroll.getEligibleOrders',
];

/** A period's path parameters (the routes take them as strings; month 1–12). */
export const periodParams = (year: number, month: number, payPeriod: PayPeriod) => ({
  year: String(year),
  month: String(month),
  payPeriod,
});

/** The commission routes name the half `period`. */
export const commissionParams = (year: number, month: number, payPeriod: PayPeriod, userId: string) => ({
  year: String(year),
  month: String(month),
  period: payPeriod,
  userId,
});

const MONTHS = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** 'November' for 11. */
export const monthName = (month: number): string => MONTHS.format(new Date(Date.UTC(2000, month - 1, 1)));
