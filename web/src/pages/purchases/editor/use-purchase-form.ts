import { useMemo, type Dispatch, type SetStateAction } from 'react';
import {
  parseItemQuantity,
  purchaseOrderProblems,
  purchaseOrderTotals,
  restockQuantity,
  type PurchaseOrderItemInput,
  type PurchaseOrderTotals,
  type RestockMode,
} from '@bo/shared';
import { dayError } from '../../../components/date-window';
import type { RestockRow } from './restock-rows';

/**
 * The purchase-order editor's state: brand, expected delivery, notes, the selected products (a selected row
 * is a line) and each line's quantity as typed. Computations come from `shared/src/rules/purchasing/`.
 */
export interface PurchaseFormState {
  brandId: string | null;
  /** YYYY-MM-DD, or '' for none. */
  expectedDeliveryOn: string;
  notes: string;
  /** Selected SKUs, in the order they were picked. */
  selected: readonly string[];
  /** Quantity text per SKU (kept when a row is unselected, so reselecting restores it). */
  quantities: Readonly<Record<string, string>>;
}

export interface PurchaseLine {
  row: RestockRow;
  text: string;
  /** Whole units; null while empty (counts 0, not sent). */
  orderQuantity: number | null;
  error?: string;
}

export interface PurchaseForm {
  state: PurchaseFormState;
  setState: (update: (s: PurchaseFormState) => PurchaseFormState) => void;
  lines: PurchaseLine[];
  totals: PurchaseOrderTotals;
  /** What stops Submit (brand, an item with units, no bad quantity). */
  problems: string[];
  quantityOf: (sku: string) => number | null;
  setSelected: (skus: readonly string[]) => void;
  select: (sku: string) => void;
  /** Takes a product off the order (not a received line). */
  unselect: (sku: string) => void;
  setQuantity: (sku: string, text: string) => void;
  /** Sets whole-unit quantities (Fill To / Set To, Fill to limits). */
  setQuantities: (values: ReadonlyMap<string, number>) => void;
  applyRestock: (mode: RestockMode, target: number) => void;
}

const parsed = (text: string | undefined): { value: number | null; error?: string } => {
  const result = parseItemQuantity(text ?? '');
  return 'error' in result ? { value: null, error: result.error } : { value: result.value };
};

/** A selected product's quantity in `state` (null when unselected, empty or not a whole number). */
export const quantityIn = (state: Pick<PurchaseFormState, 'selected' | 'quantities'>, sku: string): number | null =>
  state.selected.includes(sku) ? parsed(state.quantities[sku]).value : null;

/** The form over state its dialog owns (the dialog reads the brand from it before the rows exist). */
export function usePurchaseForm(
  [state, setState]: [PurchaseFormState, Dispatch<SetStateAction<PurchaseFormState>>],
  rows: readonly RestockRow[],
): PurchaseForm {
  const bySku = useMemo(() => new Map(rows.map((r) => [r.sku, r])), [rows]);

  const lines = useMemo(
    () =>
      state.selected.flatMap((sku): PurchaseLine[] => {
        const row = bySku.get(sku);
        if (!row) return [];
        const text = state.quantities[sku] ?? '';
        const { value, error } = parsed(text);
        return [{ row, text, orderQuantity: value, ...(error ? { error } : {}) }];
      }),
    [state.selected, state.quantities, bySku],
  );
  const totals = useMemo(
    () => purchaseOrderTotals(lines.map((l) => ({ orderQuantity: l.orderQuantity, unitCost: l.row.unitCost }))),
    [lines],
  );
  const problems = useMemo(() => {
    const list = purchaseOrderProblems({ brandID: state.brandId, items: lines });
    const bad = lines.find((l) => l.error);
    if (bad) list.push(`${bad.row.name}: ${bad.error}`);
    const badDay = dayError('Expected delivery', state.expectedDeliveryOn);
    if (badDay) list.push(badDay);
    return list;
  }, [state.brandId, state.expectedDeliveryOn, lines]);

  const selectedSet = useMemo(() => new Set(state.selected), [state.selected]);
  const quantityOf = (sku: string) => (selectedSet.has(sku) ? parsed(state.quantities[sku]).value : null);

  // Received lines stay on the order with their quantity (see `RestockRow.received`).
  const received = (sku: string) => bySku.get(sku)?.received === true;
  const setSelected = (skus: readonly string[]) =>
    setState((s) => ({ ...s, selected: [...new Set([...skus, ...s.selected.filter(received)])] }));
  const select = (sku: string) =>
    setState((s) => (s.selected.includes(sku) ? s : { ...s, selected: [...s.selected, sku] }));
  const unselect = (sku: string) => {
    if (!received(sku)) setState((s) => ({ ...s, selected: s.selected.filter((x) => x !== sku) }));
  };
  const setQuantity = (sku: string, text: string) => {
    if (!received(sku)) setState((s) => ({ ...s, quantities: { ...s.quantities, [sku]: text } }));
  };
  const setQuantities = (values: ReadonlyMap<string, number>) =>
    setState((s) => {
      const quantities = { ...s.quantities };
      for (const [sku, value] of values) if (!received(sku)) quantities[sku] = String(value);
      return { ...s, quantities };
    });
  const applyRestock = (mode: RestockMode, target: number) =>
    setQuantities(new Map(lines.map((l) => [l.row.sku, restockQuantity(mode, target, l.row)])));

  return {
    state,
    setState,
    lines,
    totals,
    problems,
    quantityOf,
    setSelected,
    select,
    unselect,
    setQuantity,
    setQuantities,
    applyRestock,
  };
}

/**
 * The lines as the create and update bodies carry them (spec section 7). An empty quantity is not sent; the
 * product snapshot is sent as the spec's client does (the server refills it). `unitCost` only when known.
 */
export function purchaseItemsBody(lines: readonly PurchaseLine[], brandName: string): PurchaseOrderItemInput[] {
  return lines
    .filter((l) => l.orderQuantity !== null)
    .map(({ row, orderQuantity }) => ({
      productSku: row.sku,
      productName: row.name,
      productBrand: brandName,
      productType: row.type,
      productGenetics: row.genetics ?? null,
      productExtractType: row.extractType ?? null,
      productWeight: row.weight ?? null,
      orderQuantity: orderQuantity ?? 0,
      ...(row.unitCost !== undefined ? { unitCost: row.unitCost } : {}),
    }));
}
