import { DEFAULT_PAYMENT_TERMS_DAYS, toDollars, type Customer } from '@bo/shared';
import { NotFoundError } from '../../domain';
import type { CustomerItem } from './entity';

/** Customers as the API returns them: credit in dollars (integer cents in the table). */

export const CUSTOMER_FIELD_LABELS = {
  customerName: 'Name',
  image: 'Image',
  contactName: 'Contact name',
  contactEmail: 'Contact email',
  contactPhone: 'Contact phone',
  contactTelegram: 'Telegram',
  address: 'Address',
  website: 'Website',
  commpref: 'Preferred contact',
  type: 'Customer type',
  orderType: 'Order type',
  accountOwnerID: 'Account owner',
  notes: 'Notes',
  priceAdjustment: 'Price adjustment',
  creditAvailable: 'Credit available',
  creditLimit: 'Credit limit',
  paymentTermsDays: 'Payment terms (days)',
  autoRefreshPricing: 'Automatic price refresh',
} as const;

export const customerNotFound = () => new NotFoundError('Customer not found');

export type Owner = { name: string } | undefined;

const OPTIONAL_TEXT = [
  'image',
  'contactName',
  'contactEmail',
  'contactPhone',
  'contactTelegram',
  'address',
  'website',
  'accountOwnerID',
  'notes',
  'tgAccessCode',
] as const;

/** The customer as the API returns it (dollars; empty optional texts left out; the owner's name joined). */
export function toCustomer(item: CustomerItem, owner?: Owner): Customer {
  const optional: Partial<Customer> = {};
  for (const key of OPTIONAL_TEXT) if (item[key]) optional[key] = item[key];
  return {
    id: item.customerId,
    customerName: item.customerName,
    ...optional,
    commpref: item.commpref,
    type: item.type,
    orderType: item.orderType,
    ...(owner ? { accountOwner: { name: owner.name } } : {}),
    priceAdjustment: item.priceAdjustment,
    creditAvailable: toDollars(item.creditCents),
    ...(item.creditLimitCents === undefined ? {} : { creditLimit: toDollars(item.creditLimitCents) }),
    paymentTermsDays: item.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
    autoRefreshPricing: item.autoRefreshPricing,
    customPricingCount: item.customPricingCount,
    createdAt: item.createdAt,
    modifiedOn: item.modifiedOn,
  };
}

/** The wire (dollar) view of the tracked fields, for change-log diffs. */
export const wireFields = (item: Partial<CustomerItem>): Record<string, unknown> => {
  const { creditCents, creditLimitCents: _limit, paymentTermsDays: _terms, owedCents: _owed, ...rest } = item;
  return { ...rest, ...(creditCents === undefined ? {} : { creditAvailable: toDollars(creditCents) }) };
};

/** The credit terms as an update's change log compares them (issue 23). */
export const termsFields = (item: Pick<CustomerItem, 'creditLimitCents' | 'paymentTermsDays'>) => ({
  creditLimit: item.creditLimitCents === undefined ? '' : toDollars(item.creditLimitCents),
  paymentTermsDays: item.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
});
