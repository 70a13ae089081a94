import type { ReactNode } from 'react';

/**
 * A table column's cell, drawn once per row object. Cloudscape's Table renders every cell again whenever it
 * renders (its own measurements just after it mounts, a selection, a resize, a column width); a cell that
 * returns the element it drew last time is skipped by React, with everything inside it. The rows come from
 * query data, so a changed row is a new object and is drawn anew. The cells must read only the row and what
 * they were made with: make them once, outside the component, or in a `useMemo` over what else they read.
 */
export function cachedCell<Row extends object>(draw: (row: Row) => ReactNode): (row: Row) => ReactNode {
  const drawn = new WeakMap<Row, ReactNode>();
  return (row) => {
    if (drawn.has(row)) return drawn.get(row);
    const cell = draw(row);
    drawn.set(row, cell);
    return cell;
  };
}

/** Every cell of a column map drawn once per row ({@link cachedCell}). */
export function cachedCells<Row extends object, Id extends string>(
  cells: Record<Id, (row: Row) => ReactNode>,
): Record<Id, (row: Row) => ReactNode> {
  return Object.fromEntries(
    Object.entries<(row: Row) => ReactNode>(cells).map(([id, draw]) => [id, cachedCell(draw)]),
  ) as Record<Id, (row: Row) => ReactNode>;
}
