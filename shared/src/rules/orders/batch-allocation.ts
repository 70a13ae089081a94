import type { Batch } from '../../schemas/catalog';
import { stockBadge, type StockBadge } from '../catalog';

/**
 * Batch allocation for one cart line (spec section 5, Orders; section 4, Cart).
 *
 * - Only checked-in batches give units, oldest `receivedOn` first, then lowest `remainingQuantity` first
 *   (then batch number and id, so the order is total and stable).
 * - What a batch can give this line (its availability) is its remaining quantity minus the units of it the
 *   cart's other lines already hold, minus the units of it held by other open orders whose tags are not
 *   pulled yet; never below 0.
 * - Auto mode fills the line's quantity from the batches in that order; what they cannot cover goes to the
 *   line with no batch (all of it when no batch is checked in).
 * - Manual mode takes the requested per-batch amounts, each capped the same way (and never more in total
 *   than the line's quantity); the rest goes to the line with no batch.
 *
 * Quantities are whole units; anything else is floored, and a negative or non-number quantity counts as 0.
 */

export const BATCH_MESSAGES = {
  exceedsAvailable: 'Quantity exceeds available tags',
  negative: 'Quantity cannot be negative',
  insufficient: 'Insufficient tags to fulfill current quantity',
  untagged: (units: number) => `Untagged units: ${units}`,
} as const;

export type BatchMode = 'auto' | 'manual';
export const DEFAULT_BATCH_MODE: BatchMode = 'auto';

export type AllocatableBatch = Pick<Batch, 'id' | 'batchNumber' | 'receivedOn' | 'isCheckedIn' | 'remainingQuantity'>;
/** Units per batch id. */
export type UnitsByBatch = Readonly<Record<string, number>>;

export interface AllocationInput {
  /** The line's quantity (the stepper). */
  quantity: number;
  /** The product's batches, in any order, checked in or not. */
  batches: readonly AllocatableBatch[];
  mode?: BatchMode;
  /** Manual mode: the amount asked of each batch. */
  requested?: UnitsByBatch;
  /** Units of each batch held by the cart's other lines (see `unitsByBatch`). */
  inCart?: UnitsByBatch;
  /** Units of each batch held by other open orders whose tags are not pulled (see `pendingUntaggedByBatch`). */
  pendingUntagged?: UnitsByBatch;
  /** The product is batch-tracked (`hasBatch`, default true). When false every unit is unbatched, silently. */
  hasBatch?: boolean;
}

export interface BatchAllocation {
  batchId: string;
  batchNumber: string;
  quantity: number;
}

export interface AllocationResult {
  /** Batches that give units (quantity above 0), in allocation order. */
  allocations: BatchAllocation[];
  /** Units that go to the line with no batch. */
  unbatched: number;
  /** Line-level messages: auto mode with units left untagged. */
  messages: string[];
  /** Manual mode: the message of each batch input whose request was refused or capped. */
  errors: Record<string, string>;
}

const units = (n: number | undefined): number => (typeof n === 'number' && Number.isFinite(n) ? Math.floor(n) : 0);
const whole = (n: number | undefined): number => Math.max(0, units(n));

const timeOf = (iso: string): number => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
};

/** Allocation order: oldest received first, then lowest remaining, then batch number, then id. */
export const compareBatchesForAllocation = (a: AllocatableBatch, b: AllocatableBatch): number =>
  timeOf(a.receivedOn) - timeOf(b.receivedOn) ||
  a.remainingQuantity - b.remainingQuantity ||
  a.batchNumber.localeCompare(b.batchNumber, 'en-US') ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The batches that may give units, in the order they give them. */
export const allocationOrder = <B extends AllocatableBatch>(batches: readonly B[]): B[] =>
  batches.filter((b) => b.isCheckedIn).sort(compareBatchesForAllocation);

/** What a batch can give this line: remaining − other cart lines − open orders' untagged units, at least 0. */
export const batchAvailable = (
  batch: AllocatableBatch,
  context: Pick<AllocationInput, 'inCart' | 'pendingUntagged'> = {},
): number =>
  batch.isCheckedIn
    ? Math.max(
        0,
        units(batch.remainingQuantity) - whole(context.inCart?.[batch.id]) - whole(context.pendingUntagged?.[batch.id]),
      )
    : 0;

/** The message of a manual batch input, or null when the value is fine. */
export function validateBatchInput(value: number, available: number): string | null {
  if (value < 0) return BATCH_MESSAGES.negative;
  if (value > Math.max(0, available)) return BATCH_MESSAGES.exceedsAvailable;
  return null;
}

/** Auto mode's messages when the batches cannot cover the quantity. */
export const insufficientTagMessages = (unbatched: number): string[] =>
  unbatched > 0 ? [BATCH_MESSAGES.insufficient, BATCH_MESSAGES.untagged(unbatched)] : [];

