import type { CommPref, CustomerType, OrderType } from '@bo/shared';
import { defineEntity } from '../core';

/** A customer. Credit in integer cents; `priceAdjustment` is a percentage, stored as given. */
export interface CustomerItem {
  customerId: string;
  customerName: string;
  image?: string;
  contactName?: string;
  contactEmail?: string;
  contactPhone?: string;
  contactTelegram?: string;
  address?: string;
  website?: string;
  commpref: CommPref;
  type: CustomerType;
  orderType: OrderType;
  accountOwnerID?: string;
  notes?: string;
  priceAdjustment: number;
  creditCents: number;
  /**
   * What the customer owes on submitted orders (the sum of their orders' `owedBalance`), kept by every order
   * and payment write in its own transaction (ADD of the change), so a credit-limit check at order entry can be
   * a condition on it (issue 23). Absent on customers stored before: `backfillCustomerOwed` sets it.
   */
  owedCents?: number;
  /** Issue 23: none = no limit. */
  creditLimitCents?: number;
  /** Issue 23: absent = DEFAULT_PAYMENT_TERMS_DAYS. */
  paymentTermsDays?: number;
  tgAccessCode?: string;
  autoRefreshPricing: boolean;
  customPricingCount: number;
  /** The optimistic lock of field edits and access-code refreshes (not of price writes). */
  version: number;
  createdAt: string;
  modifiedOn: string;
}

/**
 * Access patterns:
 * - primary: get one — pk customerId; shares its partition with the customer's custom prices
 *   (collection `customerPricing`: one Query reads a customer and every price it has).
 * - all (gsi1): every customer in one partition, sorted by name (sk customerName + customerId; keys are
 *   lower-cased, the exact en-US order is applied after the Query).
 * Invariants:
 * - `customPricingCount` changes only inside the custom-price transactions (ADD ±n beside the price items,
 *   which carry `attribute_not_exists`/version conditions), so it always equals the number of price items.
 */
export const customerEntity = defineEntity<CustomerItem>()({
  entity: 'customer',
  version: '1',
  primary: { pk: ['customerId'], sk: [], collection: 'customerPricing' },
  indexes: { all: { index: 'gsi1', pk: [], sk: ['customerName', 'customerId'] } },
});
