import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { JOB_KINDS, type JobKind } from '@bo/shared';
import { failureQueueUrlVariable } from '@bo/functions/data/queues';
import { CONSUMER_NAMES, CONSUMERS, mappingFilters } from '@bo/events/consumers';
import { MAX_RECEIVES, QUEUED_JOBS, visibilitySecondsOf } from '@bo/events/queued';
import { type FailureSource, failureQueueName, jobDeadLetterQueueName, jobQueueName } from '@bo/events/replay/queues';
import { BackofficeFunction, type FunctionGrants } from '../backoffice-function';
import type { Settings } from '../config';
import { importDataResources } from '../data-refs';
import { acknowledge } from '../nag';
import { DISPATCHER_ENTRY, jobEntry, queuedJobEntry } from '../paths';

export interface JobsStackProps extends StackProps {
  readonly settings: Settings;
  readonly dataStack: Stack;
}

/** The stream's mapping: a batch holds up to this many records; each consumer takes them in its own batch size. */
export const DISPATCHER_BATCH_SIZE = 500;
/**
 * Lambda's own retries of a batch the dispatcher failed as a whole (it crashed or timed out). A consumer failing on
 * a record is the dispatcher's to count (MAX_ATTEMPTS, events/src/stream/dispatcher.ts), well within these.
 */
export const DISPATCHER_RETRY_ATTEMPTS = 20;

/**
 * What events/ runs: the scheduled pricing job (EventBridge), the one reader of the table's stream (the
 * dispatcher, which runs every consumer of events/src/consumers) and the long jobs, each on its own queue
 * (events/src/queued). Routes that start a job get its queue (`jobQueues`).
 */
export class JobsStack extends Stack {
  readonly refreshPricing: BackofficeFunction;
  readonly pricingRule: Rule;
  readonly dispatcher: BackofficeFunction;
  readonly queuedJobs = {} as Record<JobKind, BackofficeFunction>;
  readonly jobQueues = {} as Record<JobKind, Queue>;
  readonly jobDeadLetterQueues = {} as Record<JobKind, Queue>;
  /** Failed job runs and undeliverable schedule events; per consumer, the records it gave up on; the dispatcher's failed batches. */
  readonly failureQueues = {} as Record<FailureSource, Queue>;
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    this.prefix = props.settings.prefix;
    this.addStackDependency(props.dataStack, 'imports the table by export name');
    const data = importDataResources(this, props.settings.prefix);

    // A run that failed after Lambda's own retries lands here as an on-failure record (the event and the
    // error), an event the schedule could not deliver as that event; `npm run replay-failures` runs them again.
    const failures = this.failureQueue('JobFailures', 'jobs', 'the scheduled jobs (on-failure destination)');

    this.refreshPricing = new BackofficeFunction(this, 'RefreshPricing', {
      entry: jobEntry('refresh-pricing'),
      description: 'Scheduled job: refresh customer pricing (issue 4)',
      grants: { table: 'readWrite', userPool: false, buckets: [], bucketAccess: 'readWrite', jobs: [] },
      data,
      settings: props.settings,
      memorySize: 1024,
      timeout: Duration.minutes(5),
      onFailure: new SqsDestination(failures),
    });

    this.pricingRule = new Rule(this, 'RefreshPricingSchedule', {
      description: 'Runs the pricing refresh job',
      schedule: Schedule.expression(props.settings.pricingSchedule),
      targets: [
        new LambdaFunction(this.refreshPricing.function, {
          retryAttempts: 2,
          maxEventAge: Duration.hours(2),
          deadLetterQueue: failures,
        }),
      ],
    });

