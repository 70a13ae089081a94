import type { RouteObject } from 'react-router-dom';
import { PAGES } from '../access/pages';
import NotFoundPage from '../pages/NotFoundPage';
import { lazyPage } from './lazy-page';
import type { RouteHandle } from './route-handle';

/** The signed-in frame loads only after sign-in, so the sign-in page stays small. */
const AppShell = lazyPage(() => import('./AppShell'));
const HomePage = lazyPage(() => import('../pages/home/HomePage'));
const UsersPage = lazyPage(() => import('../pages/users/UsersPage'));
const ProfilePage = lazyPage(() => import('../pages/profile/ProfilePage'));
const ProductsPage = lazyPage(() => import('../pages/products/ProductsPage'));
const ProductTagsPage = lazyPage(() => import('../pages/tags/ProductTagsPage'));
const BrandsPage = lazyPage(() => import('../pages/brands/BrandsPage'));
const InventoryOverviewPage = lazyPage(() => import('../pages/inventory/InventoryOverviewPage'));
const CustomersPage = lazyPage(() => import('../pages/customers/CustomersPage'));
const LocationsPage = lazyPage(() => import('../pages/locations/LocationsPage'));
const DocumentPage = lazyPage(() => import('../pages/documents/DocumentPage'));
const OrdersPage = lazyPage(() => import('../pages/orders/OrdersPage'));
const OrderPage = lazyPage(() => import('../pages/orders/OrderPage'));
const PurchaseOrdersPage = lazyPage(() => import('../pages/purchases/PurchaseOrdersPage'));
const PurchaseOrderPage = lazyPage(() => import('../pages/purchases/PurchaseOrderPage'));
const PaymentsPage = lazyPage(() => import('../pages/payments/PaymentsPage'));
const ReceivablesPage = lazyPage(() => import('../pages/payments/ReceivablesPage'));
const ReturnsPage = lazyPage(() => import('../pages/orders/returns/ReturnsPage'));
const DeliveriesPage = lazyPage(() => import('../pages/deliveries/DeliveriesPage'));
const DeliveryBoardPage = lazyPage(() => import('../pages/delivery-board/DeliveryBoardPage'));
const CollectionsPage = lazyPage(() => import('../pages/payments/collections/CollectionsPage'));
const PayrollPage = lazyPage(() => import('../pages/payroll/PayrollPage'));
const ImportsPage = lazyPage(() => import('../pages/imports/ImportsPage'));
const AccountingPage = lazyPage(() => import('../pages/accounting/AccountingPage'));
const MyCommissionPage = lazyPage(() => import('../pages/payroll/MyCommissionPage'));
const SalesReportPage = lazyPage(() => import('../pages/reports/SalesReportPage'));
const PurchasesReportPage = lazyPage(() => import('../pages/reports/PurchasesReportPage'));
const CommissionReportPage = lazyPage(() => import('../pages/reports/CommissionReportPage'));
const InventoryReportPage = lazyPage(() => import('../pages/reports/InventoryReportPage'));
const ReceivablesReportPage = lazyPage(() => import('../pages/reports/ReceivablesReportPage'));

