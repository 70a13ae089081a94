import {
  addCustomerBody,
  DEFAULT_PAYMENT_TERMS_DAYS,
  cleanPriceString,
  updateCustomerBody,
  type AddCustomerBody,
  type CommPref,
  type Customer,
  type CustomerType,
  type OrderType,
  type UpdateCustomerBody,
} from '@bo/shared';

/** The Add New Customer / Edit Customer form as its inputs hold it (strings, booleans). */
export interface CustomerFormValues {
  customerName: string;
  image: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  contactTelegram: string;
  address: string;
  website: string;
  commpref: CommPref;
  type: CustomerType;
  orderType: OrderType;
  accountOwnerID: string;
  notes: string;
  priceAdjustment: string;
  /** Edit only (spec: editable only when editing). */
  creditAvailable: string;
  /** Why the credit changes: an ADMIN's hand adjustment needs one (issue 23). */
  creditNote: string;
  /** Dollars; '' is no limit (issue 23). Edit only, ADMIN only. */
  creditLimit: string;
  /** Whole days (issue 23; default 30). Edit only, ADMIN only. */
  paymentTermsDays: string;
  autoRefreshPricing: boolean;
}
export type CustomerFormField = keyof CustomerFormValues;

/** Spec defaults: EMAIL, RETAIL, price adjustment 0; ours: DELIVERY, scheduled refreshes not applied. */
export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  customerName: '',
  image: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  contactTelegram: '',
  address: '',
  website: '',
  commpref: 'EMAIL',
  type: 'RETAIL',
  orderType: 'DELIVERY',
  accountOwnerID: '',
  notes: '',
  priceAdjustment: '0',
  creditAvailable: '0',
  creditNote: '',
  creditLimit: '',
  paymentTermsDays: String(DEFAULT_PAYMENT_TERMS_DAYS),
  autoRefreshPricing: false,
};

const termsOf = (c: Customer): number => c.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;

export const formFromCustomer = (c: Customer): CustomerFormValues => ({
  customerName: c.customerName,
  image: c.image ?? '',
  contactName: c.contactName ?? '',
  contactEmail: c.contactEmail ?? '',
  contactPhone: c.contactPhone ?? '',
  contactTelegram: c.contactTelegram ?? '',
  address: c.address ?? '',
  website: c.website ?? '',
  commpref: c.commpref,
  type: c.type,
  orderType: c.orderType,
  accountOwnerID: c.accountOwnerID ?? '',
  notes: c.notes ?? '',
  priceAdjustment: String(c.priceAdjustment),
  creditAvailable: c.creditAvailable.toFixed(2),
  creditNote: '',
  creditLimit: c.creditLimit === undefined ? '' : c.creditLimit.toFixed(2),
  paymentTermsDays: String(termsOf(c)),
  autoRefreshPricing: c.autoRefreshPricing,
});

const TEXT_FIELDS = [
  'customerName',
  'image',
  'contactName',
  'contactEmail',
  'contactPhone',
  'contactTelegram',
  'address',
  'website',
  'notes',
] as const;

/** A typed number: '' and non-numbers stay strings, so the schema reports them with its message. */
const toNumber = (input: string, money = false): number | string => {
  const cleaned = money ? cleanPriceString(input) : input.trim();
  if (cleaned === '') return input;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : input;
};

/** The body of `customers.addNew`: trimmed, empty optional fields left out. */
export function addBodyFromForm(values: CustomerFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value || field === 'customerName') body[field] = value;
  }
  body.commpref = values.commpref;
  body.type = values.type;
  body.orderType = values.orderType;
  if (values.accountOwnerID) body.accountOwnerID = values.accountOwnerID;
  body.priceAdjustment = values.priceAdjustment.trim() === '' ? 0 : toNumber(values.priceAdjustment);
  body.autoRefreshPricing = values.autoRefreshPricing;
  return body;
}

/** Only what differs from the saved customer (a cleared text field is sent as ''). */
export function customerChanges(customer: Customer, values: CustomerFormValues): Record<string, unknown> {
  const before = formFromCustomer(customer);
  const out: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value !== before[field].trim()) out[field] = value;
  }
  for (const field of ['commpref', 'type', 'orderType', 'autoRefreshPricing'] as const)
    if (values[field] !== before[field]) out[field] = values[field];
  // '' clears the owner.
  if (values.accountOwnerID !== before.accountOwnerID) out.accountOwnerID = values.accountOwnerID;
  const adjustment = toNumber(values.priceAdjustment);
  if (adjustment !== customer.priceAdjustment) out.priceAdjustment = adjustment;
  const credit = toNumber(values.creditAvailable, true);
  if (credit !== customer.creditAvailable) {
    out.creditAvailable = credit;
    out.creditNote = values.creditNote.trim();
  }
  // An emptied limit is sent as null (no limit); either is sent only when it changes.
  const limit = values.creditLimit.trim() === '' ? null : toNumber(values.creditLimit, true);
  if (limit !== (customer.creditLimit ?? null)) out.creditLimit = limit;
  const terms = toNumber(values.paymentTermsDays);
  if (terms !== termsOf(customer)) out.paymentTermsDays = terms;
  return out;
}

type Errors = Partial<Record<CustomerFormField, string>>;

const collect = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors => {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as CustomerFormField;
    if (field in EMPTY_CUSTOMER_FORM) errors[field] ??= issue.message;
  }
  return errors;
};

/** Validates with the shared schema ('Customer name is required', …): the body, or field errors. */
export function validateNew(
  values: CustomerFormValues,
): { body: AddCustomerBody; errors?: undefined } | { errors: Errors } {
  const parsed = addCustomerBody.safeParse(addBodyFromForm(values));
  return parsed.success ? { body: parsed.data } : { errors: collect(parsed.error.issues) };
}

export function validateChanges(
  changes: Record<string, unknown>,
): { body: UpdateCustomerBody; errors?: undefined } | { errors: Errors } {
  const parsed = updateCustomerBody.safeParse(changes);
  return parsed.success ? { body: parsed.data } : { errors: collect(parsed.error.issues) };
}