    this.dispatcher = this.streamDispatcher(data, props.settings);
    for (const kind of JOB_KINDS) this.queuedJobs[kind] = this.queuedJob(kind, data, props.settings);
  }

  /**
   * The one reader of the table's stream (DynamoDB Streams throttles a shard read by more than two): one event
   * source mapping whose filters let through what some consumer takes. Batches Lambda gave up on (the function
   * crashed or timed out every try) go to the `dispatcher` failure queue; a record one consumer keeps failing on
   * goes, by the dispatcher, to that consumer's queue.
   */
  private streamDispatcher(data: ReturnType<typeof importDataResources>, settings: Settings): BackofficeFunction {
    const consumerQueues = CONSUMER_NAMES.map((name) => ({
      name,
      queue: this.failureQueue(`${pascal(name)}Failures`, name, `records the ${name} consumer gave up on`),
    }));
    const failures = this.failureQueue('DispatcherFailures', 'dispatcher', 'stream batches the dispatcher failed');
    const fn = new BackofficeFunction(this, 'StreamDispatcher', {
      entry: DISPATCHER_ENTRY,
      description: `The table's stream: hands records to ${CONSUMER_NAMES.join(', ')}`,
      grants: unionOfGrants(CONSUMER_NAMES.map((name) => CONSUMERS[name].grants)),
      data,
      settings,
      memorySize: 1024,
      timeout: Duration.minutes(5),
      // Each consumer a chunk of its own, loaded the first time a record is for it.
      splitting: true,
      environment: Object.fromEntries(
        consumerQueues.map(({ name, queue }) => [failureQueueUrlVariable(name), queue.queueUrl]),
      ),
    });
    for (const { queue } of consumerQueues) queue.grantSendMessages(fn.function);
    fn.function.addEventSource(
      new DynamoEventSource(data.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: DISPATCHER_BATCH_SIZE,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: DISPATCHER_RETRY_ATTEMPTS,
        maxRecordAge: Duration.hours(24),
        onFailure: new SqsDlq(failures),
        filters: mappingFilters().map((filter) =>
          FilterCriteria.filter({
            eventName: FilterRule.or(...filter.eventNames),
            dynamodb: {
              ...(filter.pk ? { Keys: { pk: { S: FilterRule.isEqual(filter.pk) } } } : {}),
              ...(filter.entities ? { NewImage: { __edb_e__: { S: FilterRule.or(...filter.entities) } } } : {}),
            },
          }),
        ),
      }),
    );
    acknowledge(
      fn,
      'IAM5[Resource::*]',
      'dynamodb:ListStreams, which a stream event source needs, has no resource-level permissions; it lists stream ARNs and reads no data. Reading records is granted on this table’s stream only.',
    );
    return fn;
  }

  /**
   * A long job: its queue (a message per step, invisible for longer than the function runs), its dead-letter
   * queue (a step that failed MAX_RECEIVES times, kept 14 days, redriven by `npm run replay-failures`), and its
   * function taking one step at a time and sending the next.
   */
  private queuedJob(
    kind: JobKind,
    data: ReturnType<typeof importDataResources>,
    settings: Settings,
  ): BackofficeFunction {
    const job = QUEUED_JOBS[kind];
    const id = pascal(kind);
    const deadLetters = new Queue(this, `${id}DeadLetters`, {
      queueName: jobDeadLetterQueueName(this.prefix, kind),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(deadLetters, 'SQS3', `This is the ${kind} job queue's dead-letter queue.`);
    const queue = new Queue(this, `${id}Queue`, {
      queueName: jobQueueName(this.prefix, kind),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(visibilitySecondsOf(kind)),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: MAX_RECEIVES },
    });
    const fn = new BackofficeFunction(this, id, {
      entry: queuedJobEntry(kind),
      description: `Queued job: ${kind} (${job.description})`,
      // Its own queue, for the next step it sends.
      grants: { ...job.grants, userPool: false, bucketAccess: 'readWrite', jobs: [kind] },
      data,
      settings,
      memorySize: 1024,
      timeout: Duration.seconds(job.timeoutSeconds),
      jobQueues: { [kind]: queue },
      ...('nodeModules' in job ? { nodeModules: job.nodeModules } : {}),
    });
    // The event source grants receiving, deleting and changing visibility.
    fn.function.addEventSource(new SqsEventSource(queue, { batchSize: 1, reportBatchItemFailures: true }));
    this.jobQueues[kind] = queue;
    this.jobDeadLetterQueues[kind] = deadLetters;
    new CfnOutput(this, `${id}DeadLettersUrl`, {
      value: deadLetters.queueUrl,
      description: `Failed steps of the ${kind} job`,
    });
    return fn;
  }

  /** A failure queue with a fixed name (events/src/replay/queues.ts), kept 14 days, its URL an output. */
  private failureQueue(id: string, source: FailureSource, what: string): Queue {
    const queue = new Queue(this, id, {
      queueName: failureQueueName(this.prefix, source),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(queue, 'SQS3', `This queue is where failures of ${what} wait to be replayed; it is the DLQ.`);
    new CfnOutput(this, `${id}QueueUrl`, { value: queue.queueUrl, description: `Failures of ${what}` });
    this.failureQueues[source] = queue;
    return queue;
  }
}

type ConsumerGrants = (typeof CONSUMERS)[keyof typeof CONSUMERS]['grants'];

/** What the dispatcher may do: everything one of its consumers may (it runs each of them in its process). */
function unionOfGrants(grants: readonly ConsumerGrants[]): FunctionGrants {
  const tables = grants.map((g) => g.table);
  return {
    // Write-only consumers (conditional puts and updates) need no more than the others' read and write.
    table: tables.some((t) => t === 'readWrite' || t === 'writeOnly') ? 'readWrite' : 'read',
    userPool: false,
    buckets: [...new Set(grants.flatMap((g) => g.buckets))],
    bucketAccess: 'readWrite',
    jobs: [],
  };
}

/** `sales-figures` -> `SalesFigures`. */
const pascal = (name: string): string => name.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());
