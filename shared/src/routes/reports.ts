import { none } from '../schemas/common';
import {
  commissionReportQuery,
  commissionReportSchema,
  purchasesReportQuery,
  purchasesReportSchema,
  reportStatusSchema,
  salesReportQuery,
  salesReportSchema,
} from '../schemas/reports';
import {
  COMMISSION_REPORT_READERS,
  PURCHASE_REPORT_READERS,
  REPORT_REBUILDERS,
  REPORT_STATUS_READERS,
  SALES_REPORT_READERS,
} from '../role-matrix';
import { route } from './route';

export const reportsSalesRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/reports/sales',
  handler: 'reports/sales',
  roles: SALES_REPORT_READERS,
  summary:
    'Sales by day, week, month or quarter (issue 25): revenue, units, orders, cost, profit and margin over from..to, split by groupBy (rep, customer, customerType, brand, productType), with at most one filter (rep=, customer=, customerType=, brand=, productType=) and a comparison (compare=previous|lastYear). Read from figures the stream keeps per day and month, never from the orders. Brands excluded from reporting are left out. SALES gets only their own customers and no cost, profit or margin; ADMIN everything.',
  grants: { table: 'read' },
  query: salesReportQuery,
  response: salesReportSchema,
});

export const reportsPurchasesRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/reports/purchases',
  handler: 'reports/purchases',
  roles: PURCHASE_REPORT_READERS,
  summary:
    'Purchasing by month or quarter (issue 25): spend (as cost), units and purchase orders placed over from..to, split by brand or product type (groupBy), for one brand (brand=), read from figures the stream keeps per month; and what is on order now (PENDING and ORDERED) by brand. Brands excluded from reporting are left out. PURCHASING and ADMIN; INVENTORY without spend.',
  grants: { table: 'read' },
  query: purchasesReportQuery,
  response: purchasesReportSchema,
});

export const reportsCommissionRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/reports/commission',
  handler: 'reports/commission',
  roles: COMMISSION_REPORT_READERS,
  summary:
    'Commission by rep and pay period over a year (issue 25): year= (2000 to 2099). Read from the pay periods themselves (24 partitions of a few rows each: the periods are the aggregate), each with its status. PAYROLL and ADMIN.',
  grants: { table: 'read' },
  query: commissionReportQuery,
  response: commissionReportSchema,
});

export const reportsStatusRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/reports/status',
  handler: 'reports/status',
  roles: REPORT_STATUS_READERS,
  summary:
    'Whether the report figures are current: when they were last rebuilt, a rebuild under way and how far it got, the brands they leave out and whether that list changed since.',
  grants: { table: 'read' },
  response: reportStatusSchema,
});

export const reportsRebuildRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/reports/rebuild',
  handler: 'reports/rebuild',
  roles: REPORT_REBUILDERS,
  summary:
    'Starts a rebuild of every report figure from the records (a job: resumable, with progress on reports/status); the figures read stay the old ones until it finishes, and the stream keeps both up to date meanwhile. A rebuild already under way is answered as it is. ADMIN only.',
  grants: { table: 'readWrite', jobs: ['report-rebuild'] },
  body: none,
  response: reportStatusSchema,
});

/** Reports (issue 25). */
export const reportRoutes = {
  'reports.sales': reportsSalesRoute,
  'reports.purchases': reportsPurchasesRoute,
  'reports.commission': reportsCommissionRoute,
  'reports.status': reportsStatusRoute,
  'reports.rebuild': reportsRebuildRoute,
};
