import {
  addToCart,
  allocateBatches,
  allocatedTotal,
  applyAllocation,
  batchRows,
  defaultAddQuantity,
  priceAdjustmentOf,
  stockHoldings,
  tagStatus,
  type AllocationInput,
  type AllocationResult,
  type Batch,
  type BatchMode,
  type BatchRow,
  type CartLine,
  type OrderItem,
  type OrderLineInput,
  type OrderStatus,
  type Product,
  type TagStatus,
  type UnitsByBatch,
} from '@bo/shared';

/**
 * The builder's cart: one item per SKU (what the user sees as a cart line: stepper, batch mode, tag status),
 * turned into order lines (one per batch plus one with no batch) by the shared rules: `allocateBatches`
 * decides the split, `applyAllocation` makes the lines (keeping a loaded line's id and tags), `addToCart`
 * merges a repeated Add. Everything here is pure; the components hold the items in state.
 */

export interface CartItem {
  sku: string;
  productId: string | undefined;
  brandId: string | undefined;
  /** The product snapshot every line of the item is made from (its price is the price charged). */
  template: CartLine;
  /** The stepper's value: units of the SKU over all its batches. */
  quantity: number;
  /** Undefined: a loaded item whose mode is worked out once its batches are known. */
  mode: BatchMode | undefined;
  /** Manual mode: what was typed per batch id (raw text, so a bad value can show its message). */
  requested: Readonly<Record<string, string>>;
  hasBatch: boolean;
  /** Edit: the item's lines as loaded. Kept as they are until the item is touched. */
  loaded?: CartLine[];
  touched: boolean;
}

/** The line every order line of a product is made from: the customer's price, no batch, tags not pulled. */
export function productLine(product: Product, unitPrice: number): CartLine {
  return {
    quantity: 0,
    unitPrice,
    priceAdjustment: priceAdjustmentOf(unitPrice, product.basePrice),
    subtotal: 0,
    productName: product.name,
    productId: product.id,
    productSku: product.sku,
    productBrand: product.brand?.name ?? '',
    productType: product.type?.name ?? '',
    ...(product.genetics ? { productGenetics: product.genetics } : {}),
    ...(product.extractType?.name ? { productExtractType: product.extractType.name } : {}),
    ...(product.weight !== undefined ? { productWeight: product.weight } : {}),
    ...(product.cost !== undefined ? { productCost: product.cost } : {}),
    productBatchId: null,
    shouldHaveTag: product.hasBatch !== false,
    tagsPulled: false,
  };
}

/** The price charged to a customer: their custom price where set, else the base price. */
export const priceFor = (product: Pick<Product, 'id' | 'basePrice'>, prices: ReadonlyMap<string, number>): number =>
  prices.get(product.id) ?? product.basePrice;

/**
 * The cart after an Add: `defaultAddQuantity` units (unitQuantity, else 1). A SKU already in the cart is
 * merged by `addToCart` (quantities add up, the new cost is taken) and its batches re-allocated.
 */
export function addProduct(items: readonly CartItem[], product: Product, unitPrice: number): CartItem[] {
  const incoming = { ...productLine(product, unitPrice), quantity: defaultAddQuantity(product) };
  const existing = items.find((i) => i.sku === product.sku);
  if (!existing) {
    const item: CartItem = {
      sku: product.sku,
      productId: product.id,
      brandId: product.brandID,
      template: incoming,
      quantity: incoming.quantity,
      mode: 'auto',
      requested: {},
      hasBatch: product.hasBatch !== false,
      touched: true,
    };
    return [...items, item];
  }
  const [merged] = addToCart([{ ...existing.template, quantity: existing.quantity }], incoming);
  return items.map((i) =>
    i === existing
      ? {
          ...i,
          productId: i.productId ?? product.id,
          brandId: i.brandId ?? product.brandID,
          quantity: merged!.quantity,
          template: {
            ...i.template,
            ...(merged!.productCost !== undefined ? { productCost: merged!.productCost } : {}),
          },
          touched: true,
        }
      : i,
  );
}

/** The cart items of a loaded order: one per SKU, its lines kept as loaded. */
export function itemsFromOrder(lines: readonly OrderItem[], productsBySku: ReadonlyMap<string, Product>): CartItem[] {
  const bySku = new Map<string, OrderItem[]>();
  for (const line of lines) bySku.set(line.productSku, [...(bySku.get(line.productSku) ?? []), line]);
  return [...bySku.entries()].map(([sku, skuLines]) => {
    const first = skuLines[0]!;
    const product = productsBySku.get(sku);
    const requested: Record<string, string> = {};
    for (const line of skuLines) if (line.productBatchId) requested[line.productBatchId] = String(line.quantity);
    return {
      sku,
      productId: product?.id ?? first.productId,
      brandId: product?.brandID,
      template: { ...first, quantity: 0, subtotal: 0, productBatchId: null, tagsPulled: false },
      quantity: skuLines.reduce((n, l) => n + l.quantity, 0),
      mode: Object.keys(requested).length === 0 ? 'auto' : undefined,
      requested,
      hasBatch: product ? product.hasBatch !== false : first.shouldHaveTag,
      loaded: skuLines.map((l) => ({ ...l })),
      touched: false,
    };
  });
}

