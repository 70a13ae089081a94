import { performance } from 'node:perf_hooks';
import type { NewPurchaseOrderBody, PurchaseOrder, UpdatePurchaseOrderBody } from '@bo/shared';
import {
  createPurchaseOrder,
  getPurchaseOrder,
  receivePurchaseOrder,
  updatePurchaseOrder,
  type Actor,
} from '@bo/functions/data';
import { timeDynamoCalls } from './orders';

/** The data-layer calls the purchasing handlers make, in this process: the "bare" side of each figure. */
export const purchasingDataLayer = (actor: Actor) => ({
  create: (body: NewPurchaseOrderBody): Promise<PurchaseOrder> => createPurchaseOrder(body, actor),
  update: (id: string, body: UpdatePurchaseOrderBody) => updatePurchaseOrder(id, body, actor),
  get: (id: string) => getPurchaseOrder(id),
  receive: (id: string) => receivePurchaseOrder(id, undefined, actor),
});

/**
 * Times `fn` `times` times in this process, with the median time spent in each DynamoDB command (a middleware
 * on the shared client), as the orders bench reports its bare data-layer calls.
 */
export function bareTimer(summary: (latencies: number[]) => Record<string, number>) {
  const spent = timeDynamoCalls();
  return async (times: number, fn: (i: number) => Promise<unknown>) => {
    const ms: number[] = [];
    const inDynamo: Array<Record<string, number>> = [];
    for (let i = 0; i < times; i++) {
      spent.take();
      const t = performance.now();
      await fn(i);
      ms.push(performance.now() - t);
      inDynamo.push(spent.take());
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const names = [...new Set(inDynamo.flatMap((r) => Object.keys(r)))].sort();
    return {
      ...summary(ms),
      medianMsInDynamoByCommand: Object.fromEntries(names.map((n) => [n, median(inDynamo.map((r) => r[n] ?? 0))])),
    };
  };
}
