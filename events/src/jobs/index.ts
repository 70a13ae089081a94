/**
 * The scheduled jobs, by name. The CDK app schedules each with EventBridge; the local stack runs them
 * at the same UTC hour every day, and `npm run job -- <name>` runs one now.
 */
export const JOBS = {
  'refresh-pricing': { dailyAtUtcHour: 5, load: () => import('./refresh-pricing') },
} as const;

export type JobName = keyof typeof JOBS;
export const isJobName = (name: string): name is JobName => name in JOBS;
