import { accountingRoutes } from './accounting';
import { brandRoutes } from './brands';
import { changeLogRoutes } from './changelog';
import { customerRoutes } from './customers';
import { dashboardRoutes } from './dashboard';
import { deliveryRoutes } from './deliveries';
import { orderRoutes } from './orders';
import { healthRoutes } from './health';
import { importRoutes } from './imports';
import { locationRoutes } from './locations';
import type { RouteDef } from './route';
import { preferenceRoutes } from './preferences';
import { productRoutes } from './products';
import { paymentRoutes } from './payments';
import { payrollRoutes } from './payroll';
import { purchaseRoutes } from './purchases';
import { reportRoutes } from './reports';
import { stockReportRoutes } from './reports-stock';
import { returnRoutes } from './returns';
import { storageRoutes } from './storage';
import { userRoutes } from './users';

/** The single source of truth for the API: one row per endpoint. */
export const routes = {
  ...healthRoutes,
  ...userRoutes,
  ...changeLogRoutes,
  ...productRoutes,
  ...brandRoutes,
  ...storageRoutes,
  ...preferenceRoutes,
  ...customerRoutes,
  ...orderRoutes,
  ...locationRoutes,
  ...purchaseRoutes,
  ...paymentRoutes,
  ...returnRoutes,
  ...payrollRoutes,
  ...importRoutes,
  ...accountingRoutes,
  ...reportRoutes,
  ...stockReportRoutes,
  ...dashboardRoutes,
  ...deliveryRoutes,
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

export const routeList = (): Array<RouteDef & { id: RouteId }> =>
  (Object.keys(routes) as RouteId[]).map((id) => ({ id, ...(routes[id] as RouteDef) }));
