import { formatUsd, toDollars, type FieldChange, type Location } from '@bo/shared';
import type { OrderHeaderItem, StoredLine } from './entity';

/** What an order's change-log entries say: header fields by their labels, lines by SKU and batch. */

export const ORDER_FIELD_LABELS = {
  orderNum: 'Order number',
  orderStatus: 'Status',
  paymentStatus: 'Payment status',
  customerName: 'Customer',
  pickupOrder: 'Pickup',
  deliveryDate: 'Delivery date',
  driverId: 'Driver',
  packingLocationId: 'Packing location',
  notes: 'Notes',
  discountNotes: 'Discount note',
  dollarAdjustment: 'Discount',
  subtotal: 'Subtotal',
  unitQuantity: 'Units',
} as const;

/** A line's key in the change log: SKU and batch number. */
const lineKey = (l: StoredLine) => `${l.sku} · ${l.batchNumber ? `batch ${l.batchNumber}` : 'no batch'}`;

export function lineChanges(before: readonly StoredLine[], after: readonly StoredLine[]): FieldChange[] {
  const sum = (lines: readonly StoredLine[]) => {
    const m = new Map<string, { quantity: number; price: number }>();
    for (const l of lines) {
      const v = m.get(lineKey(l)) ?? { quantity: 0, price: l.priceCents };
      m.set(lineKey(l), { quantity: v.quantity + l.quantity, price: l.priceCents });
    }
    return m;
  };
  const prev = sum(before);
  const next = sum(after);
  const changes: FieldChange[] = [];
  for (const key of [...new Set([...prev.keys(), ...next.keys()])].sort()) {
    const p = prev.get(key);
    const n = next.get(key);
    if (p && n && p.quantity === n.quantity && p.price === n.price) continue;
    const describe = (v: { quantity: number; price: number }) => `${v.quantity} × ${formatUsd(v.price)}`;
    changes.push({
      name: 'Line',
      field: 'orderedItems',
      subfield: key,
      action: !p ? 'add' : !n ? 'remove' : 'update',
      ...(p ? { previousValue: describe(p) } : {}),
      ...(n ? { newValue: describe(n) } : {}),
    });
  }
  return changes;
}

/** Names the change log shows for ids: drivers by id, locations. */
export interface DisplayNames {
  drivers?: ReadonlyMap<string, string>;
  locations?: readonly Location[];
}

export const wireHeader = (h: Partial<OrderHeaderItem>, names: DisplayNames = {}): Record<string, unknown> => {
  const location = h.packingLocationId ? names.locations?.find((l) => String(l.id) === h.packingLocationId) : undefined;
  return {
    ...h,
    ...(h.driverId ? { driverId: names.drivers?.get(h.driverId) ?? h.driverId } : {}),
    ...(location ? { packingLocationId: location.name } : {}),
    ...(h.discountCents === undefined ? {} : { dollarAdjustment: toDollars(h.discountCents) }),
    ...(h.subtotalCents === undefined ? {} : { subtotal: toDollars(h.subtotalCents) }),
  };
};
