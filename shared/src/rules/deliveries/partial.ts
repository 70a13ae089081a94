/**
 * A partial delivery (issue 26): the lines and quantities the customer did not take go back to stock through a
 * return of the order. Checked against the order's lines: each named line exists and no more is sent back than
 * the line holds (quantities of one line named twice add up).
 */
export interface DeliveredLine {
  id: string;
  sku: string;
  name: string;
  quantity: number;
}

export function notDeliveredProblem(
  lines: readonly DeliveredLine[],
  notDelivered: ReadonlyArray<{ lineId: string; quantity: number }>,
): string | undefined {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const asked = new Map<string, number>();
  for (const n of notDelivered) {
    const line = byId.get(n.lineId);
    if (!line) return `Line ${n.lineId} is not on this order`;
    const total = (asked.get(n.lineId) ?? 0) + n.quantity;
    if (total > line.quantity)
      return `Only ${line.quantity} of ${line.name} (${line.sku}) were on the order; ${total} cannot come back`;
    asked.set(n.lineId, total);
  }
  const all = lines.every((l) => (asked.get(l.id) ?? 0) >= l.quantity);
  if (lines.length > 0 && all) return 'Nothing was delivered: record it as refused instead';
  return undefined;
}

/** The return's lines for what was not delivered: units per SKU, in the order's line order. */
export function returnLinesOf(
  lines: readonly DeliveredLine[],
  notDelivered: ReadonlyArray<{ lineId: string; quantity: number }>,
): Array<{ productSku: string; quantity: number }> {
  const byLine = new Map<string, number>();
  for (const n of notDelivered) byLine.set(n.lineId, (byLine.get(n.lineId) ?? 0) + n.quantity);
  const bySku = new Map<string, number>();
  for (const l of lines) {
    const q = byLine.get(l.id);
    if (q) bySku.set(l.sku, (bySku.get(l.sku) ?? 0) + q);
  }
  return [...bySku].map(([productSku, quantity]) => ({ productSku, quantity }));
}
