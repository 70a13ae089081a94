import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from '@bo/shared';

/** What `.local/stack.json` holds: every endpoint, id and seeded user, for tools and tests. */
export interface StackInfo {
  apiUrl: string;
  webUrl: string;
  region: string;
  dynamodb: { endpoint: string; tableName: string };
  s3: { endpoint: string; buckets: { images: string; documents: string } };
  cognito: { endpoint: string; userPoolId: string; clientId: string };
  /** The SQS emulator: the job queues, their dead-letter queues and the failure queues, by name. */
  sqs: { endpoint: string; queues: Record<string, string> };
  users: Array<{ email: string; password: string; roles: Role[] }>;
  /** With `--bundles`: the `cdk synth` output whose bundles and environments serve the API. */
  bundles?: string;
}

export const readStackInfo = (dir: string): StackInfo | undefined => {
  const file = join(dir, 'stack.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StackInfo) : undefined;
};
