import { dashboardScope, dashboardSections, type Dashboard, type DashboardSection, type Role } from '@bo/shared';
import { todayUtc } from '../range-bounds';
import { type OpenHeaders, deliveriesDue, openOrderHeaders, openOrdersOf, ordersToPack, overdueOf } from './orders';
import { openPayPeriod } from './payroll';
import { orderedPurchases, purchasesDue, toReceive } from './purchases';
import { businessMonth, monthByRep, salesMonth } from './sales';
import { stockUnderLimits } from './stock';

/**
 * The home page's dashboard (issue 25, section 2): the sections of the caller's roles, each read on its own
 * and all at once. Every read is a Get, a BatchGet or a Query of a bounded partition (a working set such as
 * the open orders, or the report's month cells); no section adds up history.
 */

export interface DashboardCaller {
  userId: string;
  roles: readonly Role[];
}

type Sections = Omit<Dashboard, 'today' | 'sections'>;

export async function readDashboard(caller: DashboardCaller, today: string = todayUtc()): Promise<Dashboard> {
  const sections = dashboardSections(caller.roles);
  const scope = dashboardScope(caller.roles);
  const { userId } = caller;
  // INVENTORY and PURCHASING both read the ordered purchase orders: one Query serves both.
  let ordered: ReturnType<typeof orderedPurchases> | undefined;
  const ordersOnOrder = () => (ordered ??= orderedPurchases(today));
  // The sales, deliveries and inventory sections all read everyone's open orders: one Query serves them.
  let open: ReturnType<OpenHeaders> | undefined;
  let byRep: ReturnType<typeof monthByRep> | undefined;
  const monthOfReps = () => (byRep ??= monthByRep(today));
  const everyonesOpen: OpenHeaders = () => (open ??= openOrderHeaders());
  const readers: { [S in DashboardSection]: () => Promise<NonNullable<Sections[S]>> } = {
    business: () => businessMonth(today, monthOfReps),
    sales: async () => {
      const [month, openOrders, overdue] = await Promise.all([
        salesMonth(scope, userId, today, sections.includes('business') ? monthOfReps : undefined),
        openOrdersOf(scope, userId, everyonesOpen),
        overdueOf(scope, userId, today),
      ]);
      return { scope, month, openOrders, overdue };
    },
    deliveries: () => deliveriesDue(scope, userId, today, everyonesOpen),
    inventory: async () => {
      const [toPack, ordered] = await Promise.all([ordersToPack(everyonesOpen), ordersOnOrder()]);
      return { toPack, toReceive: toReceive(ordered) };
    },
    purchasing: async () => {
      const [underLimits, ordered] = await Promise.all([stockUnderLimits(), ordersOnOrder()]);
      return { underLimits, due: purchasesDue(ordered) };
    },
    payroll: () => openPayPeriod(today),
  };
  const read = await Promise.all(sections.map(async (s) => [s, await readers[s]()] as const));
  return { today, sections, ...(Object.fromEntries(read) as Sections) };
}
