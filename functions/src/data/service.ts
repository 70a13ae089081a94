import { Service } from 'electrodb';
import { config } from '../config';
import { dynamoClient } from './core/client';
import { batchEntity } from './entities/batch';
import { brandEntity } from './entities/brand';
import { changeLogEntity } from './entities/change-log';
import { customPriceEntity, priceHistoryEntity } from './entities/custom-price';
import { customerEntity } from './entities/customer';
import { extractTypeEntity, productTypeEntity } from './entities/named';
import { productEntity } from './entities/product';
import { productLineEntity } from './entities/product-line';
import { pricingSnapshotEntryEntity, pricingSnapshotHeaderEntity } from './entities/pricing-snapshot';
import { savedFilterEntity } from './entities/saved-filter';
import { skuCounterEntity, skuGuardEntity } from './entities/sku';
import { userEntity } from './entities/user';

const build = (table: string) =>
  new Service(
    {
      user: userEntity,
      changeLog: changeLogEntity,
      product: productEntity,
      batch: batchEntity,
      productType: productTypeEntity,
      extractType: extractTypeEntity,
      brand: brandEntity,
      productLine: productLineEntity,
      skuCounter: skuCounterEntity,
      skuGuard: skuGuardEntity,
      savedFilter: savedFilterEntity,
      customer: customerEntity,
      customPrice: customPriceEntity,
      priceHistory: priceHistoryEntity,
      pricingSnapshotHeader: pricingSnapshotHeaderEntity,
      pricingSnapshotEntry: pricingSnapshotEntryEntity,
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
