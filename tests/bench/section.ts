import type { StackInfo } from '../../infra/local/src/stack';

/** run.ts's p50/p95/p99/max of a list of latencies (ms). */
export type Summary = (latencies: number[]) => Record<string, number>;

/** What run.ts hands every bench section. */
export interface SectionOptions {
  info: StackInfo;
  /** Signs in as the section's role (called after seeding, so a long seed never outlives the token). */
  signIn: () => Promise<string>;
  samples: number;
  summary: Summary;
}
