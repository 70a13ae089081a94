import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CfnResource } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnTopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_KINDS, routeList } from '@bo/shared';
import { BUSINESS_METRICS, CONSUMER_DIMENSION, CONSUMER_METRICS } from '@bo/functions/metric-names';
import { CONSUMER_NAMES } from '@bo/events/consumers';
import { FAILURE_SOURCES, failureQueueName } from '@bo/events/replay/queues';
import { THRESHOLDS } from '../cdk/lib/monitoring/alarms';
import { REPO_ROOT } from '../cdk/lib/paths';
import { shardRoutes } from '../cdk/lib/sharding';
import type { BackofficeFunction } from '../cdk/lib/backoffice-function';
import { crossStackValue, type Synth, synthBackoffice } from './support';

type Resource = { Type: string; Properties: Record<string, unknown> };
type MetricStat = {
  Metric: { Namespace: string; MetricName: string; Dimensions: Array<{ Name: string; Value: unknown }> };
};
type Query = { Id: string; Expression?: string; MetricStat?: MetricStat & { Stat: string; Period: number } };
type AlarmProps = {
  AlarmName: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
  Threshold: number;
  ComparisonOperator: string;
  EvaluationPeriods: number;
  DatapointsToAlarm: number;
  TreatMissingData: string;
  Namespace?: string;
  MetricName?: string;
  Statistic?: string;
  ExtendedStatistic?: string;
  Period?: number;
  Dimensions?: Array<{ Name: string; Value: unknown }>;
  Metrics?: Query[];
};

const rows = routeList();
const areas = [...new Set(shardRoutes(rows, 40).map((s) => s.area))];
let s: Synth;

beforeAll(() => {
  s = synthBackoffice({ context: { alarmEmail: 'ops@example.com, oncall@example.com' } });
});

const monitoring = () => s.template(s.monitoring);
const alarms = (): AlarmProps[] =>
  Object.values(monitoring().findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>).map(
    (r) => r.Properties as AlarmProps,
  );
const alarm = (name: string): AlarmProps => {
  const found = alarms().find((a) => a.AlarmName === `${s.settings.prefix}-${name}`);
  expect(found, name).toBeDefined();
  return found!;
};
const topicRef = () => ({ Ref: s.monitoring.getLogicalId(s.monitoring.topic.node.defaultChild as CfnTopic) });
/** The metric stats an alarm reads (its single metric, or the terms of its expression). */
const statsOf = (a: AlarmProps) =>
  a.Metrics
    ? a.Metrics.filter((q) => q.MetricStat).map((q) => ({ ...q.MetricStat!.Metric, Stat: q.MetricStat!.Stat }))
    : [
        {
          Namespace: a.Namespace!,
          MetricName: a.MetricName!,
          Dimensions: a.Dimensions ?? [],
          Stat: a.Statistic ?? a.ExtendedStatistic,
        },
      ];
const expressionOf = (a: AlarmProps) => a.Metrics?.find((q) => q.Expression)?.Expression;
const dim = (dimensions: Array<{ Name: string; Value: unknown }>, name: string) =>
  dimensions.find((d) => d.Name === name)?.Value;
/** How the monitoring stack refers to a function of another stack: its name, read from that stack's output. */
const nameRef = (fn: BackofficeFunction) => {
  const stack = [...s.routes, s.jobs].find((st) => st.node.findAll().includes(fn))!;
  const id = stack.getLogicalId(fn.function.node.defaultChild as CfnFunction);
  return { stackName: stack.stackName, id };
};
const refersTo = (value: unknown, fn: BackofficeFunction) => {
  const { stackName, id } = nameRef(fn);
  const text = JSON.stringify(value);
  return text.includes(`"StackName":"${stackName}"`) && text.includes(`OutputRef${id}`);
};
/** The jobs stack's queue whose name an alarm's `QueueName` dimension reads (through that stack's output). */
const queueNamed = (value: unknown, queue: IQueue) =>
  expect(crossStackValue(s, value)).toEqual({
    'Fn::GetAtt': [s.jobs.getLogicalId(queue.node.defaultChild as CfnResource), 'QueueName'],
  });

