import { isOnMenus, stockBadge, type Product } from '@bo/shared';

/**
 * The product menu of the order builder as memo'd data (spec section 2, New Order: group by Brand or Type,
 * counts, search, sort default / name / quantity, Group or List view, '(in-stock/total)' headers).
 *
 * Built once per catalogue load: products on the menus (not INACTIVE or HIDDEN) with a lower-cased search
 * text and three precomputed orders. A keystroke then costs one pass over the chosen order with
 * `String.includes` and one grouping pass over the matches: no sorting, no allocation per product.
 */

export type GroupBy = 'brand' | 'type';
export type MenuSort = 'default' | 'name' | 'quantity';
export type SortDirection = 'asc' | 'desc';
export type MenuView = 'group' | 'list';

export interface MenuProduct {
  product: Product;
  id: string;
  sku: string;
  name: string;
  brandId: string;
  brandName: string;
  typeId: string;
  typeName: string;
  stock: number;
  inStock: boolean;
  /** Lower-cased name, SKU, brand, type, genetics and extract type. */
  hay: string;
}

export interface GroupRef {
  key: string;
  name: string;
}

export interface MenuIndex {
  /** Products on the menus in the catalogue's own order ('default'). */
  byDefault: readonly MenuProduct[];
  byName: readonly MenuProduct[];
  byQuantity: readonly MenuProduct[];
  bySku: ReadonlyMap<string, MenuProduct>;
  byId: ReadonlyMap<string, MenuProduct>;
  /** Every brand and type a menu product has, A→Z (more may be added from the brand and type lists). */
  brands: readonly GroupRef[];
  types: readonly GroupRef[];
}

const byNameOf = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en-US');

export function buildMenuIndex(
  products: readonly Product[],
  extra: { brands?: readonly GroupRef[]; types?: readonly GroupRef[] } = {},
): MenuIndex {
  const byDefault: MenuProduct[] = [];
  const brands = new Map<string, string>();
  const types = new Map<string, string>();
  for (const g of extra.brands ?? []) brands.set(g.key, g.name);
  for (const g of extra.types ?? []) types.set(g.key, g.name);
  for (const product of products) {
    if (!isOnMenus(product)) continue;
    const brandName = product.brand?.name ?? brands.get(product.brandID) ?? '';
    const typeName = product.type?.name ?? types.get(product.typeID) ?? '';
    brands.set(product.brandID, brandName);
    types.set(product.typeID, typeName);
    byDefault.push({
      product,
      id: product.id,
      sku: product.sku,
      name: product.name,
      brandId: product.brandID,
      brandName,
      typeId: product.typeID,
      typeName,
      stock: product.stock,
      inStock: stockBadge(product.stock, 'order') !== 'OUT',
      hay: [product.name, product.sku, brandName, typeName, product.genetics ?? '', product.extractType?.name ?? '']
        .join(' ')
        .toLowerCase(),
    });
  }
  const byName = [...byDefault].sort((a, b) => byNameOf(a, b) || (a.sku < b.sku ? -1 : 1));
  const byQuantity = [...byDefault].sort((a, b) => a.stock - b.stock || byNameOf(a, b));
  const refs = (m: Map<string, string>): GroupRef[] =>
    [...m.entries()].map(([key, name]) => ({ key, name })).sort(byNameOf);
  return {
    byDefault,
    byName,
    byQuantity,
    bySku: new Map(byDefault.map((p) => [p.sku, p])),
    byId: new Map(byDefault.map((p) => [p.id, p])),
    brands: refs(brands),
    types: refs(types),
  };
}

/** Search words: lower-cased, split on spaces. */
export const searchWords = (term: string): string[] => term.trim().toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The menu products matching every word of `term`, in the chosen order. With no term, the precomputed
 * order itself (no copy for ascending).
 */
export function filterMenu(
  index: MenuIndex,
  term: string,
  sort: MenuSort,
  direction: SortDirection,
): readonly MenuProduct[] {
  const base = sort === 'name' ? index.byName : sort === 'quantity' ? index.byQuantity : index.byDefault;
  const words = searchWords(term);
  const out: MenuProduct[] = [];
  const step = direction === 'asc' ? 1 : -1;
  if (words.length === 0 && step === 1) return base;
  for (let i = step === 1 ? 0 : base.length - 1; i >= 0 && i < base.length; i += step) {
    const item = base[i]!;
    let ok = true;
    for (const word of words)
      if (!item.hay.includes(word)) {
        ok = false;
        break;
      }
    if (ok) out.push(item);
  }
  return out;
}

export interface MenuGroup {
  key: string;
  name: string;
  /** Matching products in the list's order. */
  items: MenuProduct[];
  inStock: number;
}

const keyOf = (p: MenuProduct, by: GroupBy) => (by === 'brand' ? p.brandId : p.typeId);
const nameOf = (p: MenuProduct, by: GroupBy) => (by === 'brand' ? p.brandName : p.typeName);

/**
 * The products grouped by brand or type, groups A→Z. `all` lists every group to show, so a group without
 * a (matching) product is still listed, with 0 products.
 */
export function groupMenu(list: readonly MenuProduct[], by: GroupBy, all: readonly GroupRef[] = []): MenuGroup[] {
  const groups = new Map<string, MenuGroup>();
  for (const ref of all) groups.set(ref.key, { key: ref.key, name: ref.name, items: [], inStock: 0 });
  for (const item of list) {
    const key = keyOf(item, by);
    let group = groups.get(key);
    if (!group) {
      group = { key, name: nameOf(item, by), items: [], inStock: 0 };
      groups.set(key, group);
    }
    group.items.push(item);
    if (item.inStock) group.inStock += 1;
  }
  return [...groups.values()].sort(byNameOf);
}

/** A group's header text: `Acme (12/20)`: products in stock / products listed. */
export const groupHeader = (group: Pick<MenuGroup, 'name' | 'items' | 'inStock'>): string =>
  `${group.name || 'Other'} (${group.inStock}/${group.items.length})`;

/** The other dimension: sub-groups of a brand are types, of a type brands. */
export const otherDimension = (by: GroupBy): GroupBy => (by === 'brand' ? 'type' : 'brand');

/**
 * In a search, the groups opened by themselves: the first groups with matches, in order, until about
 * `budget` products are shown (at least one group), so a result appears without rendering thousands of rows.
 */
export function autoOpenGroups(groups: readonly MenuGroup[], budget = 60): Set<string> {
  const open = new Set<string>();
  let shown = 0;
  for (const group of groups) {
    if (group.items.length === 0) continue;
    if (open.size > 0 && shown + group.items.length > budget) break;
    open.add(group.key);
    shown += group.items.length;
    if (shown >= budget) break;
  }
  return open;
}
