export { type CustomPriceItem, RECENT_HISTORY, customPriceEntity } from './entity';
export { type PriceHistoryItem, priceHistoryEntity } from './history-entity';
export * from './snapshot-entity';
export { type PriceTarget, toCustomPrice } from './records';
export {
  getCustomerWithPriceItems,
  getCustomerWithPricing,
  listCustomPrices,
  listCustomersWithPriceItems,
  listPriceHistory,
  listProductsForCustomer,
} from './reads';
export { PartialWriteError } from './price-writes';
export {
  COST_MARGIN_REFUSED,
  STALE_PREVIEW,
  applyPricingUpdates,
  copyPrices,
  deletePrices,
  setFixedPrice,
  setFixedPrices,
  setMargin,
} from './prices';
export { reRunPricing } from './refresh';
export { readPricingSnapshot } from './snapshot';
export { type AppliedRefresh, type RefreshRunResult, allPricingUpdates, runPricingRefresh } from './refresh-run';
