import { ROLE_LABELS, USER_STATUS_LABELS, type ChangeLogEntry, type ENTITY_TYPES, type FieldChange } from '@bo/shared';
import { formatDateTime, formatDay } from '../format/dates';
import { formatMoney } from '../format/money';
import { formatStatus, type StatusKind } from '../format/statuses';
import { CUSTOMER_LABELS, GENETICS_LABELS, PAY_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '../format/labels';

/**
 * How a change-log value reads: as the rest of the app shows the same field (money as `$1,234.50`, statuses as
 * the pickers label them, dates in the app's one style, booleans as the words the screens use) and ids by the
 * names the server resolved (`previousName` / `newName`). Every entity's change log goes through here, so a field
 * the server logs as a number or an enum value needs a line in `FIELD_FORMATS`, or it shows raw.
 */

type EntityType = (typeof ENTITY_TYPES)[number];
type Value = FieldChange['newValue'];

type ValueFormat =
  | { kind: 'money' }
  | { kind: 'count' }
  | { kind: 'grams' }
  | { kind: 'percent' }
  | { kind: 'rate' }
  | { kind: 'amounts' }
  | { kind: 'day' }
  | { kind: 'status'; status: StatusKind }
  | { kind: 'words'; yes: string; no: string }
  | { kind: 'labels'; labels: Readonly<Record<string, string>> };

interface FieldFormat {
  /** The field's name when the stored one reads wrong with the formatted value (`Pickup: Delivery`). */
  label?: string;
  format: ValueFormat;
}

const money: FieldFormat = { format: { kind: 'money' } };
const count: FieldFormat = { format: { kind: 'count' } };
const day: FieldFormat = { format: { kind: 'day' } };
const status = (s: StatusKind): FieldFormat => ({ format: { kind: 'status', status: s } });
const words = (yes: string, no: string, label?: string): FieldFormat => ({
  ...(label ? { label } : {}),
  format: { kind: 'words', yes, no },
});
const labels = (l: Readonly<Record<string, string>>): FieldFormat => ({ format: { kind: 'labels', labels: l } });

/** The fields (by entity type and stored field key) whose values are not plain text. */
const FIELD_FORMATS: Partial<Record<EntityType, Readonly<Record<string, FieldFormat>>>> = {
  order: {
    orderStatus: status('order'),
    paymentStatus: status('payment'),
    pickupOrder: words('Pickup', 'Delivery', 'Delivery type'),
    deliveryDate: day,
    dollarAdjustment: money,
    subtotal: money,
    // A payment's effect on the orders it pays.
    balanceDue: money,
    unitQuantity: count,
  },
  purchaseOrder: {
    orderStatus: status('purchaseOrder'),
    paymentStatus: status('payment'),
    expectedDeliveryOn: day,
    unitQuantity: count,
    purchaseOrderItems: count,
    unitCost: money,
    hasBeenStocked: words('Received', 'Not received', 'Stocked'),
  },
  payment: {
    amount: money,
    paymentDate: day,
    paymentMethod: labels(PAYMENT_METHOD_LABELS),
    appliedTo: { format: { kind: 'amounts' } },
    customerCreditDeducted: money,
    customerCreditAdded: money,
  },
  payroll: {
    payType: labels(PAY_TYPE_LABELS),
    baseRate: money,
    hoursWorked: count,
    bonus: money,
    reimbursement: money,
    commission: money,
    commissionRate: { format: { kind: 'rate' } },
    ordersPaid: count,
  },
  product: {
    status: status('product'),
    genetics: labels(GENETICS_LABELS),
    weight: { format: { kind: 'grams' } },
    unitQuantity: count,
    stock: count,
    cost: money,
    basePrice: money,
    msrp: money,
    discountEligible: words('Eligible', 'Not eligible', 'Discount'),
    hasBatch: words('Batched', 'Not batched', 'Batches'),
    hideFromCatalog: words('Hidden', 'Visible', 'Catalog'),
  },
  brand: {
    excludeFromReporting: words('Excluded', 'Included', 'Reporting'),
    hideInInventoryOverview: words('Hidden', 'Shown', 'Inventory overview'),
  },
  customer: {
    type: labels(CUSTOMER_LABELS.type),
    commpref: labels(CUSTOMER_LABELS.commpref),
    orderType: labels(CUSTOMER_LABELS.orderType),
    priceAdjustment: { format: { kind: 'percent' } },
    creditAvailable: money,
    customPrice: money,
    autoRefreshPricing: words('On', 'Off'),
  },
  user: { role: labels(ROLE_LABELS), status: labels(USER_STATUS_LABELS) },
  location: { isDefault: words('Default', 'Not default') },
};

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** `1001: 250.00` in a list of what a payment paid per order. */
const ORDER_AMOUNT = /^(.*): (-?\d+(?:\.\d+)?)$/;

/** A value of a field with no format of its own: booleans as Yes / No, ISO dates in the app's style. */
function plain(value: Exclude<Value, undefined | null>): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return numbers.format(value);
  if (ISO_DAY.test(value)) return formatDay(value);
  if (ISO_INSTANT.test(value)) return formatDateTime(value);
  return value;
}

