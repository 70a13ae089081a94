import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { createAlarms, type MonitoredService } from '../monitoring/alarms';
import { createDashboard } from '../monitoring/dashboard';

export interface MonitoringStackProps extends StackProps {
  readonly service: MonitoredService;
  /** Subscribed to the topic by email (context `alarmEmail`); each confirms the mail SNS sends first. */
  readonly alarmEmails: readonly string[];
}

/**
 * How the service is watched: one SNS topic every alarm notifies (ALARM and OK), the alarms
 * (monitoring/alarms.ts) and one dashboard (monitoring/dashboard.ts). Deployed last: it reads the names of
 * the API, the table, every function and the failure queues from the other stacks.
 */
export class MonitoringStack extends Stack {
  readonly topic: Topic;
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);

    // CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key; it may use a key of ours.
    const key = new Key(this, 'AlarmTopicKey', {
      description: `${id}: encrypts the alarm topic`,
      enableKeyRotation: true,
      pendingWindow: Duration.days(7),
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    this.topic = new Topic(this, 'AlarmTopic', {
      topicName: `${props.service.prefix}-alarms`,
      displayName: `Back office alarms (${props.service.prefix})`,
      masterKey: key,
      enforceSSL: true,
    });
    // With a topic policy of our own (enforceSSL), CloudWatch needs its publish right stated.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnLike: { 'aws:SourceArn': `arn:${this.partition}:cloudwatch:${this.region}:${this.account}:alarm:*` },
        },
      }),
    );
    for (const email of props.alarmEmails) this.topic.addSubscription(new EmailSubscription(email));

    this.alarms = createAlarms(this, props.service, this.topic);
    const dashboard = createDashboard(this, props.service, this.alarms);

    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'Every alarm notifies this topic; subscribe more with -c alarmEmail=... or in the console',
    });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://${this.region}.console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards/dashboard/${dashboard.dashboardName}`,
    });
  }
}
