import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import { canOpen } from '../access/pages';
import { canCall } from '../access/route-access';
import { prefetchApi, type ApiCall } from '../api/hooks';
import type { Session } from '../auth/session-types';
import {
  localDay,
  ORDERS_DEFAULT_RANGE,
  PAYMENTS_DEFAULT_RANGE,
  PURCHASES_DEFAULT_RANGE,
} from '../components/default-ranges';
import { rangeInterval } from '../components/range-filter-config';
import { currentPeriod, periodParams } from '../pages/payroll/payroll-routes';
import type { AppRouter } from './App';
import type { RouteHandle } from './route-handle';

/** What a route's screen asks for as it opens, exactly as its `useApiQuery` calls ask (the same key). */
export type RoutePrefetch = (params: Params, session: Session) => ApiCall[];

/** The signed-in frame: the user's own name in the top navigation. */
export const shellQueries: RoutePrefetch = (_params, session) => [
  ['users.getById', { params: { id: session.userId } }],
];

/** An order's page: the order, and the editor's lists for those who may change it. */
export const orderPageQueries: RoutePrefetch = ({ orderNum = '' }, { roles }) => [
  ['orders.getByID', { params: { id: orderNum } }],
  ...(canCall('orders.update', roles)
    ? ([
        ['products.getAll', {}],
        ['brands.getAll', {}],
        ['products.getProductTypes', {}],
        ['customers.getAll', {}],
        ['orders.getLocations', {}],
        ['users.getDrivers', {}],
        ['orders.getPendingOrderItemsForTags', {}],
      ] satisfies ApiCall[])
    : ([
        ['orders.getLocations', {}],
        ['users.getDrivers', {}],
      ] satisfies ApiCall[])),
];

/** The lists read by date, over the range each opens on (the interval measured now, as the page measures it). */
export const ordersQueries: RoutePrefetch = () => {
  const interval = rangeInterval(ORDERS_DEFAULT_RANGE, new Date());
  return interval ? [['orders.getByWeek', { params: { fromISO: interval.from, toISO: interval.to } }]] : [];
};

export const paymentsQueries: RoutePrefetch = () => {
  const interval = rangeInterval(PAYMENTS_DEFAULT_RANGE, new Date());
  return interval ? [['payments.getAll', { query: { from: localDay(interval.from), to: localDay(interval.to) } }]] : [];
};

export const purchasesQueries: RoutePrefetch = () => {
  const interval = rangeInterval(PURCHASES_DEFAULT_RANGE, new Date());
  return [
    ['brands.getAll', {}],
    ...(interval
      ? ([['purchases.getAll', { query: { from: interval.from, to: interval.to } }]] satisfies ApiCall[])
      : []),
  ];
};

/** Payroll opens on the pay period today falls in. */
export const payrollQueries: RoutePrefetch = () => {
  const { year, month, payPeriod } = currentPeriod();
  return [['payroll.get', { params: periodParams(year, month, payPeriod) }]];
};

/** Screens whose first answers need nothing but the route: the GETs, in the order the screen asks. */
export const listQueries =
  (...calls: ApiCall[]): RoutePrefetch =>
  () =>
    calls;

/**
 * On opening the app with a session (a reload, a link from another tab), asks for the matched routes' data
 * at once, while the frame and page chunks load and render, instead of once the page has rendered. Only calls
 * these roles may make, and only for a page they may open; the screens' own queries pick up the answers.
 */
export function prefetchRoute(router: AppRouter, queryClient: QueryClient, session: Session): void {
  for (const match of router.state.matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (!handle?.prefetch) continue;
    if (handle.page && !canOpen(handle.page, session.roles)) continue;
    for (const call of handle.prefetch(match.params, session)) {
      if (canCall(call[0], session.roles)) void prefetchApi(queryClient, call);
    }
  }
}
