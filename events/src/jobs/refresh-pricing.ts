import { runPricingRefresh, type Actor } from '@bo/functions/data';
import { logger } from '@bo/functions/logger';
import { countJobMetric, JOB_METRICS, withInvocationMetrics } from '@bo/functions/metrics';

/** Who the job's writes (price history, change log) are attributed to. */
export const PRICING_JOB_ACTOR: Actor = {
  userId: 'system:refresh-pricing',
  name: 'Scheduled pricing refresh',
  roles: ['ADMIN'],
  isAdmin: true,
};

export interface RefreshPricingResult {
  generatedAt: string;
  customers: number;
  customersWithUpdates: number;
  pending: number;
  autoCustomers: number;
  autoApplied: number;
  failed: number;
}

/**
 * The scheduled pricing refresh (EventBridge, daily by default: infra/cdk `pricingSchedule`; locally
 * `npm run job -- refresh-pricing`). Computes every customer's pending updates with the refresh formula,
 * stores them as the snapshot the all-customers screen reads, and applies them for customers marked for
 * automatic refresh, through the same code path as updateBulkCustomPricing (in transactions of at most
 * 100 items). A failure for one customer is logged and the others go on; the run then fails so the
 * schedule's retry runs it again, which applies only what is still pending (an applied price records
 * today's reference, so the formula no longer proposes it).
 */
export const handler = withInvocationMetrics(async (): Promise<RefreshPricingResult> => {
  const started = Date.now();
  const run = await runPricingRefresh({
    by: PRICING_JOB_ACTOR,
    autoApply: true,
    onApplied: (applied) => logger.info('Pricing refresh applied', { job: 'refresh-pricing', ...applied }),
    onFailed: (customer, error) =>
      logger.error('Pricing refresh failed for a customer; the next run finishes it', {
        job: 'refresh-pricing',
        ...customer,
        error,
      }),
  });
  const result: RefreshPricingResult = {
    generatedAt: run.generatedAt,
    customers: run.customers,
    customersWithUpdates: run.customersWithUpdates,
    pending: run.pending,
    autoCustomers: run.autoCustomers,
    autoApplied: run.autoApplied,
    failed: run.failed.length,
  };
  logger.info('Pricing refresh finished', { job: 'refresh-pricing', ms: Date.now() - started, ...result });
  countJobMetric(JOB_METRICS.pricesAutoApplied, run.autoApplied);
  countJobMetric(JOB_METRICS.pricingFailedCustomers, run.failed.length);
  if (run.failed.length > 0)
    throw new Error(
      `Pricing refresh failed for ${run.failed.length} customer(s): ${run.failed
        .map((f) => `${f.customerName} (${f.error})`)
        .join('; ')}. Running it again applies only what is still pending.`,
    );
  return result;
});
