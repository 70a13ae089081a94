import { lazy } from 'react';
import type { AppLayoutProps } from '@cloudscape-design/components/app-layout';
import type { RouteObject } from 'react-router-dom';
import NotFoundPage from '../pages/NotFoundPage';

/** What a route tells the shell: its breadcrumb and the AppLayout content type. */
export interface RouteHandle {
  title?: string;
  contentType?: AppLayoutProps.ContentType;
}

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
const DeliveriesPage = lazy(() => import('../pages/deliveries/DeliveriesPage'));

/** The signed-in app's pages (each loads on first visit). */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage />, handle: {} satisfies RouteHandle },
      { path: 'users', element: <UsersPage />, handle: { title: 'Users', contentType: 'table' } satisfies RouteHandle },
      {
        path: 'profile',
        element: <ProfilePage />,
        handle: { title: 'Profile', contentType: 'form' } satisfies RouteHandle,
      },
      {
        path: 'products',
        handle: { title: 'Products' } satisfies RouteHandle,
        children: [
          { index: true, element: <ProductsPage />, handle: { contentType: 'table' } satisfies RouteHandle },
          { path: 'tags', element: <ProductTagsPage />, handle: { title: 'Product tags' } satisfies RouteHandle },
        ],
      },
      {
        path: 'brands',
        element: <BrandsPage />,
        handle: { title: 'Brands', contentType: 'table' } satisfies RouteHandle,
      },
      {
        path: 'inventory',
        element: <InventoryOverviewPage />,
        handle: { title: 'Inventory overview', contentType: 'default' } satisfies RouteHandle,
      },
      {
        path: 'customers',
        element: <CustomersPage />,
        handle: { title: 'Customers', contentType: 'table' } satisfies RouteHandle,
      },
      {
        path: 'locations',
        element: <LocationsPage />,
        handle: { title: 'Pickup locations', contentType: 'default' } satisfies RouteHandle,
      },
      {
        path: 'orders',
        handle: { title: 'Orders' } satisfies RouteHandle,
        children: [
          { index: true, element: <OrdersPage />, handle: { contentType: 'table' } satisfies RouteHandle },
          {
            path: ':orderNum',
            element: <OrderPage />,
            handle: { title: 'Order', contentType: 'default' } satisfies RouteHandle,
          },
        ],
      },
      {
        path: 'deliveries',
        element: <DeliveriesPage />,
        handle: { title: 'My deliveries', contentType: 'cards' } satisfies RouteHandle,
      },
      {
        path: 'documents/:folder/:fileName',
        element: <DocumentPage />,
        handle: { title: 'Document', contentType: 'default' } satisfies RouteHandle,
      },
      {
        // The spec's `/documents/{fileName}`: an invoice.
        path: 'documents/:fileName',
        element: <DocumentPage />,
        handle: { title: 'Document', contentType: 'default' } satisfies RouteHandle,
      },
      { path: '*', element: <NotFoundPage />, handle: { title: 'Not found' } satisfies RouteHandle },
    ],
  },
];
