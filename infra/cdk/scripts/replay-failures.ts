/**
 * Replays what waits in the failure queues (docs/operations.md): records a consumer gave up on are handed to
 * that consumer again through the dispatcher (carried in the record, or read again from the table's stream),
 * batches the dispatcher failed are read again and run through every consumer, failed scheduled job runs are
 * run again, each message removed once its replay succeeded; steps in a job's dead-letter queue are moved back
 * to the job's queue.
 *
 *   AWS_REGION=eu-west-1 npm run replay-failures [-- --source sales-figures|dispatcher|jobs|imports] [--prefix backoffice]
 *   npm run replay-failures -- --local [--dir .local]     # the running local stack's queues (its SQS emulator)
 *
 * Options: --dry-run (read and report, run and remove nothing), --max <n> (messages per queue, default 100).
 * Deployed, it needs sqs:ReceiveMessage/DeleteMessage/SendMessage/GetQueueUrl on the queues,
 * lambda:InvokeFunction on the dispatcher and the jobs, and dynamodb:DescribeStream/GetShardIterator/GetRecords
 * on the table's stream. Exit code 1 when a message was kept (it failed again, or cannot be read).
 */
import { parseArgs } from 'node:util';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SQSClient } from '@aws-sdk/client-sqs';
import { JOB_KINDS } from '@bo/shared';
import {
  FAILURE_SOURCES,
  type FailureSource,
  failureQueueName,
  isJobKind,
  jobDeadLetterQueueName,
  jobQueueName,
  lambdaInvoke,
  localInvoke,
  type ReplayOutcome,
  redriveJobSteps,
  replayFailures,
  sqsFailureQueue,
} from '@bo/events/replay';
import { DEFAULTS } from '../lib/config';
import { fromRoot } from '../../local/src/paths';
import { LOCAL_PREFIX } from '../../local/src/queues';
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
const ALL: readonly string[] = [...FAILURE_SOURCES, ...JOB_KINDS];
const sources = values.source ? [values.source] : [...ALL];
const unknown = sources.find((s) => !ALL.includes(s));
const max = Number(values.max);
if (unknown || !Number.isInteger(max) || max < 1) {
  console.error(
    `Usage: npm run replay-failures -- [--source ${ALL.join('|')}] [--prefix <stack prefix>] [--max <n>] [--dry-run] [--local [--dir <stack folder>]]`,
  );
  process.exit(2);
}

let streams: DynamoDBStreamsClient;
let sqs: SQSClient;
let prefix = values.prefix;
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
  sqs = new SQSClient({ endpoint: info.sqs.endpoint, region: info.region, useQueueUrlAsEndpoint: false });
  prefix = LOCAL_PREFIX;
  invoke = localInvoke;
} else {
  sqs = new SQSClient({});
  streams = new DynamoDBStreamsClient({});
  invoke = lambdaInvoke(new LambdaClient({}));
}

const outcomes: ReplayOutcome[] = [];
for (const source of sources) {
  if (isJobKind(source)) {
    const from = { deadLetters: jobDeadLetterQueueName(prefix, source), queue: jobQueueName(prefix, source) };
    const moved = await redriveJobSteps(sqs, from, { max, dryRun: values['dry-run'] });
    console.log(
      `${source}: ${from.deadLetters}: ${values['dry-run'] ? 'would move' : 'moved'} ${moved} step(s) back to ${from.queue}`,
    );
    continue;
  }
  console.log(`${source}: ${failureQueueName(prefix, source as FailureSource)}`);
  outcomes.push(
    ...(await replayFailures({
      source: source as FailureSource,
      queue: await sqsFailureQueue(sqs, failureQueueName(prefix, source as FailureSource)),
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
