import { formatOrderNumber } from '@bo/shared';
import { db } from './service';

/** Takes the next sales-order number from the atomic counter (`1001`, `1002`, …). */
export async function takeOrderNumber(): Promise<string> {
  const { data } = await db()
    .entities.orderCounter.update({ name: 'salesOrders' })
    .add({ seq: 1 })
    .go({ response: 'updated_new' });
  return formatOrderNumber(data.seq ?? 1);
}
