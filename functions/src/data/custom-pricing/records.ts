import { toDollars, type CustomPrice, type MarginRule, type PriceSource } from '@bo/shared';
import type { ProductItem } from '../products/entity';
import type { CustomPriceItem } from './entity';

/** Custom prices in the rules' and the API's terms (dollars; integer cents in the table). */

export interface PriceTarget {
  priceCents: number;
  source: PriceSource;
  rule?: MarginRule;
  referenceCents?: number;
}

/** A price as the API returns it (dollars). Handlers pass it through `redactCustomPrice` for the caller's roles. */
export const toCustomPrice = (item: CustomPriceItem): CustomPrice => ({
  productId: item.productId,
  customPrice: toDollars(item.priceCents),
  source: item.source,
  ...(item.rule ? { rule: { ...item.rule } } : {}),
  ...(item.referenceCents === undefined ? {} : { referencePrice: toDollars(item.referenceCents) }),
  dateUpdated: item.dateUpdated,
});

/** The rules' view of a stored price (dollars). */
export const storedPrice = (item: Pick<CustomPriceItem, 'priceCents' | 'source' | 'rule' | 'referenceCents'>) => ({
  customPrice: toDollars(item.priceCents),
  source: item.source,
  ...(item.rule ? { rule: item.rule } : {}),
  ...(item.referenceCents === undefined ? {} : { referencePrice: toDollars(item.referenceCents) }),
});

/** The rules' view of a product (dollars). */
export const productPrices = (item: ProductItem) => ({
  basePrice: toDollars(item.basePriceCents),
  ...(item.costCents === undefined ? {} : { cost: toDollars(item.costCents) }),
});

const sameRule = (a?: MarginRule, b?: MarginRule) =>
  a === b ||
  (!!a && !!b && a.direction === b.direction && a.kind === b.kind && a.basis === b.basis && a.value === b.value);

/** Whether a price already is what a change would make it (null: no price). */
export const isInPlace = (current: CustomPriceItem | undefined, next: PriceTarget | null) =>
  next === null
    ? current === undefined
    : current !== undefined &&
      current.priceCents === next.priceCents &&
      current.source === next.source &&
      sameRule(current.rule, next.rule) &&
      current.referenceCents === next.referenceCents;

export const describeRule = (rule: MarginRule) =>
  rule.basis === 'cost'
    ? // The change log is readable by every role: a cost margin's value would reveal the cost.
      'Margin on cost'
    : `Margin ${rule.direction}${rule.kind === '$' ? `$${rule.value.toFixed(2)}` : `${rule.value}%`} on base price`;
