import type { Genetics, PurchaseOrderItem } from '@bo/shared';
import { GENETICS_LABELS } from '../../format/labels';

/** Purchase-order lines grouped by product type and weight, as the preview, the page and the PDF show them. */

export type GroupableLine = Pick<PurchaseOrderItem, 'productType' | 'productName' | 'productSku'> &
  Partial<Pick<PurchaseOrderItem, 'productWeight'>>;

export interface PurchaseLineGroup<L extends GroupableLine> {
  key: string;
  type: string;
  weight?: number;
  /** `Flower · 3.5 g`, or the type alone for lines without a weight. */
  label: string;
  lines: L[];
}

const weightText = (grams: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(grams)} g`;

export const groupLabel = (type: string, weight?: number): string =>
  weight === undefined ? type : `${type} · ${weightText(weight)}`;

const byWeight = (a: number | undefined, b: number | undefined): number =>
  a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : a - b;

/** Types A→Z, then weights from light to heavy (no weight last); lines by product name, then SKU. */
export function groupPurchaseLines<L extends GroupableLine>(lines: readonly L[]): PurchaseLineGroup<L>[] {
  const groups = new Map<string, PurchaseLineGroup<L>>();
  for (const line of lines) {
    const type = line.productType || 'Other';
    const weight = line.productWeight ?? undefined;
    const key = `${type}|${weight ?? ''}`;
    const group = groups.get(key) ?? { key, type, weight, label: groupLabel(type, weight), lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  for (const group of groups.values())
    group.lines.sort(
      (a, b) => a.productName.localeCompare(b.productName, 'en-US') || a.productSku.localeCompare(b.productSku),
    );
  return [...groups.values()].sort((a, b) => a.type.localeCompare(b.type, 'en-US') || byWeight(a.weight, b.weight));
}

/** Genetics and extract type under the product's name, e.g. `Hybrid · Live resin`. */
export const lineDetail = (line: Partial<Pick<PurchaseOrderItem, 'productGenetics' | 'productExtractType'>>): string =>
  [
    line.productGenetics ? (GENETICS_LABELS[line.productGenetics as Genetics] ?? line.productGenetics) : '',
    line.productExtractType,
  ]
    .filter(Boolean)
    .join(' · ');
