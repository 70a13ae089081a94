import { isOnMenus } from '../catalog';
import type { ProductStatus } from '../../schemas/catalog';
import { limitGroupsOf, limitOf, type LimitBrand, type LimitGroup, type LimitProduct } from './limits';

/**
 * "Fill to limits" (beyond the spec): order each selected product up to the stock limits of its brand, in
 * one click, without double-ordering.
 *
 * - A product's projected stock is stock − pending outbound + units on open purchase orders (`onOrder`, not
 *   counting the order being built, whose quantities this replaces).
 * - A group's usage is the sum of its products' projected stock (each counted from 0: an oversold product
 *   does not make room for others); its room is limit − usage, never below 0. Every product of the brand on
 *   the menus counts, selected or not; INACTIVE and HIDDEN products neither count nor get ordered.
 * - A selected product gets its shortfall (what pending orders need beyond stock and on order, as Fill To
 *   would) plus a share of the room. The share never takes any group holding the product over its limit:
 *   its weight limit, its type limit and the brand limit alike. A product under no limit gets nothing.
 * - Room shared by several selected products (a brand limit across the brand's products, or a type limit
 *   across its weights) is shared by water-filling: the product with the least projected stock is raised
 *   first, then the products level up together; units that cannot be split evenly go in SKU order.
 * Running it again with the result counted as on order orders nothing more.
 */

export type FillToLimitsProduct = LimitProduct & {
  sku: string;
  stock: number;
  pendingOutboundQuantity?: number;
  status?: ProductStatus;
  /** Units on open purchase orders (see `onOrderUnits`). */
  onOrder?: number;
};

export interface FillToLimitsLine {
  sku: string;
  orderQuantity: number;
  /** The product's limit (weight, else type, else brand), or null when none is set. */
  limit: LimitGroup | null;
}

interface Slot {
  sku: string;
  level: number;
  groups: Room[];
  added: number;
  frozen: boolean;
}
interface Room {
  room: number;
}

const projected = (p: FillToLimitsProduct): number => p.stock - (p.pendingOutboundQuantity ?? 0) + (p.onOrder ?? 0);
const bySku = (a: { sku: string }, b: { sku: string }) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);

/** Units needed to bring every active slot up to `target`, per group, fit in each group's room. */
function fits(active: readonly Slot[], target: number): boolean {
  const need = new Map<Room, number>();
  for (const slot of active) {
    const add = target - slot.level - slot.added;
    if (add <= 0) continue;
    for (const g of slot.groups) {
      const total = (need.get(g) ?? 0) + add;
      if (total > g.room) return false;
      need.set(g, total);
    }
  }
  return true;
}

/**
 * Raises the slots' levels together while every group has room. Each round ends with a group out of room
 * (or a slot blocked by one), whose slots are frozen at the next round's start: at most one round per slot.
 */
function waterFill(slots: readonly Slot[]): void {
  for (let round = 0; round <= slots.length; round++) {
    for (const slot of slots) if (!slot.frozen && slot.groups.some((g) => g.room <= 0)) slot.frozen = true;
    const active = slots.filter((s) => !s.frozen);
    if (active.length === 0) return;
    const levels = active.map((s) => s.level + s.added);
    let low = Math.min(...levels);
    let high = Math.max(...levels) + Math.max(...active.flatMap((s) => s.groups.map((g) => g.room))) + 1;
    while (high - low > 1) {
      const mid = low + Math.floor((high - low) / 2);
      if (fits(active, mid)) low = mid;
      else high = mid;
    }
    for (const slot of active) {
      const add = Math.max(0, low - slot.level - slot.added);
      slot.added += add;
      for (const g of slot.groups) g.room -= add;
    }
    // One more level does not fit everyone: what room is left goes one unit each, in SKU order.
    for (const slot of active) {
      if (slot.level + slot.added === low && slot.groups.every((g) => g.room > 0)) {
        slot.added += 1;
        for (const g of slot.groups) g.room -= 1;
      }
    }
  }
}

/** A limit and the projected stock of the products it holds (see the rules above). */
export interface LimitUsage {
  group: LimitGroup;
  usage: number;
}

const isLive = (p: FillToLimitsProduct) => p.status === undefined || isOnMenus({ status: p.status });

/** The products that count, the limits holding each, and every limit's usage (by key). */
function limitUsage(brand: LimitBrand, products: readonly FillToLimitsProduct[]) {
  const live = products.filter(isLive);
  const usage = new Map<string, LimitUsage>();
  const groupsOf = new Map<FillToLimitsProduct, LimitGroup[]>();
  for (const p of live) {
    const groups = limitGroupsOf(brand, p);
    groupsOf.set(p, groups);
    for (const group of groups) {
      const entry = usage.get(group.key) ?? { group, usage: 0 };
      entry.usage += Math.max(0, projected(p));
      usage.set(group.key, entry);
    }
  }
  return { live, groupsOf, usage };
}

/**
 * Why Fill to limits ordered nothing for some selected products: the limits holding them that are already
 * reached before anything is ordered (usage at or over the limit), most specific first, each once. A product
 * left at 0 only because other selected products took the room it shared is not explained here.
 */
export function reachedLimits(
  brand: LimitBrand,
  products: readonly FillToLimitsProduct[],
  lines: readonly FillToLimitsLine[],
): Array<LimitUsage & { skus: string[] }> {
  const { live, groupsOf, usage } = limitUsage(brand, products);
  const bySku = new Map(live.map((p) => [p.sku, p]));
  const reached = new Map<string, LimitUsage & { skus: string[] }>();
  for (const line of lines) {
    const product = bySku.get(line.sku);
    if (line.orderQuantity > 0 || !product) continue;
    for (const group of groupsOf.get(product) ?? []) {
      const used = usage.get(group.key)!;
      if (used.usage < group.limit) continue;
      const entry = reached.get(group.key) ?? { ...used, skus: [] };
      entry.skus.push(line.sku);
      reached.set(group.key, entry);
    }
  }
  const order: Record<LimitGroup['level'], number> = { weight: 0, type: 1, brand: 2 };
  return [...reached.values()].sort((a, b) => order[a.group.level] - order[b.group.level]);
}

/**
 * Order quantities for the selected SKUs of one brand. `products` are all the brand's products (the
 * unselected ones count against shared limits); the result has one line per selected product on the
 * menus, in SKU order.
 */
export function fillToLimits(
  brand: LimitBrand,
  products: readonly FillToLimitsProduct[],
  selectedSkus: Iterable<string>,
): FillToLimitsLine[] {
  const { live, groupsOf, usage } = limitUsage(brand, products);
  const rooms = new Map<string, Room>();
  for (const u of usage.values()) rooms.set(u.group.key, { room: Math.max(0, u.group.limit - u.usage) });

  const wanted = new Set(selectedSkus);
  const selected = live.filter((p) => wanted.has(p.sku)).sort(bySku);
  const slots = selected.map((p) => ({
    product: p,
    slot: {
      sku: p.sku,
      level: Math.max(0, projected(p)),
      groups: (groupsOf.get(p) ?? []).map((g) => rooms.get(g.key)!),
      added: 0,
      frozen: false,
    } satisfies Slot,
  }));
  waterFill(slots.filter((s) => s.slot.groups.length > 0).map((s) => s.slot));
  return slots.map(({ product, slot }) => {
    const limit = limitOf(brand, product);
    const shortfall = limit === null ? 0 : Math.max(0, -projected(product));
    return { sku: product.sku, orderQuantity: shortfall + slot.added, limit };
  });
}
