import * as z from '../zod';
import { DASHBOARD_SECTIONS } from '../rules/dashboard';
import { PAY_PERIODS } from '../rules/payroll/periods';
import { ORDER_STATUSES } from './orders';
import { PAYROLL_STATUSES } from './payroll';
import { salesFiguresSchema } from './reports';

/**
 * GET /db/reports/dashboard (issue 25, section 2): the caller's sections of the home page. A section the
 * caller's roles do not get is absent. Money in dollars, as everywhere on the wire.
 */

const scopeSchema = z.enum(['own', 'all']);

/** Revenue, units and orders of a month: the figures a rep sees (never cost, profit or margin). */
const repFiguresSchema = z.object({ revenue: z.number(), units: z.number(), orders: z.number() });

/** A month of the sales report: its first and last day (the current month: to today). */
const monthSchema = <S extends z.ZodMiniType>(figures: S) =>
  z.object({
    current: z.object({ from: z.string(), to: z.string(), figures }),
    previous: z.object({ from: z.string(), to: z.string(), figures }),
  });

/** A sales order as a dashboard list shows it. */
export const dashboardOrderSchema = z.object({
  id: z.string(),
  orderNum: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  deliveryDate: z.nullable(z.string()),
  pickup: z.boolean(),
});
export type DashboardOrder = z.infer<typeof dashboardOrderSchema>;

const orderListSchema = z.object({ count: z.number(), oldest: z.array(dashboardOrderSchema) });

/** A purchase order waiting for its delivery (ORDERED). */
export const dashboardPurchaseSchema = z.object({
  id: z.string(),
  purchaseOrderNum: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  orderPlacedOn: z.string(),
  expectedDeliveryOn: z.nullable(z.string()),
  units: z.number(),
  /** Expected before today (`late`), within the next days (`soon`), or later or not said (null). */
  due: z.nullable(z.enum(['late', 'soon'])),
});
export type DashboardPurchase = z.infer<typeof dashboardPurchaseSchema>;

export const salesSectionSchema = z.object({
  /** `own`: the caller's customers (SALES); `all`: every rep's (ADMIN). */
  scope: scopeSchema,
  month: monthSchema(repFiguresSchema),
  openOrders: orderListSchema,
  overdue: z.object({
    count: z.number(),
    amount: z.number(),
    customers: z.array(
      z.object({
        customerId: z.string(),
        customerName: z.string(),
        amount: z.number(),
        days: z.number(),
        orders: z.number(),
        oldestOrderNum: z.string(),
        paymentTermsDays: z.number(),
      }),
    ),
  }),
});
export type SalesSection = z.infer<typeof salesSectionSchema>;

export const deliveriesSectionSchema = z.object({
  scope: scopeSchema,
  date: z.string(),
  /** Open deliveries due today or earlier (late), earliest first. */
  count: z.number(),
  late: z.number(),
  /** Open deliveries after today. */
  later: z.number(),
  orders: z.array(
    z.extend(dashboardOrderSchema, {
      address: z.optional(z.string()),
      driverId: z.optional(z.string()),
      driverName: z.optional(z.string()),
      late: z.boolean(),
    }),
  ),
});
export type DeliveriesSection = z.infer<typeof deliveriesSectionSchema>;

export const inventorySectionSchema = z.object({
  /** Open orders still to pack (RECEIVED, FULFILLMENT), oldest first. */
  toPack: orderListSchema,
  /** Purchase orders ORDERED, the next expected first. */
  toReceive: z.object({ count: z.number(), next: z.array(dashboardPurchaseSchema) }),
});
export type InventorySection = z.infer<typeof inventorySectionSchema>;

export const underLimitLineSchema = z.object({
  brandId: z.string(),
  brandName: z.string(),
  level: z.enum(['brand', 'type', 'weight']),
  label: z.string(),
  stock: z.number(),
  limit: z.number(),
  room: z.number(),
});

export const purchasingSectionSchema = z.object({
  /** Brand, type and weight lines with stock below their limits, most room first; `over`: lines above theirs. */
  underLimits: z.object({ count: z.number(), over: z.number(), lines: z.array(underLimitLineSchema) }),
  /** ORDERED purchase orders expected within the next days or late. */
  due: z.object({ count: z.number(), late: z.number(), orders: z.array(dashboardPurchaseSchema) }),
});
export type PurchasingSection = z.infer<typeof purchasingSectionSchema>;

const periodRefSchema = z.object({ year: z.number(), month: z.number(), payPeriod: z.enum(PAY_PERIODS) });

export const payrollSectionSchema = z.object({
  period: z.extend(periodRefSchema, {
    first: z.string(),
    last: z.string(),
    status: z.enum(PAYROLL_STATUSES),
    lastSaved: z.nullable(z.string()),
    /** Rows saved so far, and what they add up to. */
    rows: z.number(),
    ordersPaid: z.number(),
    commission: z.number(),
    totalPay: z.number(),
  }),
  /** The period before, when it was never submitted. */
  previousUnsubmitted: z.nullable(periodRefSchema),
});
export type PayrollSection = z.infer<typeof payrollSectionSchema>;

export const businessSectionSchema = z.object({
  /** Every rep's sales with cost, profit and margin (ADMIN). */
  month: monthSchema(salesFiguresSchema),
  /** This month by rep, most revenue first. */
  reps: z.array(z.object({ key: z.string(), label: z.string(), current: salesFiguresSchema })),
});
export type BusinessSection = z.infer<typeof businessSectionSchema>;

export const dashboardSchema = z.object({
  /** The day the figures are for (UTC). */
  today: z.string(),
  sections: z.array(z.enum(DASHBOARD_SECTIONS)),
  business: z.optional(businessSectionSchema),
  sales: z.optional(salesSectionSchema),
  deliveries: z.optional(deliveriesSectionSchema),
  inventory: z.optional(inventorySectionSchema),
  purchasing: z.optional(purchasingSectionSchema),
  payroll: z.optional(payrollSectionSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
