/** Payment rules: pure and browser-safe, in integer cents, used by the payment dialogs and the API. */
export * from './amounts';
export * from './validation';
export * from './allocation';
export * from './effects';
export * from './display';
export * from './ageing';
export * from './body';
export * from './status';