describe('the alarm topic', () => {
  it('is one topic, KMS-encrypted with a rotating key, TLS-only, that CloudWatch alarms of this account may use', () => {
    const t = monitoring();
    t.resourceCountIs('AWS::SNS::Topic', 1);
    t.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: `${s.settings.prefix}-alarms`,
      KmsMasterKeyId: Match.anyValue(),
    });
    t.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    const keyPolicy = JSON.stringify(t.findResources('AWS::KMS::Key'));
    expect(keyPolicy).toContain('cloudwatch.amazonaws.com');
    expect(keyPolicy).toContain('kms:GenerateDataKey*');
    const statements = Object.values(t.findResources('AWS::SNS::TopicPolicy') as Record<string, Resource>).flatMap(
      (p) => (p.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement,
    );
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: 'sns:Publish',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Condition: expect.objectContaining({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }),
      }),
    );
  });

  it('emails each address of the alarmEmail context, and no one without it', () => {
    const subscriptions = Object.values(
      monitoring().findResources('AWS::SNS::Subscription') as Record<string, Resource>,
    );
    expect(subscriptions.map((r) => [r.Properties.Protocol, r.Properties.Endpoint]).sort()).toEqual([
      ['email', 'oncall@example.com'],
      ['email', 'ops@example.com'],
    ]);
    for (const r of subscriptions) expect(r.Properties.TopicArn).toEqual(topicRef());
    expect(s.settings.alarmEmails).toEqual(['ops@example.com', 'oncall@example.com']);
  });

  it('is where every alarm sends both ALARM and OK, and every alarm has its own name and reads no data as OK', () => {
    const all = alarms();
    expect(new Set(all.map((a) => a.AlarmName)).size).toBe(all.length);
    for (const a of all) {
      expect(a.AlarmActions, a.AlarmName).toEqual([topicRef()]);
      expect(a.OKActions, a.AlarmName).toEqual([topicRef()]);
      expect(a.TreatMissingData, a.AlarmName).toBe('notBreaching');
      expect(a.ComparisonOperator, a.AlarmName).toBe('GreaterThanOrEqualToThreshold');
      expect(a.AlarmName.startsWith(`${s.settings.prefix}-`)).toBe(true);
    }
  });
});

