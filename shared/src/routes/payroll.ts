import * as z from '../zod';
import {
  commissionParams,
  draftPaidOrdersSchema,
  eligibleOrderSchema,
  payrollPeriodParams,
  payrollPeriodSchema,
  payrollPeriodSummarySchema,
  payrollSubmitBody,
  payrollUpdateBody,
  payrollUserParams,
  reimbursementsBody,
} from '../schemas/payroll';
import { PAYROLL_WRITERS } from '../role-matrix';
import { route } from './route';

export const payrollDeleteRoute = /* @__PURE__ */ route({
  method: 'DELETE',
  path: '/api/db/payroll/delete/{year}/{month}/{payPeriod}',
  handler: 'payroll/delete',
  roles: PAYROLL_WRITERS,
  summary:
    'Deletes an unsubmitted pay period: its rows, reimbursements and paid orders, releasing those orders for another period (one transaction per 100 items). A submitted period is refused (409).',
  params: payrollPeriodParams,
  response: z.object({ deleted: z.boolean() }),
});

export const payrollUpdateRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/payroll/update/{year}/{month}/{payPeriod}/{userId}',
  handler: 'payroll/update',
  roles: PAYROLL_WRITERS,
  summary:
    "One route for the spec's two (they differ by a trailing slash): `{ paidOrders }` saves the user's commission orders (each claimed by a guard item, so an order is paid in one period only: 409 naming it), anything else saves the user's row. Refused once the period is submitted (409).",
  params: payrollUserParams,
  body: payrollUpdateBody,
  response: payrollPeriodSchema,
});

export const payrollSubmitRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/payroll/submit/{year}/{month}/{payPeriod}',
  handler: 'payroll/submit',
  roles: PAYROLL_WRITERS,
  summary:
    'Saves the whole period (its rows) and locks it, in one transaction: its paid orders, rows and reimbursements can no longer change, and it cannot be deleted.',
  params: payrollPeriodParams,
  body: payrollSubmitBody,
  response: payrollPeriodSchema,
});

export const payrollGetDraftPaidOrdersRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/payroll/get/drafts/paidOrders/{year}/{month}/{period}/{userId}',
  handler: 'payroll/getDraftPaidOrders',
  roles: 'ALL',
  summary:
    "A user's saved commission orders in a period, the rate and when they were last saved. PAYROLL and ADMIN read anyone's; others only their own (404 otherwise).",
  params: commissionParams,
  response: draftPaidOrdersSchema,
});

export const payrollSubmitReimbursementsRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/payroll/submit/reimbursements/{year}/{month}/{period}/{userId}',
  handler: 'payroll/submitReimbursements',
  roles: PAYROLL_WRITERS,
  summary:
    "Replaces a user's reimbursements in a period (the spec's list of description and amount); the row's reimbursement is their total. Refused once the period is submitted (409).",
  params: commissionParams,
  body: reimbursementsBody,
  response: payrollPeriodSchema,
});

export const payrollGetRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/payroll/get/{year}/{month}/{payPeriod}',
  handler: 'payroll/get',
  roles: PAYROLL_WRITERS,
  summary:
    'A pay period (beyond the spec): its status and a row per user (every SALES user and anyone with a saved row), saved or not yet.',
  params: payrollPeriodParams,
  response: payrollPeriodSchema,
});

export const payrollGetPeriodsRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/payroll/periods',
  handler: 'payroll/getPeriods',
  roles: PAYROLL_WRITERS,
  summary: 'The pay periods with anything saved, newest first, with their status (beyond the spec: the period picker).',
  response: z.array(payrollPeriodSummarySchema),
});

export const payrollGetEligibleOrdersRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/payroll/eligibleOrders/{year}/{month}/{period}/{userId}',
  handler: 'payroll/getEligibleOrders',
  roles: 'ALL',
  summary:
    "The orders a user's commission may pay in a period (beyond the spec): their customers' DELIVERED or COMPLETED orders created by the period's last day and not paid in another period, with those already in this period's list. PAYROLL and ADMIN read anyone's; others only their own (404 otherwise).",
  params: commissionParams,
  response: z.array(eligibleOrderSchema),
});

/** Payroll and commission (issue 14). */
export const payrollRoutes = {
  'payroll.delete': payrollDeleteRoute,
  'payroll.update': payrollUpdateRoute,
  'payroll.submit': payrollSubmitRoute,
  'payroll.getDraftPaidOrders': payrollGetDraftPaidOrdersRoute,
  'payroll.submitReimbursements': payrollSubmitReimbursementsRoute,
  'payroll.get': payrollGetRoute,
  'payroll.getPeriods': payrollGetPeriodsRoute,
  'payroll.getEligibleOrders': payrollGetEligibleOrdersRoute,
};
