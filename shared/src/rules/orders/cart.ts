import type { CartLine } from '../../schemas/orders';
import { lineSubtotal } from './totals';

/**
 * The order builder's cart (spec sections 4 and 5): lines keyed by SKU and batch (`productBatchId`, null for
 * units with no batch).
 *
 * - Adding merges into the line with the same SKU and batch: quantities add up and the line takes the new
 *   line's cost; everything else of the existing line (its price, id, tags) stays.
 * - Adding units of a batch to a SKU that has a line with no batch: those unbatched units are assigned the
 *   batch only if they are not more than the requested quantity; the requested quantity then covers them
 *   (the unbatched line goes, the batch gets the requested units). When they are more, they stay as they
 *   are and the batch's units are added beside them.
 */

/** The fields the cart works on; other fields of a line travel along untouched. */
export type MergeableLine = Pick<CartLine, 'productSku' | 'productBatchId' | 'quantity' | 'unitPrice' | 'subtotal'> &
  Partial<Pick<CartLine, 'productCost'>>;

/** What identifies a cart line: its SKU and batch (no batch, a null batch and an empty batch id are the same). */
export type CartLineIdentity = { productSku: string; productBatchId?: string | null };

/** A cart line's identity as a string, for maps of lines (the API merges the lines it is sent by it). */
export const cartLineKey = (line: CartLineIdentity): string =>
  JSON.stringify([line.productSku, line.productBatchId || null]);

export const isSameCartLine = (a: CartLineIdentity, b: CartLineIdentity): boolean => cartLineKey(a) === cartLineKey(b);

/** How many units the Add button puts in: the product's unitQuantity (units per box), else 1. */
export const defaultAddQuantity = (product: { unitQuantity?: number | null }): number =>
  product.unitQuantity && product.unitQuantity >= 1 ? Math.floor(product.unitQuantity) : 1;

/** The unbatched-units rule: a batch is assigned to unbatched units only if they are no more than requested. */
export const assignsBatchToUnbatched = (unbatched: number, requested: number): boolean => unbatched <= requested;

const withQuantity = <L extends MergeableLine>(line: L, quantity: number, productCost = line.productCost): L => ({
  ...line,
  quantity,
  ...(productCost === undefined ? {} : { productCost }),
  subtotal: lineSubtotal({ quantity, unitPrice: line.unitPrice }),
});

/** The cart after adding a line (a new array; the lines given are not changed). */
export function addToCart<L extends MergeableLine>(lines: readonly L[], incoming: L): L[] {
  let next = [...lines];
  const batchId = incoming.productBatchId ?? null;
  if (batchId !== null) {
    const unbatched = next.find((l) => l.productSku === incoming.productSku && (l.productBatchId ?? null) === null);
    if (unbatched && assignsBatchToUnbatched(unbatched.quantity, incoming.quantity))
      next = next.filter((l) => l !== unbatched);
  }
  const at = next.findIndex((l) => isSameCartLine(l, incoming));
  if (at === -1) return [...next, withQuantity(incoming, incoming.quantity)];
  const existing = next[at] as L;
  next[at] = withQuantity(existing, existing.quantity + incoming.quantity, incoming.productCost);
  return next;
}

/** A new line made from another: no id of its own, tags not pulled. */
const freshCopy = <L extends MergeableLine>(template: L): L => {
  const copy: Record<string, unknown> = { ...template };
  delete copy.id;
  if ('tagsPulled' in copy) copy.tagsPulled = false;
  return copy as L;
};

/**
 * A SKU's lines after an allocation: one line per batch that gives units and one with no batch for the
 * rest (none when nothing is left). A batch that already had a line keeps that line (its id, its tags);
 * new ones are copies of `template` (any line of the SKU) without an id and with tags not pulled. Other
 * SKUs' lines keep their places; the SKU's lines go where its first line was (at the end when it had none).
 */
export function applyAllocation<L extends MergeableLine>(
  lines: readonly L[],
  template: L,
  allocation: { allocations: ReadonlyArray<{ batchId: string; quantity: number }>; unbatched: number },
): L[] {
  const sku = template.productSku;
  const existing = new Map(lines.filter((l) => l.productSku === sku).map((l) => [l.productBatchId ?? null, l]));
  const lineFor = (batchId: string | null, quantity: number): L =>
    withQuantity({ ...(existing.get(batchId) ?? freshCopy(template)), productBatchId: batchId }, quantity);
  const replacement = allocation.allocations.filter((a) => a.quantity > 0).map((a) => lineFor(a.batchId, a.quantity));
  if (allocation.unbatched > 0) replacement.push(lineFor(null, allocation.unbatched));
  const first = lines.findIndex((l) => l.productSku === sku);
  const others = lines.filter((l) => l.productSku !== sku);
  if (first === -1) return [...others, ...replacement];
  const before = lines.slice(0, first).filter((l) => l.productSku !== sku);
  return [...before, ...replacement, ...others.slice(before.length)];
}

/** The stepper's minus: one less, stopping at 1 (a typed 0 stays 0). */
export const decrementQuantity = (quantity: number): number => (quantity > 1 ? quantity - 1 : quantity);
export const incrementQuantity = (quantity: number): number => quantity + 1;

/** A typed quantity: a whole number of 0 or more, else null (the input keeps its previous value). */
export function parseQuantityInput(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** Submit, Save and Save as draft need a customer and a cart with at least one unit. */
export const canSaveOrder = (customerId: string | null | undefined, lines: ReadonlyArray<{ quantity: number }>) =>
  Boolean(customerId) && lines.some((l) => l.quantity > 0);
