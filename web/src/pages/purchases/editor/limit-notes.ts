import type { LimitGroup, LimitUsage } from '@bo/shared';
import { countText } from '../../../format/counts';

interface NamedProduct {
  sku: string;
  name: string;
  typeID: string;
  type?: { name: string };
}

const listOf = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** A limit as Edit Brand Stock Limits shows it: the brand limit, the Flower limit, the Flower 3.5 g limit. */
function limitName(group: LimitGroup, products: readonly NamedProduct[]): string {
  if (group.level === 'brand') return 'The brand limit';
  const [, typeId, grams] = group.key.split(':');
  const type = products.find((p) => p.typeID === typeId)?.type?.name ?? 'type';
  return group.level === 'type' ? `The ${type} limit` : `The ${type} ${grams} g limit`;
}

/**
 * Why Fill to limits left products at 0 (shared `reachedLimits`): one sentence per limit already reached, naming
 * the limit, what counts against it and the products it stopped.
 */
export function reachedLimitsText(
  reached: ReadonlyArray<LimitUsage & { skus: readonly string[] }>,
  products: readonly NamedProduct[],
): string[] {
  const nameOf = (sku: string) => products.find((p) => p.sku === sku)?.name ?? sku;
  return reached.map(
    ({ group, usage, skus }) =>
      `${limitName(group, products)} (${countText(group.limit, 'unit')}) is already reached: ` +
      `${countText(usage, 'unit')} in stock and on order, less pending orders. ` +
      `Nothing was ordered for ${listOf(skus.map(nameOf))}.`,
  );
}
