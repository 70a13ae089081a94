export * from './client';
export * from './table';
export * from './keys';
export * from './entity';
export * from './expression';
export * from './operations';
export * from './transaction';
export { RaceLost, retryLostRaces, sleep } from './retry';

/** Whether a single-item write failed its condition (ConditionalCheckFailedException). */
export const isConditionFailed = (error: unknown): boolean =>
  (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