describe('alarms', () => {
  it('API 5xx: the HTTP API’s 5xx count, three in 5 minutes', () => {
    const a = alarm('api-5xx');
    expect(a).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: '5xx', Statistic: 'Sum', Period: 300 });
    expect(a.Threshold).toBe(THRESHOLDS.api5xx);
    expect(JSON.stringify(dim(a.Dimensions!, 'ApiId'))).toContain(`"StackName":"${s.api.stackName}"`);
  });

  it('p99 latency per area: the routes’ own ApiLatency by area, 15 minutes running, longer for bulk areas', () => {
    expect(alarms().filter((a) => a.AlarmName.includes('-latency-p99-'))).toHaveLength(areas.length);
    for (const area of areas) {
      const a = alarm(`latency-p99-${area}`);
      const [stat, ...more] = statsOf(a);
      expect(more).toEqual([]);
      expect(stat).toMatchObject({ Namespace: s.settings.prefix, MetricName: 'ApiLatency', Stat: 'p99' });
      expect(stat!.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: 'service', Value: 'backoffice' },
          { Name: 'area', Value: area },
        ]),
      );
      expect(stat!.Dimensions).toHaveLength(2);
      expect(a.EvaluationPeriods).toBe(3);
      expect(a.DatapointsToAlarm).toBe(3);
      const bulk = rows.some((r) => (r.timeoutSeconds ?? 0) >= 25 && shardRoutes([r], 40)[0]!.area === area);
      expect(a.Threshold, area).toBe(bulk ? THRESHOLDS.longRunningLatencyP99Ms : THRESHOLDS.latencyP99Ms);
    }
    expect(alarm('latency-p99-customers').Threshold).toBe(THRESHOLDS.longRunningLatencyP99Ms);
    expect(alarm('latency-p99-users').Threshold).toBe(THRESHOLDS.latencyP99Ms);
    // orders' 20-second routes (the open-orders lists) are a margin, not bulk work
    expect(alarm('latency-p99-orders').Threshold).toBe(THRESHOLDS.latencyP99Ms);
  });

  it('Lambda errors and throttles: one alarm per function, errors + throttles with gaps as 0, from 1', () => {
    const fns = [
      ...rows.map((r) => ({ name: `fn-${r.id}`, fn: s.routes.find((st) => st.functions[r.id])!.functions[r.id]! })),
      { name: 'job-refresh-pricing-failed', fn: s.jobs.refreshPricing },
      { name: 'fn-stream-dispatcher', fn: s.jobs.dispatcher },
      ...JOB_KINDS.map((kind) => ({ name: `job-${kind}-crashed`, fn: s.jobs.queuedJobs[kind] })),
    ];
    for (const { name, fn } of fns) {
      const a = alarm(name);
      expect(a.Threshold).toBe(THRESHOLDS.functionFailures);
      const stats = statsOf(a);
      expect(stats.map((m) => `${m.Namespace}/${m.MetricName}:${m.Stat}`).sort(), name).toEqual([
        'AWS/Lambda/Errors:Sum',
        'AWS/Lambda/Throttles:Sum',
      ]);
      for (const m of stats) expect(refersTo(dim(m.Dimensions, 'FunctionName'), fn), name).toBe(true);
      expect(expressionOf(a)).toMatch(/^FILL\(\w+, 0\) \+ FILL\(\w+, 0\)$/);
    }
  });

  it('DynamoDB: throttled requests and system errors of the table, summed over the operations the code calls', () => {
    const ops = [
      'GetItem',
      'BatchGetItem',
      'Query',
      'PutItem',
      'UpdateItem',
      'DeleteItem',
      'BatchWriteItem',
      'TransactWriteItems',
    ];
    for (const [name, metric, expected] of [
      ['table-throttles', 'ThrottledRequests', ops],
      ['table-system-errors', 'SystemErrors', [...ops, 'GetRecords']],
    ] as const) {
      const a = alarm(name);
      expect(a.Threshold).toBe(1);
      const stats = statsOf(a);
      expect(stats.every((m) => m.Namespace === 'AWS/DynamoDB' && m.MetricName === metric && m.Stat === 'Sum')).toBe(
        true,
      );
      expect(stats.map((m) => dim(m.Dimensions, 'Operation')).sort()).toEqual([...expected].sort());
      for (const m of stats) expect(JSON.stringify(dim(m.Dimensions, 'TableName'))).toContain(s.data.stackName);
      expect(expressionOf(a)!.split(' + ')).toHaveLength(expected.length);
    }
  });

  it('the stream dispatcher’s iterator age: more than 5 minutes behind for 10 minutes (one alarm: one reader)', () => {
    const a = alarm('stream-iterator-age');
    expect(a).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'IteratorAge', Statistic: 'Maximum', Period: 300 });
    expect(a.Threshold).toBe(5 * 60_000);
    expect(a.EvaluationPeriods).toBe(2);
    expect(a.DatapointsToAlarm).toBe(2);
    expect(a.Dimensions).toHaveLength(1);
    expect(refersTo(dim(a.Dimensions!, 'FunctionName'), s.jobs.dispatcher)).toBe(true);
    expect(alarms().filter((x) => x.MetricName === 'IteratorAge')).toHaveLength(1);
  });

  it('each stream consumer’s lag and failures, from the dispatcher’s metrics with the consumer dimension', () => {
    expect(alarms().filter((a) => /-consumer-.+-lag$/.test(a.AlarmName))).toHaveLength(CONSUMER_NAMES.length);
    expect(alarms().filter((a) => /-consumer-.+-failing$/.test(a.AlarmName))).toHaveLength(CONSUMER_NAMES.length);
    const dimensionsOf = (consumer: string) => [
      { Name: CONSUMER_DIMENSION, Value: consumer },
      { Name: 'service', Value: 'backoffice' },
    ];
    for (const consumer of CONSUMER_NAMES) {
      const lag = alarm(`consumer-${consumer}-lag`);
      expect(lag, consumer).toMatchObject({
        Namespace: s.settings.prefix,
        MetricName: CONSUMER_METRICS.recordAge,
        Statistic: 'Maximum',
        Period: 300,
        Threshold: THRESHOLDS.iteratorAgeMs,
        EvaluationPeriods: THRESHOLDS.iteratorAgePeriods,
        DatapointsToAlarm: THRESHOLDS.iteratorAgePeriods,
      });
      // Exactly the dimensions the dispatcher records with (service, consumer): one more and CloudWatch has no data.
      expect(
        [...lag.Dimensions!].sort((a, b) => a.Name.localeCompare(b.Name)),
        consumer,
      ).toEqual(dimensionsOf(consumer));
      const failing = alarm(`consumer-${consumer}-failing`);
      expect(failing, consumer).toMatchObject({
        Namespace: s.settings.prefix,
        MetricName: CONSUMER_METRICS.failures,
        Statistic: 'Sum',
        Period: 300,
        Threshold: THRESHOLDS.consumerFailures,
        EvaluationPeriods: 1,
      });
      expect(
        [...failing.Dimensions!].sort((a, b) => a.Name.localeCompare(b.Name)),
        consumer,
      ).toEqual(dimensionsOf(consumer));
    }
  });

  it('each queued job: a step in its dead-letter queue, and a step waiting 15 minutes in its queue', () => {
    for (const kind of JOB_KINDS) {
      const dead = alarm(`job-${kind}-dead-letters`);
      expect(dead, kind).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Statistic: 'Maximum',
        Period: 300,
        Threshold: 1,
      });
      queueNamed(dim(dead.Dimensions!, 'QueueName'), s.jobs.jobDeadLetterQueues[kind]);
      const backlog = alarm(`job-${kind}-backlog`);
      expect(backlog, kind).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateAgeOfOldestMessage',
        Statistic: 'Maximum',
        Period: 300,
        Threshold: THRESHOLDS.jobStepAgeSeconds,
      });
      queueNamed(dim(backlog.Dimensions!, 'QueueName'), s.jobs.jobQueues[kind]);
    }
  });

  it('failure queues: one alarm per source (each consumer, the dispatcher, the jobs) on its own queue', () => {
    expect(alarm('job-refresh-pricing-failed').AlarmName).toBeDefined();
    expect([...FAILURE_SOURCES].sort()).toEqual([...CONSUMER_NAMES, 'dispatcher', 'jobs'].sort());
    expect(alarms().filter((a) => a.AlarmName.startsWith(`${s.settings.prefix}-failures-`))).toHaveLength(
      FAILURE_SOURCES.length,
    );
    for (const source of FAILURE_SOURCES) {
      const a = alarm(`failures-${source}`);
      expect(a).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Statistic: 'Maximum',
        Threshold: 1,
      });
      expect(JSON.stringify(dim(a.Dimensions!, 'QueueName'))).toContain(s.jobs.stackName);
      queueNamed(dim(a.Dimensions!, 'QueueName'), s.jobs.failureQueues[source]);
    }
  });
});

