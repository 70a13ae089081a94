/** Sales-order rules: pure and browser-safe, used by the order builder (instant feedback) and the API (enforcement). */
export * from './batch-allocation';
export * from './tag-status';
export * from './cart';
export * from './totals';
export * from './packing-location';
export * from './delivery';
export * from './order-numbers';
export * from './status-changes';
export * from './access';
export * from './stock-effects';
