import { weightKey, weightLabel } from './restock-rows';
import type { PurchaseLine } from './use-purchase-form';

export interface PreviewGroup {
  type: string;
  weights: Array<{ key: string; label: string; lines: PurchaseLine[] }>;
}

/** The preview's grouping (spec section 2): by type (by name), then by weight (lightest first), lines by name. */
export function groupByTypeAndWeight(lines: readonly PurchaseLine[]): PreviewGroup[] {
  const types = new Map<string, Map<string, { weight: number | undefined; lines: PurchaseLine[] }>>();
  for (const line of lines) {
    const weights = types.get(line.row.type) ?? new Map();
    types.set(line.row.type, weights);
    const key = weightKey(line.row.weight);
    const group = weights.get(key) ?? { weight: line.row.weight, lines: [] };
    weights.set(key, group);
    group.lines.push(line);
  }
  return [...types.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, weights]) => ({
      type,
      weights: [...weights.entries()]
        .sort(([, a], [, b]) => (a.weight ?? -1) - (b.weight ?? -1))
        .map(([key, g]) => ({
          key,
          label: weightLabel(g.weight),
          lines: [...g.lines].sort((a, b) => a.row.name.localeCompare(b.row.name)),
        })),
    }));
}
