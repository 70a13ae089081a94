import {
  DASHBOARD_LIST_SIZE,
  byExpectedDate,
  purchaseDue,
  type DashboardPurchase,
  type InventorySection,
  type PurchasingSection,
} from '@bo/shared';
import { queryAll } from '../core';
import { purchaseOrderEntity } from '../purchases/entity';

/**
 * Purchase orders waiting for their delivery (ORDERED): one Query of the status's partition of the byStatus
 * index, all pages, headers projected to what a list shows. ORDERED is a working set (an order leaves it when
 * it is received or cancelled), so the read does not grow with history.
 */

const ATTRIBUTES = [
  'purchaseOrderId',
  'purchaseOrderNum',
  'brandID',
  'brandName',
  'orderPlacedOn',
  'expectedDeliveryOn',
  'orderStatus',
  'unstockedUnits',
] as const;

export async function orderedPurchases(today: string): Promise<DashboardPurchase[]> {
  const headers = await queryAll(
    purchaseOrderEntity,
    'byStatus',
    { orderStatus: 'ORDERED' },
    { attributes: ATTRIBUTES },
  );
  return headers
    .filter((h) => h.orderStatus === 'ORDERED')
    .map((h) => ({
      id: h.purchaseOrderId,
      purchaseOrderNum: h.purchaseOrderNum,
      brandId: h.brandID,
      brandName: h.brandName,
      orderPlacedOn: h.orderPlacedOn,
      expectedDeliveryOn: h.expectedDeliveryOn ?? null,
      units: Object.values(h.unstockedUnits ?? {}).reduce((sum, n) => sum + n, 0),
      due: purchaseDue(h.expectedDeliveryOn, today) ?? null,
    }))
    .sort(byExpectedDate);
}

/** Every ordered purchase order, the next expected first (INVENTORY receives them). */
export const toReceive = (ordered: readonly DashboardPurchase[]): InventorySection['toReceive'] => ({
  count: ordered.length,
  next: ordered.slice(0, DASHBOARD_LIST_SIZE),
});

/** The ordered purchase orders expected within the next days or late (PURCHASING chases them). */
export function purchasesDue(ordered: readonly DashboardPurchase[]): PurchasingSection['due'] {
  const due = ordered.filter((p) => p.due !== null);
  return {
    count: due.length,
    late: due.filter((p) => p.due === 'late').length,
    orders: due.slice(0, DASHBOARD_LIST_SIZE),
  };
}
