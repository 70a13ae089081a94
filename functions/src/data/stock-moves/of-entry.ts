import type { ChangeLogItem } from '../change-log/entity';
import type { ProductMove } from './months';

/**
 * The month move of a stream history entry (stock-movements/entries.ts): net units (new − previous stock) and,
 * when stock went down on a sales order (an order with no `kind`: not a purchase order, not a return), the day.
 * Undefined for an entry without a stock change (pending outbound only) or one that moved nothing (a write-off).
 */
export function moveOfEntry(entry: ChangeLogItem): ProductMove | undefined {
  const stock = entry.changes.find((c) => c.field === 'stock');
  if (!stock) return undefined;
  const units = number(stock.newValue) - number(stock.previousValue);
  const sold = units < 0 && entry.order !== undefined && entry.order.kind === undefined;
  if (units === 0) return undefined;
  return { productId: entry.entityId, units, ...(sold ? { soldOn: entry.createdAt.slice(0, 10) } : {}) };
}

const number = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
