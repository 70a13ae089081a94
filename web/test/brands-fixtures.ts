import type { Brand, Product } from '@bo/shared';
import { makeSession } from './helpers';

export const ADMIN = makeSession({ userId: 'u-admin', email: 'ada@example.com', name: 'Ada Admin', roles: ['ADMIN'] });
export const INVENTORY = makeSession({ userId: 'u-inv', name: 'Ivy Inventory', roles: ['INVENTORY'] });
export const SALES = makeSession({ userId: 'u-sales', name: 'Sam Sales', roles: ['SALES'] });

const STAMP = '2025-03-04T05:06:07.000Z';

export const makeBrand = (overrides: Partial<Brand> = {}): Brand => ({
  id: 'b-1',
  name: 'Acme',
  skucode: 'ACM',
  brandRepName: 'Rita Rep',
  brandRepEmail: 'rita@acme.test',
  brandRepPhone: '555-0100',
  excludeFromReporting: false,
  maxBrandStock: null,
  MaxProductStock: [],
  hideInInventoryOverview: false,
  createdAt: STAMP,
  modifiedOn: STAMP,
  ...overrides,
});

export const makeProduct = (overrides: Partial<Product> = {}): Product => ({
  id: 'p-1',
  sku: 'ACM-FLO-0001',
  brandID: 'b-1',
  brand: { name: 'Acme' },
  name: 'Blue Dream',
  typeID: 't-flower',
  type: { name: 'Flower' },
  productLineIDs: [],
  status: 'ACTIVE',
  weight: 3.5,
  stock: 10,
  pendingOutboundQuantity: 0,
  basePrice: 20,
  discountEligible: true,
  hasBatch: true,
  hideFromCatalog: false,
  createdAt: STAMP,
  modifiedOn: STAMP,
  ...overrides,
});

/** Loads my pages and dialogs up front so a test does not wait for their first transform. */
export async function preloadCatalogModules(): Promise<void> {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/home/HomePage'),
    import('../src/pages/brands/BrandsPage'),
    import('../src/pages/brands/AddBrandModal'),
    import('../src/pages/brands/EditBrandsModal'),
    import('../src/pages/brands/AddProductTypeModal'),
    import('../src/pages/brands/EditProductTypeModal'),
    import('../src/pages/brands/AddExtractTypeModal'),
    import('../src/pages/brands/EditBrandStockLimitsModal'),
    import('../src/pages/brands/ManageBrandCatalogModal'),
    import('../src/pages/inventory/InventoryOverviewPage'),
    import('../src/components/ImageSelectionModal'),
    import('../src/components/ConfirmationModal'),
  ]);
}
