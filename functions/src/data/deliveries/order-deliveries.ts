import type { OrderDeliveries } from '@bo/shared';
import { queryAll } from '../core';
import { collectionEntity } from './entity';
import { proofUrls } from './proofs';
import { collectionsNewestFirst, recordsOfOrder } from './reads';
import { toCollection, toDeliveryRecord } from './records';

/** GET deliveries/getByOrder: an order's records (proof as 60 s links) and its collections. Apart from
 * `reads.ts`, so only this route and `complete` bundle the S3 signer. */
export async function orderDeliveries(orderId: string): Promise<OrderDeliveries> {
  const [records, collections] = await Promise.all([
    recordsOfOrder(orderId),
    queryAll(collectionEntity, 'byOrder', { orderId }),
  ]);
  const sorted = [...records].sort((a, b) => a.at.localeCompare(b.at));
  return {
    records: await Promise.all(sorted.map(async (r) => toDeliveryRecord(r, await proofUrls(r)))),
    collections: collectionsNewestFirst(collections).map(toCollection),
  };
}
