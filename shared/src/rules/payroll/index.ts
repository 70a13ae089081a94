/** Payroll and commission rules (issue 14): pure, in integer cents, used by the payroll screens and the API. */
export * from './periods';
export * from './commission';
export * from './pay';
export * from './access';