function formatted(value: Exclude<Value, undefined | null>, format: ValueFormat | undefined): string {
  if (!format) return plain(value);
  const n = typeof value === 'number' ? value : Number(value);
  switch (format.kind) {
    case 'money':
      return Number.isFinite(n) ? formatMoney(n) : String(value);
    case 'count':
      return Number.isFinite(n) ? numbers.format(n) : String(value);
    case 'grams':
      return Number.isFinite(n) ? `${numbers.format(n)} g` : String(value);
    case 'percent':
      return Number.isFinite(n) ? `${numbers.format(n)}%` : String(value);
    case 'rate':
      return Number.isFinite(n) ? `${numbers.format(n * 100)}%` : String(value);
    case 'amounts':
      return String(value)
        .split(', ')
        .map((part) => {
          const match = ORDER_AMOUNT.exec(part);
          return match ? `${match[1]}: ${formatMoney(Number(match[2]))}` : part;
        })
        .join(', ');
    case 'day':
      return typeof value === 'string' ? formatDay(value) : String(value);
    case 'status':
      return formatStatus(format.status, String(value));
    case 'words':
      return typeof value === 'boolean' ? (value ? format.yes : format.no) : plain(value);
    case 'labels':
      return format.labels[String(value)] ?? String(value);
  }
}

const EMPTY = '(empty)';

/** One value as shown: the resolved name of an id, else the value formatted for its field. */
export function changeValueText(entityType: string, change: FieldChange, side: 'previous' | 'new'): string {
  const name = side === 'new' ? change.newName : change.previousName;
  if (name) return name;
  const value = side === 'new' ? change.newValue : change.previousValue;
  if (value === undefined || value === null || value === '') return EMPTY;
  return formatted(value, FIELD_FORMATS[entityType as EntityType]?.[change.field]?.format);
}

/**
 * One field change as a line: `Field: prev → new` for an update, `Field: value` in a record's creation,
 * `Field: set to X` / `Field: cleared (was X)` when one side is empty, `Field: added X` / `Field: removed X`
 * for an element of a list (roles, assigned brands).
 */
export function describeChange(
  change: FieldChange,
  entityType: string = '',
  entryAction: ChangeLogEntry['action'] = 'update',
): string {
  const field = FIELD_FORMATS[entityType as EntityType]?.[change.field];
  const name = field?.label ?? change.name;
  const value = change.action === 'remove' ? change.previousValue : change.newValue;
  const isListItem = change.subfield !== undefined && change.action !== 'update' && change.subfield === String(value);
  const previous = changeValueText(entityType, change, 'previous');
  const next = changeValueText(entityType, change, 'new');
  if (isListItem) return `${name}: ${change.action === 'add' ? `added ${next}` : `removed ${previous}`}`;
  const label = change.subfield === undefined ? name : `${name} (${change.subfield})`;
  if (entryAction === 'create' && change.action === 'add') return `${label}: ${next}`;
  if (change.action === 'add') return `${label}: set to ${next}`;
  if (change.action === 'remove') return `${label}: cleared (was ${previous})`;
  return `${label}: ${previous} → ${next}`;
}
