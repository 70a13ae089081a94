import { dashboardSchema } from '../schemas/dashboard';
import { route } from './route';

export const reportsDashboardRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/reports/dashboard',
  handler: 'reports/dashboard',
  roles: 'ALL',
  summary:
    'The home page dashboard of the caller (issue 25): a section per role, each read in parallel with bounded reads. SALES: their month against last month (revenue, units, orders), their open orders and their customers past their payment terms. DRIVER: deliveries due today. INVENTORY: orders to pack and purchase orders to receive. PURCHASING: stock under its limits and purchase orders due. PAYROLL: the open pay period. ADMIN: every section, for every rep and driver, plus the month with cost, profit and margin. Sales figures come from the sales report, never from the orders.',
  grants: { table: 'read' },
  response: dashboardSchema,
});

/** The role dashboards (issue 25, section 2). */
export const dashboardRoutes = {
  'reports.dashboard': reportsDashboardRoute,
};
