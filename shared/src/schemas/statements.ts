import * as z from '../zod';
import { orderedRange, wireDate } from './dates';
import { MAX_RANGE_DAYS } from '../rules/date-ranges';

/**
 * Customer statements (issue 23, section 4): GET /db/customers/getStatement/{customerId}?from=&to=. Dollars on the
 * wire; `rules/statements.ts` computes in cents.
 */

/** `from` and `to` are calendar days (default: the last 30 days to today); `from` at most 400 days back. */
export const statementQuery = z
  .object({ from: z.optional(wireDate('from', 'day')), to: z.optional(wireDate('to', 'day')) })
  .check(orderedRange('from', 'to', { maxDays: MAX_RANGE_DAYS }));
export type StatementQuery = z.infer<typeof statementQuery>;

export const STATEMENT_LINE_TYPES = ['INVOICE', 'PAYMENT', 'CREDIT_NOTE', 'REFUND'] as const;
export type StatementLineType = (typeof STATEMENT_LINE_TYPES)[number];

export const statementLineSchema = z.object({
  /** YYYY-MM-DD: an invoice's order date, a payment's payment date. */
  date: z.string(),
  type: z.enum(STATEMENT_LINE_TYPES),
  /** The order number of an invoice; the method and orders of a payment. */
  reference: z.string(),
  /** Signed dollars: an invoice raises the balance, a payment lowers it. */
  amount: z.number(),
  /** The running balance after this line. */
  balance: z.number(),
  orderId: z.optional(z.string()),
  paymentId: z.optional(z.string()),
  returnId: z.optional(z.string()),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  from: z.string(),
  to: z.string(),
  paymentTermsDays: z.number(),
  openingBalance: z.number(),
  lines: z.array(statementLineSchema),
  closingBalance: z.number(),
  /** The closing balance by days past due (the order date plus the terms), as of `to`. */
  ageing: z.object({ days0to30: z.number(), days31to60: z.number(), days61to90: z.number(), over90: z.number() }),
});
export type Statement = z.infer<typeof statementSchema>;
