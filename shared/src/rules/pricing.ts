import { canSeeCosts } from './redaction';
import { toCents, toDollars } from '../money';
import type { Role } from '../roles';
import type { CustomPrice, MarginRule, MarginScope } from '../schemas/customers';

/** Customer pricing rules (spec section 5, Customer pricing; the refresh formula is ours, see docs/customers-pricing.md). */

export const MARGIN_PREVIEW_PAGE_SIZE = 25;
export const MARGIN_MESSAGES = { empty: 'Please enter a value', invalid: 'Please enter a valid number' } as const;

/** The Set Margin value box: a number of 0 or more, or the spec's message. */
export function parseMarginValue(input: string): { value: number } | { error: string } {
  const trimmed = input.trim();
  if (trimmed === '') return { error: MARGIN_MESSAGES.empty };
  const value = Number(trimmed);
  if (!/^\d*\.?\d+$|^\d+\.$/.test(trimmed) || !Number.isFinite(value)) return { error: MARGIN_MESSAGES.invalid };
  return { value };
}

/** The reference price a margin rule starts from, in dollars; undefined when the product has none. */
export const marginReference = (
  product: { basePrice: number; cost?: number },
  basis: MarginRule['basis'],
): number | undefined => (basis === 'cost' ? product.cost : product.basePrice);

/** A margin applied to a reference price in dollars: ± a percentage of it or ± dollars; never below 0. Computed in cents. */
export function marginPrice(reference: number, rule: Pick<MarginRule, 'direction' | 'kind' | 'value'>): number {
  const ref = toCents(reference);
  const delta = rule.kind === '%' ? toCents((reference * rule.value) / 100) : toCents(rule.value);
  const cents = rule.direction === '+' ? ref + delta : ref - delta;
  return toDollars(Math.max(cents, 0));
}

export const inMarginScope = (product: { brandID: string; typeID: string }, scope: MarginScope): boolean => {
  if (scope.type === 'all') return true;
  const brandOk = !scope.brandIds?.length || scope.brandIds.includes(product.brandID);
  const typeOk = !scope.typeIds?.length || scope.typeIds.includes(product.typeID);
  return brandOk && typeOk;
};

export interface MarginPreviewRow {
  productId: string;
  /** The base price or cost the margin starts from; 0 when the product has none. */
  referencePrice: number;
  /** The margin price, or the base price for a skipped product. */
  newPrice: number;
  /** The reference price is 0: the product keeps its base price and is not written. */
  skipped: boolean;
}

/** The Set Margin preview: every product in scope, in the given order, with its new price. */
export function previewMargin<
  P extends { id: string; brandID: string; typeID: string; basePrice: number; cost?: number },
>(products: readonly P[], rule: MarginRule, scope: MarginScope): MarginPreviewRow[] {
  const rows: MarginPreviewRow[] = [];
  for (const p of products) {
    if (!inMarginScope(p, scope)) continue;
    const reference = marginReference(p, rule.basis) ?? 0;
    const skipped = toCents(reference) === 0;
    rows.push({
      productId: p.id,
      referencePrice: reference,
      newPrice: skipped ? p.basePrice : marginPrice(reference, rule),
      skipped,
    });
  }
  return rows;
}

type StoredPrice = Pick<CustomPrice, 'customPrice' | 'source' | 'rule' | 'referencePrice'>;

/**
 * The refresh formula. A margin price is recomputed from today's base price or cost (unchanged when that
 * reference is now 0 or missing). A fixed price whose product's base price moved since it was set moves by
 * the same dollar amount (never below 0). Anything else stays.
 */
export function proposeRefresh(price: StoredPrice, product: { basePrice: number; cost?: number }): number {
  if (price.source === 'margin' && price.rule?.value !== undefined) {
    const reference = marginReference(product, price.rule.basis);
    if (!reference || toCents(reference) === 0) return price.customPrice;
    return marginPrice(reference, { ...price.rule, value: price.rule.value });
  }
  if (price.source === 'fixed' && price.referencePrice !== undefined) {
    const moved = toCents(product.basePrice) - toCents(price.referencePrice);
    if (moved !== 0) return toDollars(Math.max(toCents(price.customPrice) + moved, 0));
  }
  return price.customPrice;
}

/** The reference to record when a refresh is applied: today's base price or cost under the price's own rule. */
export const refreshedReference = (
  price: StoredPrice,
  product: { basePrice: number; cost?: number },
): number | undefined =>
  price.source === 'margin' && price.rule ? marginReference(product, price.rule.basis) : product.basePrice;

export const isPendingUpdate = (current: number, proposed: number): boolean => toCents(current) !== toCents(proposed);

/** Refresh screens: the Current Price badge reads Custom when the price differs from the base price, else Base. */
export const isPriceCustomized = (customPrice: number, basePrice: number): boolean =>
  toCents(customPrice) !== toCents(basePrice);

/** Cost-based margins carry cost (the reference, and the value that derives it from the price): dropped unless the roles may see costs. */
export function redactCustomPrice<T extends Partial<StoredPrice>>(price: T, roles: readonly Role[]): T {
  if (canSeeCosts(roles) || price.rule?.basis !== 'cost') return price;
  const { referencePrice: _reference, ...rest } = price;
  const { value: _value, ...rule } = price.rule;
  return { ...rest, rule } as T;
}

/** May these roles price on cost? (Set Margin offers "cost" only to them; the API refuses it to the others.) */
export const mayPriceOnCost = canSeeCosts;

/** Spreadsheet export (spec section 9): more than 50 'IN STOCK', more than 1 'LOW', otherwise 'OUT'; of net stock. */
export type NetStockStatus = 'IN STOCK' | 'LOW' | 'OUT';
export const netStockStatus = (netStock: number): NetStockStatus =>
  netStock > 50 ? 'IN STOCK' : netStock > 1 ? 'LOW' : 'OUT';
export const netStock = (p: { stock: number; pendingOutboundQuantity?: number }): number =>
  p.stock - (p.pendingOutboundQuantity ?? 0);

export const CUSTOM_PRICING_SHEET = {
  sheetName: 'Custom Pricing',
  columns: [
    'Brand',
    'Name',
    'Type',
    'Genetics',
    'Extract Type',
    'Weight (g)',
    'Net Stock Status',
    'Unit Quantity',
    'Price ($)',
  ],
  fileName: (customerName: string) => `${customerName}_CustomPricingExport.xlsx`,
} as const;

/** The all-customers refresh lists customers by how many price changes they have pending, most first, then by name. */
export const byPendingChanges = <C extends { customerName: string; personalizedPricingList: readonly unknown[] }>(
  a: C,
  b: C,
): number =>
  b.personalizedPricingList.length - a.personalizedPricingList.length ||
  a.customerName.localeCompare(b.customerName, 'en-US');
