import { Duration } from 'aws-cdk-lib';
import {
  type Alarm,
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  type IMetric,
  type IWidget,
  MathExpression,
  Metric,
  SingleValueWidget,
  Stats,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import {
  BUSINESS_METRICS,
  COLD_START_METRIC,
  CONSUMER_DIMENSION,
  CONSUMER_METRICS,
  JOB_DIMENSION,
  JOB_METRICS,
  JOB_STEP_METRICS,
} from '@bo/functions/metric-names';
import { type MonitoredFunction, type MonitoredService, tableOperationMetric } from './alarms';
import { FIVE_MINUTES, appMetric, areaLatency, filledSum as total, metricIds, metricsNamespace } from './metrics';

const FULL = 24;
const HALF = 12;
const THIRD = 8;

/** The largest of several series at each point (the slowest function's p99 of an area). */
function largest(metrics: readonly IMetric[], label: string): MathExpression {
  const usingMetrics = metricIds(metrics, label);
  return new MathExpression({
    expression: `MAX([${Object.keys(usingMetrics).join(', ')}])`,
    usingMetrics,
    label,
    period: FIVE_MINUTES,
  });
}

/**
 * The service's one dashboard, top to bottom: alarms; the API (requests, errors, latency as API Gateway and
 * as the routes measure it, per area); the Lambdas per area (errors + throttles, slowest p99 Duration, cold
 * starts, concurrency); the table; the stream consumer, the jobs and the failure queues; the business events.
 */
export function createDashboard(scope: Construct, service: MonitoredService, alarms: readonly Alarm[]): Dashboard {
  const { prefix, httpApi, table } = service;
  const routeFunctions = service.functions.filter((f) => f.kind === 'route');
  const byArea = (fns: readonly MonitoredFunction[]) =>
    service.areas.map(({ area }) => ({ area, fns: fns.filter((f) => f.area === area) }));
  const areas = byArea(routeFunctions).filter((a) => a.fns.length > 0);
  const apiSum = (metric: Metric, label: string) => metric.with({ statistic: Stats.SUM, period: FIVE_MINUTES, label });
  const dispatcher = service.functions.filter((f) => f.kind === 'dispatcher');
  const jobs = service.functions.filter((f) => f.kind === 'job');
  const consumerMetric = (name: string, consumer: string, statistic: string) =>
    appMetric(prefix, name, { statistic, dimensions: { [CONSUMER_DIMENSION]: consumer }, label: consumer });
  const jobMetric = (name: string, kind: string) =>
    appMetric(prefix, name, { dimensions: { [JOB_DIMENSION]: kind }, label: kind });

  const rows: IWidget[][] = [
    [
      new TextWidget({
        markdown: [
          `# Back office (${prefix})`,
          `Alarms go to the \`${prefix}-alarms\` topic. What each one means and what to do: docs/operations.md.`,
          `Our own metrics are in the \`${metricsNamespace(prefix)}\` namespace; per-request detail (route, status) is in the functions' logs (EMF metadata).`,
        ].join('\n\n'),
        width: FULL,
        height: 3,
      }),
    ],
    [new AlarmStatusWidget({ title: 'Alarms', alarms: [...alarms], width: FULL, height: 6 })],
    [
      new GraphWidget({
        title: 'API requests and errors (per 5 min)',
        left: [apiSum(httpApi.metricCount(), 'requests')],
        right: [apiSum(httpApi.metricClientError(), '4xx'), apiSum(httpApi.metricServerError(), '5xx')],
        width: THIRD,
      }),
      new GraphWidget({
        title: 'API Gateway latency (ms)',
        left: ['p50', 'p90', 'p99'].map((statistic) =>
          httpApi.metricLatency({ statistic, period: FIVE_MINUTES, label: statistic }),
        ),
        width: THIRD,
      }),
      new GraphWidget({
        title: 'ApiLatency p99 by area (ms, cold starts included)',
        left: service.areas.map(({ area }) => areaLatency(prefix, area)),
        width: THIRD,
      }),
    ],
    [
      new GraphWidget({
        title: 'Lambda errors + throttles by area',
        left: areas.map(({ area, fns }) =>
          total(
            fns.flatMap(({ fn }) => [fn.metricErrors(), fn.metricThrottles()]),
            area,
          ),
        ),
        width: THIRD,
      }),
      new GraphWidget({
        title: 'Lambda Duration: slowest function p99 by area (ms)',
        left: areas.map(({ area, fns }) =>
          largest(
            fns.map(({ fn }) => fn.metricDuration({ statistic: 'p99', period: FIVE_MINUTES })),
            area,
          ),
        ),
        width: THIRD,
      }),
      new GraphWidget({
        title: 'Cold starts and concurrency',
        left: [
          new MathExpression({
            expression: `SUM(SEARCH('{${metricsNamespace(prefix)},function_name,service} MetricName="${COLD_START_METRIC}"', 'Sum', 300))`,
            label: 'cold starts',
            period: FIVE_MINUTES,
          }),
        ],
        right: [
          new Metric({
            namespace: 'AWS/Lambda',
            metricName: 'ConcurrentExecutions',
            statistic: Stats.MAXIMUM,
            period: FIVE_MINUTES,
            label: 'concurrent executions (account)',
          }),
        ],
        width: THIRD,
      }),
    ],
    [
      new GraphWidget({
        title: 'Table capacity consumed (per 5 min)',
        left: [
          table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES, label: 'read units' }),
          table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES, label: 'write units' }),
        ],
        width: THIRD,
      }),
      new GraphWidget({
        title: 'Table latency (ms, average)',
        left: ['GetItem', 'Query', 'BatchGetItem', 'TransactWriteItems'].map((operation) =>
          table.metric('SuccessfulRequestLatency', {
            dimensionsMap: { TableName: table.tableName, Operation: operation },
            statistic: Stats.AVERAGE,
            period: FIVE_MINUTES,
            label: operation,
          }),
        ),
        width: THIRD,
      }),
      new GraphWidget({
        title: 'Table throttles and system errors',
        left: [
          total(
            [
              'GetItem',
              'BatchGetItem',
              'Query',
              'PutItem',
              'UpdateItem',
              'DeleteItem',
              'BatchWriteItem',
              'TransactWriteItems',
            ].map((op) => tableOperationMetric(table, 'ThrottledRequests', op)),
            'throttled requests',
          ),
          total(
            [
              'GetItem',
              'BatchGetItem',
              'Query',
              'PutItem',
              'UpdateItem',
              'DeleteItem',
              'BatchWriteItem',
              'TransactWriteItems',
              'GetRecords',
            ].map((op) => tableOperationMetric(table, 'SystemErrors', op)),
            'system errors',
          ),
        ],
        width: THIRD,
      }),
    ],
    [
      new GraphWidget({
        title: 'Stream: dispatcher iterator age and each consumer’s lag (ms, max)',
        left: [
          ...dispatcher.map(({ fn }) =>
            fn.metric('IteratorAge', { statistic: Stats.MAXIMUM, period: FIVE_MINUTES, label: 'dispatcher' }),
          ),
          ...service.consumers.map((c) => consumerMetric(CONSUMER_METRICS.recordAge, c, Stats.MAXIMUM)),
        ],
        width: THIRD,
      }),
      new GraphWidget({
        title: 'Stream consumers: records handled (left), failures (right)',
        left: service.consumers.map((c) => consumerMetric(CONSUMER_METRICS.records, c, Stats.SUM)),
        right: service.consumers.map((c) => consumerMetric(CONSUMER_METRICS.failures, c, Stats.SUM)),
        width: THIRD,
      }),
      new GraphWidget({
        title: 'Queued jobs: steps, failed steps, oldest waiting (s)',
        left: service.jobQueues.flatMap(({ kind }) => [
          jobMetric(JOB_STEP_METRICS.steps, kind),
          jobMetric(JOB_STEP_METRICS.failures, kind),
        ]),
        right: service.jobQueues.map(({ kind, queue }) =>
          queue.metricApproximateAgeOfOldestMessage({ statistic: Stats.MAXIMUM, period: FIVE_MINUTES, label: kind }),
        ),
        width: THIRD,
      }),
    ],
    [
      new GraphWidget({
        title: 'Jobs: runs, errors, prices applied',
        left: jobs.flatMap(({ name, fn }) => [
          fn.metricInvocations({ period: Duration.hours(1), label: `${name} runs` }),
          fn.metricErrors({ period: Duration.hours(1), label: `${name} errors` }),
        ]),
        right: [
          appMetric(prefix, JOB_METRICS.pricesAutoApplied, { period: Duration.hours(1), label: 'prices auto-applied' }),
          appMetric(prefix, JOB_METRICS.pricingFailedCustomers, {
            period: Duration.hours(1),
            label: 'customers that failed',
          }),
        ],
        width: THIRD,
      }),
      new GraphWidget({
        title: 'Failure and dead-letter queues: messages waiting',
        left: [
          ...service.failureQueues.map(({ source, queue }) =>
            queue.metricApproximateNumberOfMessagesVisible({
              statistic: Stats.MAXIMUM,
              period: FIVE_MINUTES,
              label: source,
            }),
          ),
          ...service.jobQueues.map(({ kind, deadLetters }) =>
            deadLetters.metricApproximateNumberOfMessagesVisible({
              statistic: Stats.MAXIMUM,
              period: FIVE_MINUTES,
              label: `${kind} dead letters`,
            }),
          ),
        ],
        width: THIRD,
      }),
    ],
    [
      new GraphWidget({
        title: 'Business events (per hour)',
        left: Object.values(BUSINESS_METRICS).map((name) =>
          appMetric(prefix, name, { period: Duration.hours(1), label: name }),
        ),
        width: HALF,
      }),
      new SingleValueWidget({
        title: 'Business events in the selected time range',
        metrics: Object.values(BUSINESS_METRICS).map((name) => appMetric(prefix, name, { label: name })),
        setPeriodToTimeRange: true,
        width: HALF,
      }),
    ],
  ];

  return new Dashboard(scope, 'Dashboard', {
    dashboardName: prefix,
    defaultInterval: Duration.hours(12),
    widgets: rows,
  });
}
