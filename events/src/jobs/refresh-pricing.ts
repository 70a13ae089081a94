import { logger } from '@bo/functions/logger';

/**
 * PLACEHOLDER for issue 4 (scheduled pricing refresh). The CDK app already schedules this handler
 * (infra/cdk/lib/stacks/jobs-stack.ts, context `pricingSchedule`) with read-write access to the table,
 * and the local stack runs it daily; issue 4 replaces the body with the real refresh.
 */
export const handler = async (): Promise<{ updated: number }> => {
  logger.warn('Pricing refresh is not implemented yet (issue 4); nothing was updated.', { job: 'refresh-pricing' });
  return { updated: 0 };
};
