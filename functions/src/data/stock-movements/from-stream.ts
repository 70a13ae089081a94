import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { ChangeLogItem } from '../change-log/entity';
import { causeOf } from '../stock-ledger/cause';
import { LEDGER_PK, PENDING, STOCK } from '../stock-ledger/ledger';
import { type ProductMovement, movementEntry } from './entries';

/** Which stream records carry movements: writes of the ledger's buckets (the CDK filter and the local poller). */
export const MOVEMENT_SOURCE = { pk: LEDGER_PK, eventNames: ['INSERT', 'MODIFY'] } as const;

type Image = Record<string, unknown>;

/**
 * What a ledger write moved, from the bucket before and after it: for each product its cause names, the
 * stock and pending outbound counters that differ (and the stock of products a return wrote off). Nothing when the write carried no cause of its own (the
 * bucket still holds the previous write's: seeding, migrations, manual adjustments).
 */
export function movementsOf(oldImage: Image | undefined, newImage: Image | undefined): ProductMovement[] {
  const cause = causeOf(newImage);
  if (!newImage || !cause || causeOf(oldImage)?.move === cause.move) return [];
  const byProduct = new Map<string, ProductMovement>();
  for (const [name, productId] of Object.entries(cause.counters)) {
    const counter = name[0] === STOCK ? 'stock' : name[0] === PENDING ? 'pending' : undefined;
    const moved = [count(oldImage?.[name]), count(newImage[name])] as const;
    // A write-off leaves stock where it is, but is a movement of the product all the same.
    const writtenOff = counter === 'stock' && cause.writeOffs?.[productId] !== undefined;
    if (!counter || (moved[0] === moved[1] && !writtenOff)) continue;
    byProduct.set(productId, { ...(byProduct.get(productId) ?? { productId }), [counter]: moved });
  }
  return [...byProduct.values()];
}

const count = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);

/** A stream record as Lambda and the Streams API deliver it (images in DynamoDB JSON). */
export interface StreamRecordImages {
  eventName?: string;
  dynamodb?: { Keys?: object; OldImage?: object; NewImage?: object };
}

/** The product history entries of one stream record (none for records that are not ledger moves). */
export function movementEntriesOf(record: StreamRecordImages): ChangeLogItem[] {
  if (!MOVEMENT_SOURCE.eventNames.includes(record.eventName as 'INSERT')) return [];
  const image = (value: object | undefined) =>
    value ? unmarshall(value as Parameters<typeof unmarshall>[0]) : undefined;
  const newImage = image(record.dynamodb?.NewImage);
  if (newImage?.pk !== MOVEMENT_SOURCE.pk) return [];
  const cause = causeOf(newImage);
  return cause ? movementsOf(image(record.dynamodb?.OldImage), newImage).map((m) => movementEntry(cause, m)) : [];
}