export function allocateBatches(input: AllocationInput): AllocationResult {
  const quantity = whole(input.quantity);
  const result: AllocationResult = { allocations: [], unbatched: quantity, messages: [], errors: {} };
  if (input.hasBatch === false) return result;
  const manual = (input.mode ?? DEFAULT_BATCH_MODE) === 'manual';
  const ordered = allocationOrder(input.batches);
  let left = quantity;
  for (const batch of ordered) {
    const available = batchAvailable(batch, input);
    let amount: number;
    if (manual) {
      const asked = units(input.requested?.[batch.id]);
      const error = validateBatchInput(asked, available);
      if (error) result.errors[batch.id] = error;
      amount = Math.min(Math.max(asked, 0), available, left);
    } else amount = Math.min(available, left);
    if (amount > 0) {
      result.allocations.push({ batchId: batch.id, batchNumber: batch.batchNumber, quantity: amount });
      left -= amount;
    }
  }
  if (manual) {
    // Requests for batches that are not checked in (or unknown) have nothing available.
    const usable = new Set(ordered.map((b) => b.id));
    for (const [batchId, asked] of Object.entries(input.requested ?? {})) {
      if (usable.has(batchId)) continue;
      const error = validateBatchInput(units(asked), 0);
      if (error) result.errors[batchId] = error;
    }
  }
  result.unbatched = left;
  if (!manual) result.messages = insufficientTagMessages(left);
  return result;
}

/** The selected (tagged) total of an allocation. */
export const allocatedTotal = (result: Pick<AllocationResult, 'allocations'>): number =>
  result.allocations.reduce((sum, a) => sum + a.quantity, 0);

/**
 * Manual mode: the amount a batch's checkbox fills in when checked: the smaller of the line's units not
 * tagged by the other batches and what the batch has available.
 */
export function checkboxFill(input: AllocationInput, batchId: string): number {
  const batch = input.batches.find((b) => b.id === batchId);
  if (!batch) return 0;
  const others = allocateBatches({ ...input, mode: 'manual', requested: { ...input.requested, [batchId]: 0 } });
  const untagged = whole(input.quantity) - allocatedTotal(others);
  return Math.max(0, Math.min(untagged, batchAvailable(batch, input)));
}

/** Batch inputs are disabled in auto mode and when the batch has nothing available for this line. */
export const isBatchInputDisabled = (mode: BatchMode, available: number): boolean => mode === 'auto' || available <= 0;

export interface BatchRow {
  batchId: string;
  batchNumber: string;
  receivedOn: string;
  remainingQuantity: number;
  /** What this line may take from the batch. */
  available: number;
  /** Availability colour: OUT (red) under 1, LOW (warning) under 20 (spec section 9). */
  badge: StockBadge;
  /** Units of this line tagged from the batch. */
  selected: number;
  disabled: boolean;
  error?: string;
}

/** The batch table of a cart line: checked-in batches in allocation order, with what each gives. */
export function batchRows(input: AllocationInput): BatchRow[] {
  const mode = input.mode ?? DEFAULT_BATCH_MODE;
  const result = allocateBatches(input);
  const selected = new Map(result.allocations.map((a) => [a.batchId, a.quantity]));
  return allocationOrder(input.batches).map((batch) => {
    const available = batchAvailable(batch, input);
    const row: BatchRow = {
      batchId: batch.id,
      batchNumber: batch.batchNumber,
      receivedOn: batch.receivedOn,
      remainingQuantity: batch.remainingQuantity,
      available,
      badge: stockBadge(available, 'order'),
      selected: selected.get(batch.id) ?? 0,
      disabled: isBatchInputDisabled(mode, available),
    };
    const error = result.errors[batch.id];
    if (error) row.error = error;
    return row;
  });
}

/** Units per batch held by some lines (lines with no batch are left out). */
export function unitsByBatch(
  lines: ReadonlyArray<{ productBatchId?: string | null; quantity: number }>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of lines)
    if (line.productBatchId) out[line.productBatchId] = (out[line.productBatchId] ?? 0) + whole(line.quantity);
  return out;
}

/**
 * Units per batch held by open orders whose tags are not pulled, from `getPendingOrderItemsForTags` rows.
 * The order being edited is left out (`exceptOrderId`): its lines are the cart.
 */
export const pendingUntaggedByBatch = (
  items: ReadonlyArray<{ orderID: string; productBatchId?: string | null; quantity: number; tagsPulled: boolean }>,
  exceptOrderId?: string,
): Record<string, number> => unitsByBatch(items.filter((i) => !i.tagsPulled && i.orderID !== exceptOrderId));
