import { put, queryRaw } from '../core';
import { listCustomerItems } from '../customers';
import { type OrderHeaderItem, orderEntity } from '../orders/entity';

/** The sparse order indexes added after orders were first stored: `owing` (issue 13), `commission` (issue 14). */
const LATER_INDEX_KEYS = ['gsi4pk', 'gsi5pk'] as const;

/**
 * One-off migration for tables written before the later order indexes: puts again every order header that
 * qualifies for one of their keys and lacks it (a put writes the keys of every index the item qualifies for).
 * Reads each customer's orders (Queries of gsi1, not a Scan); idempotent, a no-op once done. Returns how many
 * headers were fixed.
 */
export async function backfillOrderIndexKeys(): Promise<number> {
  let fixed = 0;
  for (const customer of await listCustomerItems()) {
    const { items } = await queryRaw(orderEntity.keyCondition('byCustomer', { customerID: customer.customerId }));
    for (const raw of items) {
      if (!orderEntity.owns(raw)) continue;
      const header = orderEntity.fromItem(raw) as OrderHeaderItem;
      const wanted = orderEntity.toItem(header);
      if (LATER_INDEX_KEYS.every((k) => (wanted[k] === undefined) === (raw[k] === undefined))) continue;
      await put(orderEntity, header);
      fixed++;
    }
  }
  return fixed;
}
