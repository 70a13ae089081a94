import type { ImportKind, Role, RouteId } from '@bo/shared';
import { canCallAll } from './route-access';

/** A screen of the app and the API routes it cannot work without. */
export interface AppPage {
  title: string;
  /** Its address (a pattern for pages with parameters). */
  path: string;
  /**
   * What the page reads as it opens: whoever may call every one of these routes may open it, and nobody else
   * (the route table's roles, the same the API enforces). Actions inside the page are checked one by one.
   */
  requires: readonly RouteId[];
}

/** Every page of the signed-in app; the router, the navigation and the breadcrumbs all read this table. */
export const PAGES = {
  home: { title: 'Back Office', path: '/', requires: [] },
  products: { title: 'Products', path: '/products', requires: ['products.getAll', 'brands.getAll'] },
  productTags: { title: 'Product tags', path: '/products/tags', requires: ['products.getBySku'] },
  brands: {
    title: 'Brands',
    path: '/brands',
    requires: ['brands.getBrandsWithProductCount', 'products.getProductTypesWithProductCount'],
  },
  inventory: { title: 'Inventory overview', path: '/inventory', requires: ['brands.getAll', 'products.getAll'] },
  locations: { title: 'Pickup locations', path: '/locations', requires: ['orders.getLocations'] },
  customers: { title: 'Customers', path: '/customers', requires: ['customers.getAll'] },
  orders: { title: 'Orders', path: '/orders', requires: ['orders.getByWeek'] },
  order: { title: 'Order', path: '/orders/:orderNum', requires: ['orders.getByID'] },
  purchases: { title: 'Purchase orders', path: '/purchases', requires: ['purchases.getAll', 'brands.getAll'] },
  purchaseOrder: { title: 'Purchase order', path: '/purchases/:purchaseOrderNum', requires: ['purchases.getById'] },
  payments: { title: 'Payments', path: '/payments', requires: ['payments.getAll'] },
  receivables: { title: 'Receivables', path: '/receivables', requires: ['payments.receivables'] },
  returns: { title: 'Returns', path: '/returns', requires: ['returns.getAll'] },
  deliveries: { title: 'My deliveries', path: '/deliveries', requires: ['orders.getMyDeliveries'] },
  deliveryBoard: { title: 'Deliveries board', path: '/delivery-board', requires: ['deliveries.board'] },
  collections: { title: 'Collections', path: '/payments/collections', requires: ['deliveries.collections'] },
  payroll: { title: 'Payroll', path: '/payroll', requires: ['payroll.get'] },
  commission: {
    title: 'My commission',
    path: '/commission',
    requires: ['payroll.getEligibleOrders', 'payroll.getDraftPaidOrders'],
  },
  accounting: { title: 'Accounting exports', path: '/accounting', requires: ['accounting.exportsGetAll'] },
  salesReport: { title: 'Sales', path: '/reports/sales', requires: ['reports.sales'] },
  purchasesReport: { title: 'Purchasing', path: '/reports/purchases', requires: ['reports.purchases'] },
  commissionReport: { title: 'Commission', path: '/reports/commission', requires: ['reports.commission'] },
  inventoryReport: {
    title: 'Inventory',
    path: '/reports/inventory',
    requires: ['reports.inventoryValuation', 'reports.slowMovers', 'reports.stockLimits'],
  },
  receivablesReport: { title: 'Receivables & DSO', path: '/reports/receivables', requires: ['reports.receivables'] },
  imports: { title: 'Imports', path: '/imports', requires: ['imports.getAll'] },
  import: { title: 'Import', path: '/imports/:id', requires: ['imports.getById'] },
  users: { title: 'Users', path: '/users', requires: ['users.getAll'] },
  profile: { title: 'Profile', path: '/profile', requires: ['users.getById'] },
  document: { title: 'Document', path: '/documents/:fileName', requires: ['storage.getDocumentURL'] },
} as const satisfies Record<string, AppPage>;

export type PageId = keyof typeof PAGES;

/** The address of one sales order's page (`PAGES.order`; spec section 2, opened in a new tab from lists). */
export const orderHref = (orderNum: string): string => `/orders/${encodeURIComponent(orderNum)}`;

/** The address of one purchase order's page (`PAGES.purchaseOrder`). */
export const purchaseOrderHref = (purchaseOrderNum: string): string =>
  `/purchases/${encodeURIComponent(purchaseOrderNum)}`;

/** The collections to confirm (`PAGES.collections`), of one day or in one status when given. */
export const collectionsHref = (filter: { day?: string; status?: string } = {}): string => {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as Array<[string, string]>);
  return query.size ? `${PAGES.collections.path}?${query}` : PAGES.collections.path;
};

/** The driver's phone app (issue 26): a page of its own (driver.html), opened with a full load, not a route here. */
export const DRIVER_APP_PATH = '/driver';

/** The imports page (`PAGES.imports`), opened for one kind: the list pages' Import buttons. */
export const importsHref = (kind?: ImportKind): string => (kind ? `/imports?kind=${kind}` : '/imports');

/** The address of one import (`PAGES.import`): its dry run or its result. */
export const importHref = (id: string): string => `/imports/${encodeURIComponent(id)}`;

export const canOpen = (page: AppPage, roles: readonly Role[]): boolean => canCallAll(page.requires, roles);
