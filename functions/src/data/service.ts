import { Service } from 'electrodb';
import { config } from '../config';
import { dynamoClient } from './core/client';
import { batchEntity } from './entities/batch';
import { changeLogEntity } from './entities/change-log';
import { locationCounterEntity, locationDefaultEntity, locationEntity, locationNameEntity } from './entities/location';
import { orderCounterEntity } from './entities/order-counter';
import { orderEntity, orderLinesEntity, orderNumberEntity } from './entities/order';
import { skuGuardEntity } from './entities/sku';
import { userEntity } from './entities/user';

const build = (table: string) =>
  new Service(
    {
      user: userEntity,
      changeLog: changeLogEntity,
      // Read by orders.ts through db() until the orders area is ported (the core's are in products/).
      batch: batchEntity,
      skuGuard: skuGuardEntity,
      location: locationEntity,
      locationCounter: locationCounterEntity,
      locationDefault: locationDefaultEntity,
      locationName: locationNameEntity,
      orderCounter: orderCounterEntity,
      order: orderEntity,
      orderLines: orderLinesEntity,
      orderNumber: orderNumberEntity,
    },
    { table, client: dynamoClient() },
  );

let current: { table: string; client: unknown; service: ReturnType<typeof build> } | undefined;

/** The ElectroDB service over the table named by TABLE_NAME (rebuilt if the table or client changes, as tests do). */
export const db = () => {
  const table = config.tableName;
  const client = dynamoClient();
  if (current?.table !== table || current.client !== client) current = { table, client, service: build(table) };
  return current.service;
};

export type Db = ReturnType<typeof build>;
