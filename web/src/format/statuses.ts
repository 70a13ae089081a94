import {
  PRODUCT_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PURCHASE_ORDER_STATUSES,
  type OrderStatus,
  type PaymentStatus,
  type ProductStatus,
  type PurchaseOrderStatus,
} from '@bo/shared';

/**
 * Status names as every list, picker, filter and the change log show them (spec section 4 gives the values;
 * these are their words). Pickers take their options from here too, so a status reads the same everywhere.
 */

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  DRAFT: 'Draft',
  RECEIVED: 'Received',
  FULFILLMENT: 'Fulfillment',
  PACKED: 'Packed',
  DELIVERED: 'Delivered',
  COMPLETED: 'Completed',
  REFUNDED: 'Refunded',
  CANCELLED: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  DRAFT: 'Draft',
  AWAITING: 'Awaiting',
  PENDING: 'Pending',
  PARTIAL: 'Partial',
  PAID: 'Paid',
  REFUNDED: 'Refunded',
  CANCELLED: 'Cancelled',
};

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  HIDDEN: 'Hidden',
  COMINGSOON: 'Coming soon',
  PROMO: 'Promo',
};

export const PURCHASE_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  DRAFT: 'Draft',
  PENDING: 'Pending',
  ORDERED: 'Ordered',
  RECEIVED: 'Received',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export const STATUS_LABELS = {
  order: ORDER_STATUS_LABELS,
  payment: PAYMENT_STATUS_LABELS,
  product: PRODUCT_STATUS_LABELS,
  purchaseOrder: PURCHASE_STATUS_LABELS,
} as const;
export type StatusKind = keyof typeof STATUS_LABELS;

/** A status value as words; a value this version does not know is shown as it came. */
export function formatStatus(kind: StatusKind, value: string): string {
  return (STATUS_LABELS[kind] as Record<string, string>)[value] ?? value;
}

const VALUES = {
  order: ORDER_STATUSES,
  payment: PAYMENT_STATUSES,
  product: PRODUCT_STATUSES,
  purchaseOrder: PURCHASE_ORDER_STATUSES,
} as const;

/** A picker's options in the display order of the spec, labelled as everywhere else. */
export const statusOptions = (kind: StatusKind): Array<{ value: string; label: string }> =>
  VALUES[kind].map((value) => ({ value, label: formatStatus(kind, value) }));
