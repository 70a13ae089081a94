import { notExists, queryRaw, update } from '../core';
import { listCustomerItems } from '../customers';
import { customerEntity } from '../customers/entity';
import { type OrderHeaderItem, orderEntity, owedOf } from '../orders/entity';

/**
 * One-off migration for customers stored before issue 23's credit holds: sets what each owes (`owedCents`,
 * credit-hold.ts) from their orders, for those without it. Reads each such customer's orders (Queries of gsi1,
 * not a Scan); a customer an order write gave the figure meanwhile is left as it is. Idempotent, a no-op once
 * done. Returns how many customers got it.
 */
export async function backfillCustomerOwed(): Promise<number> {
  let fixed = 0;
  for (const customer of await listCustomerItems()) {
    if (customer.owedCents !== undefined) continue;
    const { items } = await queryRaw(orderEntity.keyCondition('byCustomer', { customerID: customer.customerId }));
    const owed = items
      .filter((raw) => orderEntity.owns(raw))
      .reduce((sum, raw) => sum + owedOf(orderEntity.fromItem(raw) as OrderHeaderItem), 0);
    try {
      await update(
        customerEntity,
        { customerId: customer.customerId },
        { set: { owedCents: owed } },
        { condition: notExists('owedCents') },
      );
      fixed++;
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  return fixed;
}
