import { put, queryRaw } from '../core';
import { listCustomerItems } from '../customers';
import { type OrderHeaderItem, orderEntity } from '../orders/entity';

/**
 * One-off migration for tables written before the `owing` index (issue 13): puts again every order header
 * that qualifies for its gsi4 keys and lacks them (a put writes the keys of every index the item qualifies
 * for). Reads each customer's orders (Queries of gsi1, not a Scan); idempotent, a no-op once done. Returns
 * how many headers were fixed.
 */
export async function backfillOwingIndex(): Promise<number> {
  let fixed = 0;
  for (const customer of await listCustomerItems()) {
    const { items } = await queryRaw(orderEntity.keyCondition('byCustomer', { customerID: customer.customerId }));
    for (const raw of items) {
      if (!orderEntity.owns(raw) || raw.gsi4pk !== undefined) continue;
      const header = orderEntity.fromItem(raw) as OrderHeaderItem;
      if (orderEntity.toItem(header).gsi4pk === undefined) continue;
      await put(orderEntity, header);
      fixed++;
    }
  }
  return fixed;
}
