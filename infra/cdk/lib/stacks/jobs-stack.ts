import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { BackofficeFunction } from '../backoffice-function';
import type { Settings } from '../config';
import { importDataResources } from '../data-refs';
import { acknowledge } from '../nag';
import { jobEntry } from '../paths';

export interface JobsStackProps extends StackProps {
  readonly settings: Settings;
  readonly dataStack: Stack;
}

/** Scheduled jobs (events/src/jobs): today the pricing refresh. */
export class JobsStack extends Stack {
  readonly refreshPricing: BackofficeFunction;
  readonly pricingRule: Rule;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    this.addStackDependency(props.dataStack, 'imports the table by export name');
    const data = importDataResources(this, props.settings.prefix);

    // Failed runs (after Lambda's own retries) and undeliverable events land here for inspection.
    const failures = new Queue(this, 'JobFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(failures, 'SQS3', 'This queue is the dead-letter queue of the scheduled jobs.');

    this.refreshPricing = new BackofficeFunction(this, 'RefreshPricing', {
      entry: jobEntry('refresh-pricing'),
      description: 'Scheduled job: refresh customer pricing (issue 4)',
      grants: { table: 'readWrite', userPool: false, buckets: [] },
      data,
      settings: props.settings,
      memorySize: 1024,
      timeout: Duration.minutes(5),
      deadLetterQueue: failures,
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
  }
}
