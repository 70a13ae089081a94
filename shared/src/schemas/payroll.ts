import * as z from '../zod';
import { PAY_PERIODS } from '../rules/payroll/periods';
import { PAY_TYPES } from '../rules/payroll/pay';
import { decimal, dollars, pathId } from './common';
import { wireDate, windowYear } from './dates';

/**
 * Payroll and commission (issue 14; spec sections 3, 4, 5, 7, 9). Months are 1–12 on the wire and in storage;
 * pay periods are `A` (1st–15th) and `B` (16th–end of month). Dollars on the wire, cents inside.
 */

/** The most paid orders one user may have in one period (the bench saves 300). */
export const MAX_PAID_ORDERS = 500;
export const MAX_REIMBURSEMENTS = 50;

const yearParam = windowYear();

const monthParam = z
  .pipe(
    z.string().check(z.regex(/^\d{1,2}$/, 'Month must be 1-12')),
    z.transform((s: string) => Number(s)),
  )
  .check(z.refine((m: number) => m >= 1 && m <= 12, 'Month must be 1-12'));

export const payPeriodSchema = z.enum(PAY_PERIODS, {
  error: 'Pay period must be A (1st-15th) or B (16th-end of month)',
});

/** `{year}/{month}/{payPeriod}` (delete, update, submit, get). */
export const payrollPeriodParams = z.object({ year: yearParam, month: monthParam, payPeriod: payPeriodSchema });
/** `{year}/{month}/{payPeriod}/{userId}` (update). */
export const payrollUserParams = z.extend(payrollPeriodParams, { userId: pathId('User id') });
/** `{year}/{month}/{period}/{userId}` (the spec's name of the same thing in the commission routes). */
export const commissionParams = z.object({
  year: yearParam,
  month: monthParam,
  period: payPeriodSchema,
  userId: pathId('User id'),
});

export const payTypeSchema = z.enum(PAY_TYPES, { error: `Pay type must be one of ${PAY_TYPES.join(', ')}` });

const commissionRate = decimal({ min: 0, max: 1, places: 2, error: 'Commission rate must be between 0 and 1' });

const hours = decimal({ min: 0, max: 400, places: 2, error: 'Hours must be a number' });

const description = z
  .string({ error: 'Description is required' })
  .check(z.trim(), z.minLength(1, 'Description is required'), z.maxLength(200, 'Description is too long'));

export const reimbursementSchema = z.object({ description, amount: dollars });
export type Reimbursement = z.infer<typeof reimbursementSchema>;

const reimbursementList = z
  .array(reimbursementSchema)
  .check(z.maxLength(MAX_REIMBURSEMENTS, `At most ${MAX_REIMBURSEMENTS} reimbursements`));

/** POST submit/reimbursements/...: the spec's list of description and amount (or `{ reimbursements }`). */
export const reimbursementsBody = z.union([reimbursementList, z.strictObject({ reimbursements: reimbursementList })]);

/**
 * A payroll user row as a client sends it (spec section 3). The server keeps its own id, name and image and
 * recomputes `totalBasePay` (hourly: rate × hours), `commission` (the sum of the saved paid orders) and
 * `reimbursement` (the sum of the details); those fields are accepted and ignored, so a client may send a
 * row as it read it.
 */
/** A figure the server recomputes: any number a client read back is taken, and ignored. */
const echoed = z.optional(z.nullable(decimal({ min: -1e9, max: 1e9, places: 2 })));

export const payrollRowBody = z.object({
  id: z.optional(z.string().check(z.maxLength(128))),
  name: z.optional(z.string().check(z.maxLength(200))),
  image: z.optional(z.nullable(z.string().check(z.maxLength(2048)))),
  payType: z.optional(payTypeSchema),
  baseRate: z.optional(dollars),
  hoursWorked: z.optional(hours),
  totalBasePay: echoed,
  commission: echoed,
  bonus: z.optional(dollars),
  reimbursement: echoed,
  /** When given, replaces the user's reimbursements (as the reimbursements route does). */
  reimbursementsDetails: z.optional(reimbursementList),
  ordersPaid: echoed,
  totalPay: echoed,
  modifiedOn: z.optional(z.nullable(wireDate('modifiedOn', 'instant'))),
  /** The rate the user's commission is computed at in this period (the paid-orders save sets it too). */
  commissionRate: z.optional(commissionRate),
  /** Never in a row: a body with `paidOrders` is the paid-orders body, and refused as such when it is bad. */
  paidOrders: z.optional(z.never()),
});
export type PayrollRowBody = z.infer<typeof payrollRowBody>;