/** The signed-in app's pages (each loads on first visit). */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    handle: { prefetch: 'shell' } satisfies RouteHandle,
    children: [
      { index: true, element: <HomePage />, handle: { page: PAGES.home } satisfies RouteHandle },
      {
        path: 'users',
        element: <UsersPage />,
        handle: {
          title: 'Users',
          page: PAGES.users,
          contentType: 'table',
          prefetch: 'users',
        } satisfies RouteHandle,
      },
      {
        path: 'profile',
        element: <ProfilePage />,
        handle: { title: 'Profile', page: PAGES.profile, contentType: 'form' } satisfies RouteHandle,
      },
      {
        path: 'products',
        handle: { title: 'Products', page: PAGES.products } satisfies RouteHandle,
        children: [
          {
            index: true,
            element: <ProductsPage />,
            handle: {
              page: PAGES.products,
              contentType: 'table',
              prefetch: 'products',
            } satisfies RouteHandle,
          },
          {
            path: 'tags',
            element: <ProductTagsPage />,
            handle: { title: 'Product tags', page: PAGES.productTags } satisfies RouteHandle,
          },
        ],
      },
      {
        path: 'brands',
        element: <BrandsPage />,
        handle: {
          title: 'Brands',
          page: PAGES.brands,
          contentType: 'table',
          prefetch: 'brands',
        } satisfies RouteHandle,
      },
      {
        path: 'inventory',
        element: <InventoryOverviewPage />,
        handle: {
          title: 'Inventory overview',
          page: PAGES.inventory,
          contentType: 'default',
          prefetch: 'inventory',
        } satisfies RouteHandle,
      },
      {
        path: 'customers',
        element: <CustomersPage />,
        handle: {
          title: 'Customers',
          page: PAGES.customers,
          contentType: 'table',
          prefetch: 'customers',
        } satisfies RouteHandle,
      },
      {
        path: 'locations',
        element: <LocationsPage />,
        handle: { title: 'Pickup locations', page: PAGES.locations, contentType: 'default' } satisfies RouteHandle,
      },
      {
        path: 'orders',
        // A driver opens orders from My deliveries and cannot list them: their crumb leads back there.
        handle: { title: 'Orders', page: PAGES.orders, otherwise: PAGES.deliveries } satisfies RouteHandle,
        children: [
          {
            index: true,
            element: <OrdersPage />,
            handle: { page: PAGES.orders, contentType: 'table', prefetch: 'orders' } satisfies RouteHandle,
          },
          {
            path: ':orderNum',
            element: <OrderPage />,
            handle: {
              title: 'Order',
              page: PAGES.order,
              contentType: 'default',
              prefetch: 'order',
            } satisfies RouteHandle,
          },
        ],
      },
      {
        path: 'purchases',
        handle: { title: 'Purchase orders', page: PAGES.purchases } satisfies RouteHandle,
        children: [
          {
            index: true,
            element: <PurchaseOrdersPage />,
            handle: { page: PAGES.purchases, contentType: 'table', prefetch: 'purchases' } satisfies RouteHandle,
          },
          {
            path: ':purchaseOrderNum',
            element: <PurchaseOrderPage />,
            handle: {
              title: 'Purchase order',
              page: PAGES.purchaseOrder,
              contentType: 'default',
            } satisfies RouteHandle,
          },
        ],
      },
      {
        path: 'payments',
        element: <PaymentsPage />,
        handle: {
          title: 'Payments',
          page: PAGES.payments,
          contentType: 'table',
          prefetch: 'payments',
        } satisfies RouteHandle,
      },
      {
        path: 'payments/collections',
        element: <CollectionsPage />,
        handle: { title: 'Collections', page: PAGES.collections, contentType: 'table' } satisfies RouteHandle,
      },
      {
        path: 'receivables',
        element: <ReceivablesPage />,
        handle: {
          title: 'Receivables',
          page: PAGES.receivables,
          contentType: 'default',
          prefetch: 'receivables',
        } satisfies RouteHandle,
      },
      {
        path: 'returns',
        element: <ReturnsPage />,
        handle: { title: 'Returns', page: PAGES.returns, contentType: 'table' } satisfies RouteHandle,
      },
      {
        path: 'deliveries',
        element: <DeliveriesPage />,
        handle: {
          title: 'My deliveries',
          page: PAGES.deliveries,
          contentType: 'cards',
          prefetch: 'deliveries',
        } satisfies RouteHandle,
      },
      {
        path: 'delivery-board',
        element: <DeliveryBoardPage />,
        handle: { title: 'Deliveries board', page: PAGES.deliveryBoard, contentType: 'default' } satisfies RouteHandle,
      },
      {
        path: 'payroll',
        element: <PayrollPage />,
        handle: {
          title: 'Payroll',
          page: PAGES.payroll,
          contentType: 'table',
          prefetch: 'payroll',
        } satisfies RouteHandle,
      },
      {
        path: 'commission',
        element: <MyCommissionPage />,
        handle: { title: 'My commission', page: PAGES.commission, contentType: 'default' } satisfies RouteHandle,
      },
      {
        path: 'accounting',
        element: <AccountingPage />,
        handle: { title: 'Accounting exports', page: PAGES.accounting, contentType: 'default' } satisfies RouteHandle,
      },
      {
        path: 'reports/sales',
        element: <SalesReportPage />,
        handle: { title: 'Sales report', page: PAGES.salesReport, contentType: 'default' } satisfies RouteHandle,
      },
      {
        path: 'reports/purchases',
        element: <PurchasesReportPage />,
        handle: {
          title: 'Purchasing report',
          page: PAGES.purchasesReport,
          contentType: 'default',
        } satisfies RouteHandle,
      },
      {
        path: 'reports/commission',
        element: <CommissionReportPage />,
        handle: {
          title: 'Commission report',
          page: PAGES.commissionReport,
          contentType: 'default',
        } satisfies RouteHandle,
      },
      {
        path: 'reports/inventory',
        element: <InventoryReportPage />,
        handle: {
          title: 'Inventory report',
          page: PAGES.inventoryReport,
          contentType: 'default',
        } satisfies RouteHandle,
      },
      {
        path: 'reports/receivables',
        element: <ReceivablesReportPage />,
        handle: {
          title: 'Receivables report',
          page: PAGES.receivablesReport,
          contentType: 'default',
        } satisfies RouteHandle,
      },
      {
        path: 'imports',
        handle: { title: 'Imports', page: PAGES.imports } satisfies RouteHandle,
        children: [
          {
            index: true,
            element: <ImportsPage />,
            handle: { page: PAGES.imports, contentType: 'default' } satisfies RouteHandle,
          },
          {
            path: ':id',
            element: <ImportsPage />,
            handle: { title: 'Import', page: PAGES.import, contentType: 'default' } satisfies RouteHandle,
          },
        ],
      },
      {
        path: 'documents/:folder/:fileName',
        element: <DocumentPage />,
        handle: { title: 'Document', page: PAGES.document, contentType: 'default' } satisfies RouteHandle,
      },
      {
        // The spec's `/documents/{fileName}`: an invoice.
        path: 'documents/:fileName',
        element: <DocumentPage />,
        handle: { title: 'Document', page: PAGES.document, contentType: 'default' } satisfies RouteHandle,
      },
      { path: '*', element: <NotFoundPage />, handle: { title: 'Not found' } satisfies RouteHandle },
    ],
  },
];