describe('failure destinations', () => {
  const jobsResources = () => s.template(s.jobs).toJSON().Resources as Record<string, Resource>;
  const queueIdOf = (source: string) =>
    Object.entries(jobsResources()).find(
      ([, r]) =>
        r.Type === 'AWS::SQS::Queue' &&
        r.Properties.QueueName === failureQueueName(s.settings.prefix, source as 'jobs'),
    )![0];

  it('has one named, encrypted, TLS-only failure queue per source, keeping messages 14 days', () => {
    const t = s.template(s.jobs);
    for (const source of FAILURE_SOURCES) {
      const id = queueIdOf(source);
      expect(jobsResources()[id]!.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 1_209_600,
      });
      const policies = Object.values(t.findResources('AWS::SQS::QueuePolicy') as Record<string, Resource>).filter((p) =>
        JSON.stringify(p.Properties.Queues).includes(id),
      );
      expect(JSON.stringify(policies), source).toContain('"aws:SecureTransport":"false"');
    }
    expect(Object.keys(t.toJSON().Outputs)).toEqual(
      expect.arrayContaining(['JobFailuresQueueUrl', 'StockMovementsFailuresQueueUrl', 'DispatcherFailuresQueueUrl']),
    );
  });

  it('sends a pricing-job run that failed its retries to the jobs queue as an on-failure record (no DLQ)', () => {
    const t = s.template(s.jobs);
    const fnId = s.jobs.getLogicalId(s.jobs.refreshPricing.function.node.defaultChild as CfnFunction);
    t.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fnId },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueIdOf('jobs'), 'Arn'] } } },
    });
    expect(jobsResources()[fnId]!.Properties.DeadLetterConfig).toBeUndefined();
    // an event the schedule could not deliver lands in the same queue
    t.hasResourceProperties('AWS::Events::Rule', {
      Targets: [Match.objectLike({ DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueIdOf('jobs'), 'Arn'] } } })],
    });
  });

  it('sends a stream batch that failed its retries to the dispatcher’s queue (a consumer’s records, the dispatcher sends)', () => {
    s.template(s.jobs).hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: s.jobs.getLogicalId(s.jobs.dispatcher.function.node.defaultChild as CfnFunction) },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueIdOf('dispatcher'), 'Arn'] } } },
    });
  });
});

