/**
 * The restock box of New Purchase Order (spec section 5): a Fill To / Set To toggle, a quantity box and an
 * apply button that sets the order quantity of every selected product.
 */

export const RESTOCK_MODES = ['fillTo', 'setTo'] as const;
export type RestockMode = (typeof RESTOCK_MODES)[number];
/** The toggle starts on Fill To. */
export const DEFAULT_RESTOCK_MODE: RestockMode = 'fillTo';

/** A product's stock as the restock table reads it. */
export interface RestockStock {
  stock: number;
  pendingOutboundQuantity?: number;
}

/**
 * Fill To: order quantity = target − (stock − pending outbound), never below 0. A fractional target is
 * taken down to whole units, since item quantities are integers.
 */
export const fillToQuantity = (target: number, product: RestockStock): number =>
  Math.max(0, Math.floor(target) - (product.stock - (product.pendingOutboundQuantity ?? 0)));

/** Set To: the order quantity is the target, whatever the stock. */
export const setToQuantity = (target: number): number => Math.max(0, Math.floor(target));

export const restockQuantity = (mode: RestockMode, target: number, product: RestockStock): number =>
  mode === 'fillTo' ? fillToQuantity(target, product) : setToQuantity(target);

/**
 * The quantity box applies only a non-empty number of at least 0 (spec section 5); otherwise the apply
 * button stays disabled and nothing changes.
 */
export function parseRestockTarget(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? input : null;
  const text = (input ?? '').trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
export const canApplyRestock = (input: string | number | null | undefined): boolean =>
  parseRestockTarget(input) !== null;

/**
 * An item's quantity box (spec section 5): whole units; empty is allowed while editing (`value` null, which
 * counts as 0 and is not sent). Anything else is an error to show beside the box.
 */
export function parseItemQuantity(input: string): { value: number | null } | { error: string } {
  const text = input.trim();
  if (text === '') return { value: null };
  if (/^-\d/.test(text)) return { error: 'Quantity cannot be negative' };
  if (!/^\d+$/.test(text)) return { error: 'Quantity must be a whole number' };
  const value = Number(text);
  return Number.isSafeInteger(value) ? { value } : { error: 'Quantity is too large' };
}
