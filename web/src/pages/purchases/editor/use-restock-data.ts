import { useMemo } from 'react';
import { onOrderUnits, type PurchaseOrder } from '@bo/shared';
import { useApiQuery } from '../../../api/hooks';
import { restockRows, type RestockRow } from './restock-rows';

/**
 * What the editor reads for a brand: the brand with its products and stock limits (`brands.getByID`, as Edit
 * Brand Stock Limits reads them) and the units already on open purchase orders (`purchases.getOnOrder`). An
 * edited order's own open units are not "on order" for itself: its quantities replace them.
 */
export function useRestockData(brandId: string | null, editing?: PurchaseOrder) {
  const brand = useApiQuery('brands.getByID', { params: { id: brandId ?? '-' } }, { enabled: brandId !== null });
  const onOrder = useApiQuery(
    'purchases.getOnOrder',
    { query: { brandId: brandId ?? undefined } },
    { enabled: brandId !== null },
  );

  const onOrderBySku = useMemo(() => {
    const units = new Map((onOrder.data ?? []).map((o) => [o.productSku, o.units]));
    if (editing)
      for (const [sku, own] of onOrderUnits(editing)) units.set(sku, Math.max(0, (units.get(sku) ?? 0) - own));
    return units;
  }, [onOrder.data, editing]);

  const rows: RestockRow[] = useMemo(
    () => (brand.data ? restockRows(brand.data.products, onOrderBySku, editing?.purchaseOrderItems) : []),
    [brand.data, onOrderBySku, editing],
  );

  return { brand, onOrder, onOrderBySku, rows };
}
export type RestockData = ReturnType<typeof useRestockData>;