describe('tracing and metrics settings', () => {
  const functions = () =>
    [...s.routes, s.jobs].flatMap((stack) =>
      Object.values(s.template(stack).findResources('AWS::Lambda::Function') as Record<string, Resource>).map((fn) => ({
        stack,
        fn,
      })),
    );

  it('traces every function actively, without a tracing SDK in the bundles', () => {
    // The pricing job, the stream dispatcher and the queued jobs.
    expect(functions()).toHaveLength(rows.length + 2 + JOB_KINDS.length);
    for (const { fn } of functions()) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    const deps = JSON.parse(readFileSync(join(REPO_ROOT, 'functions/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(deps.dependencies).filter((d) => /xray|tracer|opentelemetry/.test(d))).toEqual([]);
  });

  it('gives every function the metrics namespace and service, and each route function its area', () => {
    for (const { stack, fn } of functions()) {
      const env = (fn.Properties.Environment as { Variables: Record<string, string> }).Variables;
      expect(env.POWERTOOLS_METRICS_NAMESPACE).toBe(s.settings.prefix);
      expect(env.POWERTOOLS_SERVICE_NAME).toBe('backoffice');
      if (stack === s.jobs) expect(env.METRICS_AREA).toBeUndefined();
      else expect(stack.stackName).toMatch(new RegExp(`^${s.settings.prefix}-routes-${env.METRICS_AREA}(-\\d+)?$`));
    }
  });
});

describe('the dashboard', () => {
  const body = () => {
    const dashboards = Object.values(
      monitoring().findResources('AWS::CloudWatch::Dashboard') as Record<string, Resource>,
    );
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]!.Properties.DashboardName).toBe(s.settings.prefix);
    return JSON.stringify(dashboards[0]!.Properties.DashboardBody);
  };

  it('shows the API, the Lambdas, the table, the stream, the jobs, the failure queues and the business events', () => {
    const text = body();
    const queueNameOf = (queue: IQueue) =>
      Object.entries(s.template(s.jobs).toJSON().Outputs as Record<string, { Value: unknown }>).find(
        ([, output]) =>
          JSON.stringify(output.Value) ===
          JSON.stringify({ 'Fn::GetAtt': [s.jobs.getLogicalId(queue.node.defaultChild as CfnResource), 'QueueName'] }),
      )?.[0];
    for (const title of [
      'API requests and errors',
      'ApiLatency p99 by area',
      'Lambda errors + throttles by area',
      'Lambda Duration: slowest function p99 by area',
      'Cold starts and concurrency',
      'Table capacity consumed',
      'Table throttles and system errors',
      'Stream: dispatcher iterator age and each consumer’s lag',
      'Stream consumers: records handled (left), failures (right)',
      'Queued jobs: steps, failed steps, oldest waiting',
      'Jobs: runs, errors, prices applied',
      'Failure and dead-letter queues: messages waiting',
      'Business events (per hour)',
    ])
      expect(text, title).toContain(title);
    for (const metric of [
      '"5xx"',
      '"4xx"',
      '"Count"',
      '"ApiLatency"',
      '"IteratorAge"',
      '"ThrottledRequests"',
      '"ColdStart',
      `"${CONSUMER_METRICS.recordAge}"`,
      `"${CONSUMER_METRICS.records}"`,
      `"${CONSUMER_METRICS.failures}"`,
      '"JobSteps"',
      '"JobStepFailures"',
      '"ApproximateAgeOfOldestMessage"',
    ])
      expect(text, metric).toContain(metric.replace(/"/g, '\\"'));
    // each consumer by its dimension, the dispatcher's iterator age, each job's queue and dead letters, each failure queue
    for (const consumer of CONSUMER_NAMES)
      expect(text, consumer).toContain(`\\"${CONSUMER_DIMENSION}\\",\\"${consumer}\\"`);
    expect(text.includes(`OutputRef${nameRef(s.jobs.dispatcher).id}`)).toBe(true);
    for (const queue of [
      ...JOB_KINDS.flatMap((kind) => [s.jobs.jobQueues[kind], s.jobs.jobDeadLetterQueues[kind]]),
      ...FAILURE_SOURCES.map((source) => s.jobs.failureQueues[source]),
    ]) {
      const output = queueNameOf(queue);
      expect(output, queue.node.path).toBeDefined();
      expect(text, queue.node.path).toContain(output!);
    }
    for (const name of Object.values(BUSINESS_METRICS)) expect(text, name).toContain(`\\"${name}\\"`);
    // every route's function is on it (errors, throttles, duration)
    for (const row of rows) {
      const fn = s.routes.find((st) => st.functions[row.id])!.functions[row.id]!;
      expect(text.includes(`OutputRef${nameRef(fn).id}`), row.id).toBe(true);
    }
    expect(text).toContain('alarms'); // the alarm status widget
  });
});