/** A typed batch amount as a number: '' and non-numbers are 0, a minus sign is kept (its message shows). */
export const requestedUnits = (text: string | undefined): number => {
  const n = Number((text ?? '').trim());
  return text === undefined || text.trim() === '' || !Number.isFinite(n) ? 0 : Math.trunc(n);
};

export interface AllocationContext {
  /** The product's batches; undefined while they load. */
  batches: readonly Batch[] | undefined;
  /** Units per batch held by other open orders whose tags are not pulled. */
  pendingUntagged: UnitsByBatch;
  /** Units per batch held by the cart's other items (a batch belongs to one product, so usually none). */
  inCart?: UnitsByBatch;
}

export interface ItemView {
  item: CartItem;
  mode: BatchMode;
  input: AllocationInput;
  result: AllocationResult;
  rows: BatchRow[];
  lines: CartLine[];
  selected: number;
  tagStatus: TagStatus;
  batchesLoading: boolean;
}

const sameSplit = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if ((a[k] ?? 0) !== (b[k] ?? 0)) return false;
  return true;
};

/** What an item shows and the order lines it gives. */
export function viewItem(item: CartItem, context: AllocationContext): ItemView {
  const batches = context.batches ?? [];
  const requested: Record<string, number> = {};
  for (const [batchId, text] of Object.entries(item.requested)) requested[batchId] = requestedUnits(text);
  const base: AllocationInput = {
    quantity: item.quantity,
    batches,
    requested,
    inCart: context.inCart ?? {},
    pendingUntagged: context.pendingUntagged,
    hasBatch: item.hasBatch,
  };
  let mode: BatchMode = item.mode ?? 'manual';
  if (item.mode === undefined && context.batches) {
    // A loaded order whose split is what auto mode gives is in auto mode; otherwise someone chose it.
    const auto = allocateBatches({ ...base, mode: 'auto' });
    const autoSplit = Object.fromEntries(auto.allocations.map((a) => [a.batchId, a.quantity]));
    mode = sameSplit(autoSplit, requested) ? 'auto' : 'manual';
  }
  const input: AllocationInput = { ...base, mode };
  const result = allocateBatches(input);
  let lines: CartLine[];
  let selected: number;
  if (!item.touched && item.loaded) {
    lines = item.loaded;
    selected = item.loaded.reduce((n, l) => n + (l.productBatchId ? l.quantity : 0), 0);
  } else {
    lines = applyAllocation<CartLine>(item.loaded ?? [], item.template, result);
    selected = allocatedTotal(result);
  }
  return {
    item,
    mode,
    input,
    result,
    rows: item.hasBatch ? batchRows(input) : [],
    lines,
    selected,
    tagStatus: tagStatus(item.quantity, selected),
    batchesLoading: item.hasBatch && context.batches === undefined,
  };
}

/**
 * Edit: the batches as this order's own lines see them. Units the order has already taken off a batch
 * (pulled tags, or a delivered order) are given back, so the order can keep them.
 */
export function batchesForEdit(
  batches: readonly Batch[] | undefined,
  loadedStatus: OrderStatus | undefined,
  loadedLines: readonly OrderItem[],
): Batch[] | undefined {
  if (!batches || !loadedStatus) return batches ? [...batches] : undefined;
  const holdings = stockHoldings(loadedStatus, loadedLines);
  return batches.map((b) => {
    const taken = holdings.batches.get(b.id)?.taken ?? 0;
    return taken ? { ...b, remainingQuantity: b.remainingQuantity + taken } : b;
  });
}

/** The lines as the API takes them (spec section 7: products / orderItems). */
export const toLineInputs = (lines: readonly CartLine[]): OrderLineInput[] =>
  lines
    .filter((l) => l.quantity > 0)
    .map((l) => ({
      ...(l.id ? { id: l.id } : {}),
      ...(l.productId ? { productId: l.productId } : {}),
      productSku: l.productSku,
      productBatchId: l.productBatchId ?? null,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      tagsPulled: l.tagsPulled,
    }));

/** The brands in the cart, sorted: when this changes the packing location follows them. */
export const cartBrandKey = (items: readonly Pick<CartItem, 'brandId'>[]): string =>
  [...new Set(items.map((i) => i.brandId).filter(Boolean))].sort().join('|');

/** Lines compared for "unsaved changes": SKU, batch, quantity, price. */
export const linesSignature = (lines: readonly CartLine[]): string =>
  lines
    .filter((l) => l.quantity > 0)
    .map((l) => `${l.productSku}|${l.productBatchId ?? ''}|${l.quantity}|${l.unitPrice}|${l.tagsPulled ? 1 : 0}`)
    .sort()
    .join(';');
