/**
 * Replays what waits in the failure queues (README "Operating it"): failed stream batches are read again
 * from the table's stream and handed to their consumer, failed job runs are run again, each message removed
 * once its replay succeeded.
 *
 *   AWS_REGION=eu-west-1 npm run replay-failures [-- --source stock-movements|jobs] [--prefix backoffice]
 *   npm run replay-failures -- --local [--dir .local]     # the local stack's queues (.local/failures/)
 *
 * Options: --dry-run (read and report, run and remove nothing), --max <n> (messages per queue, default 100).
 * Deployed, it needs sqs:ReceiveMessage/DeleteMessage/GetQueueUrl on the queues, lambda:InvokeFunction on
 * the consumer and the jobs, and dynamodb:GetShardIterator/GetRecords on the table's stream.
 * Exit code 1 when a message was kept (it failed again, or cannot be read).
 */
import { parseArgs } from 'node:util';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SQSClient } from '@aws-sdk/client-sqs';
import {
  FAILURE_SOURCES,
  type FailureSource,
  failureQueueName,
  fileFailureQueue,
  lambdaInvoke,
  localInvoke,
  type ReplayOutcome,
  replayFailures,
  sqsFailureQueue,
} from '@bo/events/replay';
import { DEFAULTS } from '../lib/config';
import { fromRoot } from '../../local/src/paths';
import { handlerEnvironment, readStackInfo } from '../../local/src/stack';

const { values } = parseArgs({
  options: {
    source: { type: 'string' },
    prefix: { type: 'string', default: DEFAULTS.prefix },
    max: { type: 'string', default: '100' },
    'dry-run': { type: 'boolean', default: false },
    local: { type: 'boolean', default: false },
    dir: { type: 'string' },
  },
});
const sources = values.source ? [values.source] : [...FAILURE_SOURCES];
const unknown = sources.find((s) => !(FAILURE_SOURCES as readonly string[]).includes(s));
const max = Number(values.max);
if (unknown || !Number.isInteger(max) || max < 1) {
  console.error(
    `Usage: npm run replay-failures -- [--source ${FAILURE_SOURCES.join('|')}] [--prefix <stack prefix>] [--max <n>] [--dry-run] [--local [--dir <stack folder>]]`,
  );
  process.exit(2);
}

let streams: DynamoDBStreamsClient;
let queueOf: (source: FailureSource) => Promise<Parameters<typeof replayFailures>[0]['queue']>;
let invoke: Parameters<typeof replayFailures>[0]['invoke'];
if (values.local) {
  const dir = values.dir ?? fromRoot('.local');
  const info = readStackInfo(dir);
  if (!info) {
    console.error('No local stack found: run `npm start` first (it writes .local/stack.json).');
    process.exit(1);
  }
  handlerEnvironment(info);
  streams = new DynamoDBStreamsClient({ endpoint: info.dynamodb.endpoint, region: info.region });
  queueOf = async (source) => fileFailureQueue(dir, source);
  invoke = localInvoke;
} else {
  const sqs = new SQSClient({});
  streams = new DynamoDBStreamsClient({});
  queueOf = (source) => sqsFailureQueue(sqs, failureQueueName(values.prefix, source));
  invoke = lambdaInvoke(new LambdaClient({}));
}

const outcomes: ReplayOutcome[] = [];
for (const source of sources as FailureSource[]) {
  console.log(`${source}: ${values.local ? 'local' : failureQueueName(values.prefix, source)}`);
  outcomes.push(
    ...(await replayFailures({
      source,
      queue: await queueOf(source),
      invoke,
      streams,
      max,
      dryRun: values['dry-run'],
      log: (line) => console.log(`  ${line}`),
    })),
  );
}
const count = (status: ReplayOutcome['status']) => outcomes.filter((o) => o.status === status).length;
console.log(
  `replayed ${count('replayed')}, empty ${count('empty')}, kept ${count('kept')}${values['dry-run'] ? `, planned ${count('planned')}` : ''}`,
);
process.exitCode = count('kept') > 0 ? 1 : 0;
