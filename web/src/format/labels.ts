import {
  GENETICS,
  type CommPref,
  type CustomerType,
  type Genetics,
  type OrderType,
  type PaymentMethod,
  type PayType,
} from '@bo/shared';

/** Words for the other enumerations of the spec (section 3), as forms, lists and the change log show them. */

/** Spec section 9: Cash, Check, Card (default CASH). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { CASH: 'Cash', CHECK: 'Check', CARD: 'Card' };

export const PAY_TYPE_LABELS: Record<PayType, string> = { HOURLY: 'Hourly', SALARY: 'Salary' };

export const GENETICS_LABELS: Record<Genetics, string> = { INDICA: 'Indica', SATIVA: 'Sativa', HYBRID: 'Hybrid' };
/** The genetics pickers' and filters' options, in the spec's order. */
export const GENETICS_OPTIONS = GENETICS.map((g) => ({ value: g, label: GENETICS_LABELS[g] }));

export const CUSTOMER_LABELS = {
  type: { WHOLESALE: 'Wholesale', RETAIL: 'Retail', VIP: 'VIP' } satisfies Record<CustomerType, string>,
  commpref: { EMAIL: 'Email', PHONE: 'Phone', TEXT: 'Text', TELEGRAM: 'Telegram' } satisfies Record<CommPref, string>,
  orderType: { DELIVERY: 'Delivery', PICKUP: 'Pickup' } satisfies Record<OrderType, string>,
} as const;

/** A property-filter value (one or a list) as words: enum values through their labels, joined by commas. */
export const joinLabels =
  <T extends string>(labels: Record<T, string>) =>
  (value: unknown): string =>
    (Array.isArray(value) ? value : [value]).map((v) => labels[v as T] ?? String(v)).join(', ');
