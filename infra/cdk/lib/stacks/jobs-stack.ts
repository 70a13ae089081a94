import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { BackofficeFunction } from '../backoffice-function';
import type { Settings } from '../config';
import { importDataResources } from '../data-refs';
import { acknowledge } from '../nag';
import { consumerEntry, jobEntry } from '../paths';
import { CONSUMERS } from '@bo/events/consumers';
import { type FailureSource, failureQueueName } from '@bo/events/replay/queues';

export interface JobsStackProps extends StackProps {
  readonly settings: Settings;
  readonly dataStack: Stack;
}

/** What events/ runs: scheduled jobs (events/src/jobs) and the table's stream consumers (events/src/consumers). */
export class JobsStack extends Stack {
  readonly refreshPricing: BackofficeFunction;
  readonly pricingRule: Rule;
  private readonly prefix: string;
  readonly stockMovements: BackofficeFunction;
  readonly imports: BackofficeFunction;
  readonly accountingExports: BackofficeFunction;
  readonly salesFigures: BackofficeFunction;
  readonly reportRebuild: BackofficeFunction;
  readonly purchaseFigures: BackofficeFunction;
  readonly receivableFigures: BackofficeFunction;
  readonly deliveryReturns: BackofficeFunction;
  /** Failed job runs and undeliverable schedule events; and per stream consumer, its failed batches. */
  readonly failureQueues: Record<FailureSource, Queue> = {} as Record<FailureSource, Queue>;

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
      grants: { table: 'readWrite', userPool: false, buckets: [], bucketAccess: 'readWrite' },
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

    this.stockMovements = this.streamConsumer('stock-movements', data, props.settings);
    this.imports = this.streamConsumer('imports', data, props.settings);
    this.accountingExports = this.streamConsumer('accounting-exports', data, props.settings);
    this.salesFigures = this.streamConsumer('sales-figures', data, props.settings);
    this.reportRebuild = this.streamConsumer('report-rebuild', data, props.settings);
    this.purchaseFigures = this.streamConsumer('purchase-figures', data, props.settings);
    this.receivableFigures = this.streamConsumer('receivable-figures', data, props.settings);
    this.deliveryReturns = this.streamConsumer('delivery-returns', data, props.settings);
  }

  /**
   * A consumer of the table's stream with its filter and batch size from events/src/consumers. Failed
   * records are retried from the one the handler reports (bisecting a failing batch), then the batch's
   * position goes to its own queue, so a stuck record never blocks the stream for long.
   */
  private streamConsumer(
    name: keyof typeof CONSUMERS,
    data: ReturnType<typeof importDataResources>,
    settings: Settings,
  ): BackofficeFunction {
    const consumer = CONSUMERS[name];
    const id = name.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());
    const failures = this.failureQueue(`${id}Failures`, name, `the ${name} stream consumer (on-failure destination)`);
    const fn = new BackofficeFunction(this, id, {
      entry: consumerEntry(name),
      description: `Stream consumer: ${name} (${consumer.description})`,
      grants: {
        table: consumer.grants.table === 'writeOnly' ? 'none' : consumer.grants.table,
        userPool: false,
        buckets: consumer.grants.buckets,
        bucketAccess: 'readWrite',
      },
      data,
      settings,
      memorySize: 512,
      timeout: Duration.seconds(consumer.timeoutSeconds),
      ...('nodeModules' in consumer ? { nodeModules: consumer.nodeModules } : {}),
    });
    if (consumer.grants.table === 'writeOnly')
      fn.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
          resources: [data.table.tableArn],
        }),
      );
    fn.function.addEventSource(
      new DynamoEventSource(data.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: consumer.batchSize,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: 5,
        maxRecordAge: Duration.hours(24),
        onFailure: new SqsDlq(failures),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or(...consumer.filter.eventNames),
            dynamodb: {
              ...(consumer.filter.pk ? { Keys: { pk: { S: FilterRule.isEqual(consumer.filter.pk) } } } : {}),
              ...(consumer.filter.entity
                ? { NewImage: { __edb_e__: { S: FilterRule.or(...[consumer.filter.entity].flat()) } } }
                : {}),
            },
          }),
        ],
      }),
    );
    acknowledge(
      fn,
      'IAM5[Resource::*]',
      'dynamodb:ListStreams, which a stream event source needs, has no resource-level permissions; it lists stream ARNs and reads no data. Reading records is granted on this table’s stream only.',
    );
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
