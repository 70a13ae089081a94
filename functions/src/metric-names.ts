/**
 * The names of the back end's CloudWatch metrics (embedded metric format, namespace from
 * POWERTOOLS_METRICS_NAMESPACE). The CDK alarms and dashboard import them from here, so a metric cannot be
 * renamed on one side only. No runtime dependency: infra imports this file without the Powertools package.
 */

/** One per committed business event, dimension `service` only; a replayed idempotent request adds none. */
export const BUSINESS_METRICS = {
  orderSubmitted: 'OrdersSubmitted',
  paymentRecorded: 'PaymentsRecorded',
  paymentVoided: 'PaymentsVoided',
  orderHeld: 'OrdersOnCreditHold',
  returnMade: 'ReturnsMade',
  purchaseOrderReceived: 'PurchaseOrdersReceived',
  payrollSubmitted: 'PayrollSubmitted',
} as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];

/**
 * Milliseconds from API Gateway receiving a request (`requestContext.timeEpoch`) to the handler's response:
 * what the caller waits for, cold start included. Dimensions `service` and `area` (the route stack's area).
 */
export const API_LATENCY_METRIC = 'ApiLatency';
export const AREA_DIMENSION = 'area';
/** Set by the CDK on every route function: the area of its route stack (infra/cdk/lib/sharding.ts). */
export const AREA_ENV = 'METRICS_AREA';

/** Powertools' cold-start metric: dimensions `service` and `function_name`. */
export const COLD_START_METRIC = 'ColdStart';

/** What the scheduled jobs and stream consumers count (dimension `service`). */
export const JOB_METRICS = {
  pricesAutoApplied: 'PricingAutoApplied',
  pricingFailedCustomers: 'PricingFailedCustomers',
  stockMovementEntries: 'StockMovementEntries',
  importRowsPlanned: 'ImportRowsPlanned',
  importRowsWritten: 'ImportRowsWritten',
  importRowsFailed: 'ImportRowsFailed',
  importFilesRefused: 'ImportFilesRefused',
  accountingRecordsExported: 'AccountingRecordsExported',
  salesOrdersApplied: 'SalesOrdersApplied',
  salesCellWrites: 'SalesCellWrites',
  reportOrdersRebuilt: 'ReportOrdersRebuilt',
} as const;

/**
 * What the stream dispatcher records per consumer (dimensions `service` and `consumer`): the records each
 * consumer handled, the ones it failed on (each failure, retried or not), the ones it gave up on (sent to its
 * failure queue), and how old the newest record it handled was (ms since the table write): its lag.
 */
export const CONSUMER_DIMENSION = 'consumer';
export const CONSUMER_METRICS = {
  records: 'ConsumerRecords',
  failures: 'ConsumerFailures',
  skipped: 'ConsumerRecordsSkipped',
  recordAge: 'ConsumerRecordAge',
} as const;

/** What each queued job records (dimensions `service` and `job`): steps run, steps failed (retried by the queue). */
export const JOB_DIMENSION = 'job';
export const JOB_STEP_METRICS = {
  steps: 'JobSteps',
  failures: 'JobStepFailures',
} as const;
