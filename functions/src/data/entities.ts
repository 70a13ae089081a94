import type { AnyEntity } from './core';
import { accountingExportEntity, exportedPageEntity } from './accounting/entity';
import { brandEntity } from './brands/entity';
import { productLineEntity } from './brands/product-line-entity';
import { changeLogEntity } from './change-log/entity';
import { customPriceEntity } from './custom-pricing/entity';
import { priceHistoryEntity } from './custom-pricing/history-entity';
import { pricingSnapshotEntryEntity, pricingSnapshotHeaderEntity } from './custom-pricing/snapshot-entity';
import { customerEntity } from './customers/entity';
import {
  collectionEntity,
  deliveryClaimEntity,
  deliveryRecordEntity,
  pendingCollectedEntity,
  routeOrderEntity,
} from './deliveries/entity';
import { importEntity } from './imports/entity';
import { locationCounterEntity, locationDefaultEntity, locationEntity, locationNameEntity } from './locations/entity';
import { orderEntity, orderLinesEntity } from './orders/entity';
import { orderCounterEntity, orderNumberEntity } from './orders/number-entities';
import { paymentEntity, paymentLinkEntity } from './payments/entity';
import { paidOrderClaimEntity, payrollPeriodEntity, payrollRowEntity } from './payroll/entity';
import { savedFilterEntity } from './preferences/entity';
import { extractTypeEntity, productTypeEntity } from './product-types/entity';
import { batchEntity } from './products/batch-entity';
import { productEntity } from './products/entity';
import { skuCounterEntity, skuGuardEntity } from './products/sku-entity';
import { purchaseLinesEntity, purchaseNumberEntity, purchaseOrderEntity } from './purchases/entity';
import { returnEntity } from './returns/entity';
import { reportStateEntity, salesCellEntity, salesContributionEntity } from './reports/entity';
import { streamRetryEntity } from './stream-retries/entity';
import { userEntity } from './users/entity';

/**
 * Every entity of the one table, for tools that walk all items (migrations) and the core's tests; handlers
 * never import it. `functions/test/core/round-trip.test.ts` fails when an entity is declared and not listed.
 */
export const ENTITIES: readonly AnyEntity[] = [
  brandEntity,
  productLineEntity,
  changeLogEntity,
  customPriceEntity,
  priceHistoryEntity,
  pricingSnapshotHeaderEntity,
  pricingSnapshotEntryEntity,
  customerEntity,
  deliveryRecordEntity,
  deliveryClaimEntity,
  collectionEntity,
  pendingCollectedEntity,
  routeOrderEntity,
  locationEntity,
  locationCounterEntity,
  locationDefaultEntity,
  locationNameEntity,
  orderEntity,
  orderLinesEntity,
  orderNumberEntity,
  orderCounterEntity,
  paymentEntity,
  paymentLinkEntity,
  payrollPeriodEntity,
  payrollRowEntity,
  paidOrderClaimEntity,
  savedFilterEntity,
  productTypeEntity,
  extractTypeEntity,
  batchEntity,
  productEntity,
  skuCounterEntity,
  skuGuardEntity,
  purchaseOrderEntity,
  purchaseLinesEntity,
  purchaseNumberEntity,
  returnEntity,
  importEntity,
  accountingExportEntity,
  exportedPageEntity,
  salesCellEntity,
  salesContributionEntity,
  reportStateEntity,
  streamRetryEntity,
  userEntity,
];
