import { groupPurchaseLines } from '../line-groups';
import { weightKey, weightLabel } from './restock-rows';
import type { PurchaseLine } from './use-purchase-form';

export interface PreviewGroup {
  type: string;
  weights: Array<{ key: string; label: string; lines: PurchaseLine[] }>;
}

/**
 * The preview's grouping (spec section 2): the same order as the page and the PDF (`groupPurchaseLines`:
 * types A→Z, weights light to heavy with no weight last, lines by name), nested by type for the preview.
 */
export function groupByTypeAndWeight(lines: readonly PurchaseLine[]): PreviewGroup[] {
  const groups = groupPurchaseLines(
    lines.map((line) => ({
      line,
      productType: line.row.type,
      productName: line.row.name,
      productSku: line.row.sku,
      productWeight: line.row.weight,
    })),
  );
  const byType = new Map<string, PreviewGroup>();
  for (const group of groups) {
    const preview = byType.get(group.type) ?? { type: group.type, weights: [] };
    byType.set(group.type, preview);
    preview.weights.push({
      key: weightKey(group.weight),
      label: weightLabel(group.weight),
      lines: group.lines.map((l) => l.line),
    });
  }
  return [...byType.values()];
}
