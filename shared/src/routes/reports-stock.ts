import {
  inventoryValuationQuery,
  inventoryValuationSchema,
  receivablesReportQuery,
  receivablesReportSchema,
  slowMoversQuery,
  slowMoversSchema,
  stockLimitsReportSchema,
} from '../schemas/reports-stock';
import { none } from '../schemas/common';
import { INVENTORY_REPORT_READERS, RECEIVABLES_REPORT_READERS } from '../role-matrix';
import { route } from './route';

export const reportsInventoryValuationRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/reports/inventoryValuation',
  handler: 'reports/inventory-valuation',
  roles: INVENTORY_REPORT_READERS,
  summary:
    "What the stock is worth (units × each product's cost) by brand, by product type and by both: now, or at the end of a past month (asOf=YYYY-MM, at most 36 months back). Units at a month's end are the units now less the net movement of each later month, which the stream keeps as one item per month: the cost grows with the months looked back, never with the movements. Brands excluded from reporting are left out. PURCHASING, INVENTORY and ADMIN; the value (cost) only for roles that see costs.",
  grants: { table: 'read' },
  query: inventoryValuationQuery,
  response: inventoryValuationSchema,
});

export const reportsSlowMoversRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/reports/slowMovers',
  handler: 'reports/slow-movers',
  roles: INVENTORY_REPORT_READERS,
  summary:
    'Products with stock on hand and no sale in the last `days` days (default 90, 1 to 365), optionally of one brand, the most value tied up first (at most 500 listed; `count` is all of them). A sale is stock going out on an order; the last one per product and month is kept by the stream. Brands excluded from reporting are left out. PURCHASING, INVENTORY and ADMIN.',
  grants: { table: 'read' },
  query: slowMoversQuery,
  response: slowMoversSchema,
});

export const reportsStockLimitsRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/reports/stockLimits',
  handler: 'reports/stock-limits',
  roles: INVENTORY_REPORT_READERS,
  summary:
    'Every brand, type and weight limit against the stock on hand, as the Inventory overview counts it (products on the menus), the fullest first. Brands excluded from reporting are left out. PURCHASING, INVENTORY and ADMIN.',
  grants: { table: 'read' },
  query: none,
  response: stockLimitsReportSchema,
});

export const reportsReceivablesRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/reports/receivables',
  handler: 'reports/receivables',
  roles: RECEIVABLES_REPORT_READERS,
  summary:
    "Receivables (issue 25): the ageing today (0-30, 31-60, 61-90 and over 90 days from the order date, as the Receivables page) and, per month from..to (YYYY-MM, default the last 12 months), what was invoiced, received and credited, what was owed at its end and the days sales outstanding (owed ÷ invoiced × days in the month). Read from monthly figures the stream keeps, never the orders. Money owed is every brand's. ADMIN only.",
  grants: { table: 'read' },
  query: receivablesReportQuery,
  response: receivablesReportSchema,
});

/** Inventory and receivables reports (issue 25). */
export const stockReportRoutes = {
  'reports.inventoryValuation': reportsInventoryValuationRoute,
  'reports.slowMovers': reportsSlowMoversRoute,
  'reports.stockLimits': reportsStockLimitsRoute,
  'reports.receivables': reportsReceivablesRoute,
};
