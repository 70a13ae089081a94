import Badge, { type BadgeProps } from '@cloudscape-design/components/badge';
import { stockBadge, type StockBadge as StockLevel } from '@bo/shared';

export interface StockBadgeProps {
  stock: number;
  /** `catalog`: low under 10 (catalogue and stock-limit screens); `order`: low under 20 (order screens). */
  screen?: 'catalog' | 'order';
  /** Show the number with the level (default); false shows only the level word. */
  showCount?: boolean;
}

const LOOK: Record<StockLevel, { color: BadgeProps['color']; word: string; label: string }> = {
  OUT: { color: 'red', word: 'Out', label: 'Out of stock' },
  LOW: { color: 'severity-medium', word: 'Low', label: 'Low stock' },
  GOOD: { color: 'green', word: '', label: 'In stock' },
};

const count = new Intl.NumberFormat('en-US');
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A stock level with the thresholds of `stockBadge` (shared): OUT under 1, LOW under 10 (catalog) or 20
 * (order). A plain badge: cheap enough for every row of a large table.
 */
export default function StockBadge({ stock, screen = 'catalog', showCount = true }: StockBadgeProps) {
  const level = stockBadge(stock, screen);
  const { color, word, label } = LOOK[level];
  return (
    // One line always: '1 (Low)' must not break between the number and its level in a narrow cell.
    <span title={label} aria-label={`${showCount ? `${count.format(stock)} ` : ''}${label}`} role="img" style={NO_WRAP}>
      <Badge color={color}>{showCount ? `${count.format(stock)}${word ? ` (${word})` : ''}` : label}</Badge>
    </span>
  );
}
