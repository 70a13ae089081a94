import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { pendingUntaggedByBatch, type Batch, type Brand, type Order, type Product } from '@bo/shared';
import { apiCall } from '../../../api/client';
import { apiQueryKey, useApiQuery } from '../../../api/hooks';
import { buildMenuIndex, type MenuIndex } from './menu-index';
import { batchedProductIds } from './order-batches';

/** Catalogue lists change rarely while an order is built: read them once per dialog. */
const CATALOG_STALE_MS = 5 * 60_000;

const EMPTY_PRICES: ReadonlyMap<string, number> = new Map();
const EMPTY_BRANDS: readonly Brand[] = [];

/**
 * The queries behind `useOrderData`, without what it derives from them. `catalogue: false` leaves the products
 * unasked until it turns true (an order's page asks when its product menu is about to open).
 */
function useOrderQueries(customerId: string | null, catalogue = true) {
  return {
    products: useApiQuery('products.getAll', {}, { staleTime: CATALOG_STALE_MS, enabled: catalogue }),
    brands: useApiQuery('brands.getAll', {}, { staleTime: CATALOG_STALE_MS }),
    types: useApiQuery('products.getProductTypes', {}, { staleTime: CATALOG_STALE_MS }),
    customers: useApiQuery('customers.getAll', {}, { staleTime: CATALOG_STALE_MS }),
    locations: useApiQuery('orders.getLocations', {}, { staleTime: CATALOG_STALE_MS }),
    drivers: useApiQuery('users.getDrivers', {}, { staleTime: CATALOG_STALE_MS }),
    pending: useApiQuery('orders.getPendingOrderItemsForTags', {}),
    pricing: useApiQuery(
      'customers.getCustomPricing',
      { params: { id: customerId ?? '' } },
      { enabled: Boolean(customerId) },
    ),
  };
}

/**
 * Whether everything an open order draws at once is here (or has failed): the lists `useOrderData` reads and the
 * batches of the order's lines. Asked for all at once before the editor is drawn, the editor draws once with all
 * of it, instead of once per answer, with each line's batch table replacing its loading state (and moving what
 * is below). Not the catalogue: thousands of products, read only by the product menu (its own loading state,
 * folded away on an order's page, which asks for them when the menu is about to open) and for lines added later.
 */
export function useOrderDataSettled(order: Order | undefined): boolean {
  const queries = useOrderQueries(order?.customerID ?? null, false);
  const productIds = useMemo(() => (order ? batchedProductIds(order) : []), [order]);
  const batches = useCartBatches(productIds);
  return (
    Object.entries(queries).every(([name, q]) => name === 'products' || !q.isPending || q.fetchStatus === 'idle') &&
    [...batches.values()].every((b) => b !== undefined)
  );
}

/**
 * The server state the order builder reads: the catalogue once, the customer's prices, brands, product types,
 * locations, drivers and the open orders' lines (for batch availability). The menu's index of the catalogue is
 * built by the menu (`useMenuIndex`), when it is first drawn.
 */
export function useOrderData(customerId: string | null, options: { exceptOrderId?: string; catalogue?: boolean } = {}) {
  const { products, brands, types, customers, locations, drivers, pending, pricing } = useOrderQueries(
    customerId,
    options.catalogue,
  );

  const brandList = brands.data?.res;

  /** Every product by SKU, menus or not (a loaded order may hold a product hidden since). */
  const productsBySku = useMemo(() => new Map((products.data ?? []).map((p) => [p.sku, p])), [products.data]);

  const prices = useMemo(
    () => (customerId && pricing.data ? new Map(pricing.data.map((p) => [p.productId, p.customPrice])) : EMPTY_PRICES),
    [customerId, pricing.data],
  );

  const pendingUntagged = useMemo(
    () => pendingUntaggedByBatch(pending.data ?? [], options.exceptOrderId),
    [pending.data, options.exceptOrderId],
  );

  return {
    products,
    brands,
    types,
    brandList: brandList ?? EMPTY_BRANDS,
    customers,
    locations,
    drivers,
    pending,
    pricing,
    productsBySku,
    prices,
    pendingUntagged,
  };
}

export type OrderData = ReturnType<typeof useOrderData>;

/** The catalogue indexed for the product menu (thousands of products: built only where the menu is drawn). */
export function useMenuIndex(data: OrderData): MenuIndex | undefined {
  const brandList = data.brands.data?.res;
  const typeList = data.types.data;
  const products = data.products.data;
  return useMemo(
    () =>
      products
        ? buildMenuIndex(products, {
            brands: brandList?.map((b) => ({ key: b.id, name: b.name })),
            types: typeList?.map((t) => ({ key: t.id, name: t.name })),
          })
        : undefined,
    [products, brandList, typeList],
  );
}

/** The batches (`orderBatches` of products/getByID) of the products in the cart, by product id. */
export function useCartBatches(productIds: readonly string[]): ReadonlyMap<string, Batch[] | undefined> {
  const ids = useMemo(() => [...new Set(productIds)].sort(), [productIds]);
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: apiQueryKey('products.getByID', { params: { id } }),
      queryFn: () => apiCall('products.getByID', { params: { id } }),
      staleTime: 10_000,
    })),
    combine: (results) => {
      const map = new Map<string, Batch[] | undefined>();
      results.forEach((r, i) =>
        map.set(ids[i]!, r.data ? ((r.data as Product).orderBatches ?? []) : r.isError ? [] : undefined),
      );
      return map;
    },
  });
}