export const paidOrderInput = z.object({
  orderId: pathId('Order id'),
  orderNum: z.optional(z.string().check(z.maxLength(64))),
  /** The cost commission counts; null (Reset Cost) is the order's own cost. */
  adjustedCost: z.optional(z.nullable(dollars)),
  commission: dollars,
});
export type PaidOrderInput = z.infer<typeof paidOrderInput>;

/** POST update/...: the user's commission orders, and the rate they were computed at (default: the user's). */
export const paidOrdersBody = z.strictObject({
  paidOrders: z.array(paidOrderInput).check(
    z.maxLength(MAX_PAID_ORDERS, `At most ${MAX_PAID_ORDERS} orders a period`),
    z.refine((rows) => new Set(rows.map((r) => r.orderId)).size === rows.length, 'Each order may appear once'),
  ),
  commissionRate: z.optional(commissionRate),
});
export type PaidOrdersBody = z.infer<typeof paidOrdersBody>;

/**
 * The spec's two `update/{year}/{month}/{period}/{userId}` routes differ only by a trailing slash (stripped
 * here): one route, either body. `{ paidOrders }` saves the commission orders; anything else is a user row.
 */
export const payrollUpdateBody = z.union([paidOrdersBody, payrollRowBody]);
export type PayrollUpdateBody = z.infer<typeof payrollUpdateBody>;

/** Which of the two bodies an update holds. */
export const isPaidOrdersBody = (body: PayrollUpdateBody): body is PaidOrdersBody => body.paidOrders !== undefined;

/** POST submit/...: the whole period (`{ users: [...] }`, as read, or the list of rows); saved, then locked. */
export const payrollSubmitBody = z.union([
  z.object({ users: z.array(payrollRowBody).check(z.maxLength(500)) }),
  z.array(payrollRowBody).check(z.maxLength(500)),
]);
export type PayrollSubmitBody = z.infer<typeof payrollSubmitBody>;

export const PAYROLL_STATUSES = ['DRAFT', 'SUBMITTED'] as const;

/** A paid order as saved (dollars). */
export const paidOrderSchema = z.object({
  orderId: z.string(),
  orderNum: z.string(),
  /** Absent for roles that may not see costs (the API strips cost fields for them). */
  adjustedCost: z.optional(z.nullable(z.number())),
  commission: z.number(),
});
export type PaidOrder = z.infer<typeof paidOrderSchema>;

/** A payroll user row as the API answers it (dollars). */
export const payrollRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.optional(z.string()),
  payType: payTypeSchema,
  baseRate: z.number(),
  hoursWorked: z.number(),
  totalBasePay: z.number(),
  commission: z.number(),
  bonus: z.number(),
  reimbursement: z.number(),
  reimbursementsDetails: z.array(reimbursementSchema),
  /** How many orders the commission pays. */
  ordersPaid: z.number(),
  /** Base pay + commission + bonus + reimbursement. */
  totalPay: z.number(),
  modifiedOn: z.nullable(z.string()),
});
export type PayrollRow = z.infer<typeof payrollRowSchema>;

/** A pay period with a row per user (users with the SALES role, and anyone with a saved row). */
export const payrollPeriodSchema = z.object({
  year: z.number(),
  month: z.number(),
  payPeriod: payPeriodSchema,
  status: z.enum(PAYROLL_STATUSES),
  lastSaved: z.nullable(z.string()),
  submittedAt: z.nullable(z.string()),
  users: z.array(payrollRowSchema),
});
export type PayrollPeriod = z.infer<typeof payrollPeriodSchema>;

/** The periods that have anything saved, newest first (the period picker). */
export const payrollPeriodSummarySchema = z.object({
  year: z.number(),
  month: z.number(),
  payPeriod: payPeriodSchema,
  status: z.enum(PAYROLL_STATUSES),
  lastSaved: z.nullable(z.string()),
});

/** GET get/drafts/paidOrders/...: a user's saved commission orders in a period. */
export const draftPaidOrdersSchema = z.object({
  paidOrders: z.array(paidOrderSchema),
  commissionRate: z.number(),
  lastSaved: z.nullable(z.string()),
  status: z.enum(PAYROLL_STATUSES),
});
export type DraftPaidOrders = z.infer<typeof draftPaidOrdersSchema>;

/** An order the Calculate Commission dialog lists (dollars; cost included: commission is computed on it). */
export const eligibleOrderSchema = z.object({
  orderId: z.string(),
  orderNum: z.string(),
  orderStatus: z.string(),
  paymentStatus: z.string(),
  createdAt: z.string(),
  customerName: z.string(),
  brands: z.array(z.string()),
  subtotal: z.number(),
  /** Absent for roles that may not see costs. */
  cost: z.optional(z.number()),
  total: z.number(),
  /** Saved in this period's paid orders for this user. */
  inThisPeriod: z.boolean(),
});
export type EligibleOrder = z.infer<typeof eligibleOrderSchema>;
