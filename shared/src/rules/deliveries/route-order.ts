/**
 * The order a driver drives their stops in (issue 26). The driver's saved order comes first; stops it does not
 * name (assigned after it was saved) follow, earliest delivery date first, then by order number. Ids saved
 * for stops that are gone (delivered on another day, reassigned) are skipped.
 */
export interface RoutableStop {
  orderId: string;
  orderNum: string;
  deliveryDate?: string | undefined;
}

export function routeOrder<S extends RoutableStop>(stops: readonly S[], saved: readonly string[] = []): S[] {
  const place = new Map(saved.map((id, i) => [id, i]));
  return [...stops].sort((a, b) => {
    const pa = place.get(a.orderId);
    const pb = place.get(b.orderId);
    if (pa !== undefined || pb !== undefined) {
      if (pa === undefined) return 1;
      if (pb === undefined) return -1;
      return pa - pb;
    }
    return (a.deliveryDate ?? '').localeCompare(b.deliveryDate ?? '') || a.orderNum.localeCompare(b.orderNum);
  });
}

/** The ids after moving the one at `from` to `to` (drag and drop, or up and down by one). */
export function moveStop(ids: readonly string[], from: number, to: number): string[] {
  if (from < 0 || from >= ids.length || to < 0 || to >= ids.length || from === to) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The ids of a new route order that are not among the driver's stops (the API refuses them). */
export const foreignStops = (orderIds: readonly string[], mine: ReadonlySet<string>): string[] =>
  orderIds.filter((id) => !mine.has(id));
