/** Purchasing rules: pure and browser-safe, used by the purchase-order screens and the API. */
export * from './restock';
export * from './stock';
export * from './totals';
export * from './validation';
export * from './changes';
export * from './statuses';
export * from './receiving';
export * from './limits';
export * from './fill-to-limits';
export * from './catalogue';
export * from './redaction';
