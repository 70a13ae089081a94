import type { Order, OrderItem } from '@bo/shared';

/** The driver's deliveries page: texts and the lines summary of a card. */

export const DELIVERIES_TEXT = {
  loading: 'Loading deliveries',
  error: 'Error loading deliveries',
  empty: 'No deliveries assigned to you',
  emptyDescription: 'Open delivery orders assigned to you appear here.',
  locationsError: 'Error Loading Locations',
} as const;

export interface LineSummary {
  sku: string;
  name: string;
  quantity: number;
}

/**
 * One entry per product (an order holds one line per batch of a SKU): name and total units, largest first
 * and then by name. Lines of 0 units are left out.
 */
export function summarizeLines(items: readonly OrderItem[]): LineSummary[] {
  const bySku = new Map<string, LineSummary>();
  for (const item of items) {
    if (item.quantity <= 0) continue;
    const entry = bySku.get(item.productSku);
    if (entry) entry.quantity += item.quantity;
    else bySku.set(item.productSku, { sku: item.productSku, name: item.productName, quantity: item.quantity });
  }
  return [...bySku.values()].sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name, 'en-US'));
}

/** How many product entries a card lists before "+N more". */
export const LINES_SHOWN = 5;

/** Earliest delivery first; orders without a date last; then by order number. */
export const byDeliveryDate = (a: Order, b: Order): number =>
  (a.deliveryDate ?? '9999').localeCompare(b.deliveryDate ?? '9999') ||
  a.orderNum.localeCompare(b.orderNum, 'en-US', { numeric: true });
