import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PAGES } from '../access/pages';
import NotFoundPage from '../pages/NotFoundPage';
import type { RouteHandle } from './route-handle';

/** The signed-in frame loads only after sign-in, so the sign-in page stays small. */
const AppShell = lazy(() => import('./AppShell'));
const HomePage = lazy(() => import('../pages/home/HomePage'));
const UsersPage = lazy(() => import('../pages/users/UsersPage'));
const ProfilePage = lazy(() => import('../pages/profile/ProfilePage'));
const ProductsPage = lazy(() => import('../pages/products/ProductsPage'));
const ProductTagsPage = lazy(() => import('../pages/tags/ProductTagsPage'));
const BrandsPage = lazy(() => import('../pages/brands/BrandsPage'));
const InventoryOverviewPage = lazy(() => import('../pages/inventory/InventoryOverviewPage'));
const CustomersPage = lazy(() => import('../pages/customers/CustomersPage'));
const LocationsPage = lazy(() => import('../pages/locations/LocationsPage'));
const DocumentPage = lazy(() => import('../pages/documents/DocumentPage'));
const OrdersPage = lazy(() => import('../pages/orders/OrdersPage'));
const OrderPage = lazy(() => import('../pages/orders/OrderPage'));
const PurchaseOrdersPage = lazy(() => import('../pages/purchases/PurchaseOrdersPage'));
const PurchaseOrderPage = lazy(() => import('../pages/purchases/PurchaseOrderPage'));
const PaymentsPage = lazy(() => import('../pages/payments/PaymentsPage'));
const ReceivablesPage = lazy(() => import('../pages/payments/ReceivablesPage'));
const DeliveriesPage = lazy(() => import('../pages/deliveries/DeliveriesPage'));
const PayrollPage = lazy(() => import('../pages/payroll/PayrollPage'));
const MyCommissionPage = lazy(() => import('../pages/payroll/MyCommissionPage'));

/** The signed-in app's pages (each loads on first visit). */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage />, handle: { page: PAGES.home } satisfies RouteHandle },
      {
        path: 'users',
        element: <UsersPage />,
        handle: { title: 'Users', page: PAGES.users, contentType: 'table' } satisfies RouteHandle,
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
            handle: { page: PAGES.products, contentType: 'table' } satisfies RouteHandle,
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
        handle: { title: 'Brands', page: PAGES.brands, contentType: 'table' } satisfies RouteHandle,
      },
      {
        path: 'inventory',
        element: <InventoryOverviewPage />,
        handle: { title: 'Inventory overview', page: PAGES.inventory, contentType: 'default' } satisfies RouteHandle,
      },
      {
        path: 'customers',
        element: <CustomersPage />,
        handle: { title: 'Customers', page: PAGES.customers, contentType: 'table' } satisfies RouteHandle,
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
            handle: { page: PAGES.orders, contentType: 'table' } satisfies RouteHandle,
          },
          {
            path: ':orderNum',
            element: <OrderPage />,
            handle: { title: 'Order', page: PAGES.order, contentType: 'default' } satisfies RouteHandle,
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
            handle: { page: PAGES.purchases, contentType: 'table' } satisfies RouteHandle,
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
        handle: { title: 'Payments', page: PAGES.payments, contentType: 'table' } satisfies RouteHandle,
      },
      {
        path: 'receivables',
        element: <ReceivablesPage />,
        handle: { title: 'Receivables', page: PAGES.receivables, contentType: 'default' } satisfies RouteHandle,
      },
      {
        path: 'deliveries',
        element: <DeliveriesPage />,
        handle: { title: 'My deliveries', page: PAGES.deliveries, contentType: 'cards' } satisfies RouteHandle,
      },
      {
        path: 'payroll',
        element: <PayrollPage />,
        handle: { title: 'Payroll', page: PAGES.payroll, contentType: 'table' } satisfies RouteHandle,
      },
      {
        path: 'commission',
        element: <MyCommissionPage />,
        handle: { title: 'My commission', page: PAGES.commission, contentType: 'default' } satisfies RouteHandle,
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
