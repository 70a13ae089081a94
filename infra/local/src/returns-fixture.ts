import { MAX_RANGE_DAYS } from '@bo/shared';
import {
  createReturn,
  getOrder,
  listCustomerItems,
  listOrdersOfCustomer,
  listReturns,
  type Actor,
} from '@bo/functions/data';

/**
 * Demo returns, made through `createReturn` (the API's own path: rules, one conditional transaction, stock, order
 * balance, credit, change log), so the Returns page, an order's returns and the statements have credit notes:
 * for the first customers with a completed order, one unit of its first line comes back, restocked to credit;
 * for the first with a delivered order, one unit is written off and refunded in cash. Seeds only when no return
 * of the last 400 days exists, so kept data is left alone. Deterministic: it follows the demo orders.
 */

const DAY = 86_400_000;
const CUSTOMERS = 3;

export async function seedReturns(actor: Actor): Promise<{ returns: number; ms: number }> {
  const started = Date.now();
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (MAX_RANGE_DAYS - 1) * DAY).toISOString().slice(0, 10);
  if ((await listReturns({ from, to: today }, false)).length > 0) return { returns: 0, ms: 0 };
  let returns = 0;
  const giveBack = async (orderId: string, reason: string, disposition: 'RESTOCK' | 'WRITE_OFF', refund: boolean) => {
    const order = await getOrder(orderId);
    const line = order?.orderedItems[0];
    if (!order || !line) return;
    await createReturn(
      {
        orderId,
        reason,
        lines: [{ productSku: line.productSku, quantity: 1, disposition }],
        settlement: refund ? 'REFUND' : 'CREDIT',
        ...(refund ? { method: 'CASH' as const } : {}),
      },
      actor,
      { withPrices: true },
    );
    returns++;
  };
  const customers = (await listCustomerItems()).sort((a, b) => a.customerName.localeCompare(b.customerName));
  let credited = 0;
  let refunded = false;
  for (const customer of customers) {
    if (credited >= CUSTOMERS && refunded) break;
    const orders = await listOrdersOfCustomer(customer.customerId);
    const completed = orders.find((o) => o.orderStatus === 'COMPLETED');
    const delivered = orders.find((o) => o.orderStatus === 'DELIVERED');
    if (completed && credited < CUSTOMERS) {
      await giveBack(completed.id, 'Damaged in transit', 'RESTOCK', false);
      credited++;
    } else if (delivered && !refunded) {
      await giveBack(delivered.id, 'Leaking packaging', 'WRITE_OFF', true);
      refunded = true;
    }
  }
  return { returns, ms: Date.now() - started };
}
