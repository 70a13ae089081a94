import { Alarm, ComparisonOperator, type IMetric, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { FIVE_MINUTES, areaLatency, sumOf } from './metrics';

/** A function to watch: a route's (its route id), a scheduled job's or a stream consumer's (its name). */
export interface MonitoredFunction {
  readonly kind: 'route' | 'job' | 'consumer';
  readonly name: string;
  readonly fn: IFunction;
  /** A route's area (its route stack's). */
  readonly area?: string;
}

/** A route area (one `backoffice-routes-<area>` stack or several), and whether it serves long-running routes. */
export interface MonitoredArea {
  readonly area: string;
  readonly longRunning: boolean;
}

export interface MonitoredService {
  readonly prefix: string;
  readonly httpApi: IHttpApi;
  readonly table: ITable;
  readonly areas: readonly MonitoredArea[];
  readonly functions: readonly MonitoredFunction[];
  readonly failureQueues: ReadonlyArray<{ readonly source: string; readonly queue: IQueue }>;
}

/**
 * Every threshold, in one place (README "Operating it" says why each is what it is). An alarm fires when
 * its metric is at or above the threshold in `periods` consecutive 5-minute periods; no data is "OK"
 * (no traffic, no failures).
 */
export const THRESHOLDS = {
  /** 5xx answers of the API in 5 minutes: every 5xx is a bug here, three are a pattern rather than a blip. */
  api5xx: 3,
  /** p99 of `ApiLatency` per area, cold starts included, for 15 minutes running. */
  latencyP99Ms: 3_000,
  /** The same for areas with routes that may run up to 29 s (bulk pricing): only a sustained slowdown. */
  longRunningLatencyP99Ms: 10_000,
  latencyPeriods: 3,
  /** Lambda errors + throttles of one function in 5 minutes. */
  functionFailures: 1,
  /** DynamoDB throttled requests / system errors in 5 minutes. */
  tableThrottles: 1,
  tableSystemErrors: 1,
  /** The oldest record a stream consumer has yet to handle, for 10 minutes running. */
  iteratorAgeMs: 5 * 60_000,
  iteratorAgePeriods: 2,
  /** Messages waiting in a failure queue. */
  failedMessages: 1,
} as const;

/**
 * A route that may run close to the HTTP API's 30 s (bulk pricing, `timeoutSeconds` 29): its area's latency alarm
 * uses `longRunningLatencyP99Ms`. Routes given 20 s as a margin (the open-orders lists) do not count.
 */
export const isBulkRoute = (row: { timeoutSeconds?: number }): boolean => (row.timeoutSeconds ?? 0) >= 25;

/** The table operations the back end calls (functions/src/data/core) and the consumer's stream reads. */
const TABLE_WRITES = [
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];
const TABLE_READS = [Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.QUERY];

/**
 * The service's alarms, each sending ALARM and OK to the one topic. Names are `<prefix>-<what>` so a mail's
 * subject says which deployment and what; descriptions say what to do first (README "Operating it" has more).
 */
export function createAlarms(scope: Construct, service: MonitoredService, topic: ITopic): Alarm[] {
  const { prefix, table } = service;
  const alarms: Alarm[] = [];
  const add = (
    id: string,
    props: { name: string; description: string; metric: IMetric; threshold: number; periods?: number },
  ) => {
    const alarm = new Alarm(scope, id, {
      alarmName: `${prefix}-${props.name}`,
      alarmDescription: `${props.description} (README: Operating it)`,
      metric: props.metric,
      threshold: props.threshold,
      evaluationPeriods: props.periods ?? 1,
      datapointsToAlarm: props.periods ?? 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(topic));
    alarm.addOkAction(new SnsAction(topic));
    alarms.push(alarm);
  };

  add('Api5xx', {
    name: 'api-5xx',
    description:
      'The API answered 5xx: a handler threw (its log has "Unhandled error"), timed out or failed to start. Find the route in the API access log (status 5xx), then its function log.',
    metric: service.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: Stats.SUM }),
    threshold: THRESHOLDS.api5xx,
  });

  for (const { area, longRunning } of service.areas)
    add(`Latency${pascal(area)}`, {
      name: `latency-p99-${area}`,
      description: `p99 of ApiLatency of the ${area} routes (API Gateway receipt to response, cold starts included) stayed high for 15 minutes. Check the dashboard for which function's Duration or the table's latency rose.`,
      metric: areaLatency(prefix, area),
      threshold: longRunning ? THRESHOLDS.longRunningLatencyP99Ms : THRESHOLDS.latencyP99Ms,
      periods: THRESHOLDS.latencyPeriods,
    });

  for (const { kind, name, fn } of service.functions) {
    const failures = sumOf([fn.metricErrors(), fn.metricThrottles()], `${name} errors + throttles`);
    const description =
      kind === 'job'
        ? `The scheduled ${name} job failed a run (or was throttled). Lambda retries it twice; a run that still fails lands in the jobs failure queue: npm run replay-failures.`
        : `${kind === 'route' ? 'Route' : 'Stream consumer'} ${name}: the function crashed, timed out or was throttled (Errors + Throttles). Read its log group; throttles mean the account's concurrency is exhausted.`;
    add(`${kind === 'route' ? 'Fn' : pascal(kind)}${pascal(name)}`, {
      name: kind === 'job' ? `job-${name}-failed` : `fn-${name}`,
      description,
      metric: failures,
      threshold: THRESHOLDS.functionFailures,
    });
    if (kind === 'consumer')
      add(`IteratorAge${pascal(name)}`, {
        name: `stream-${name}-iterator-age`,
        description: `The ${name} stream consumer is more than 5 minutes behind the table (stock history lags). A batch failing again and again holds its shard until its retries end; see the consumer's log.`,
        metric: fn.metric('IteratorAge', { statistic: Stats.MAXIMUM, period: FIVE_MINUTES }),
        threshold: THRESHOLDS.iteratorAgeMs,
        periods: THRESHOLDS.iteratorAgePeriods,
      });
  }

  add('TableThrottles', {
    name: 'table-throttles',
    description:
      'DynamoDB throttled requests on the table (on demand: a hot partition or the account table limits). The requests were retried by the SDK and may have failed with 5xx.',
    metric: sumOf(
      [...TABLE_READS, ...TABLE_WRITES].map((op) => tableOperationMetric(table, 'ThrottledRequests', op)),
      'Throttled requests',
    ),
    threshold: THRESHOLDS.tableThrottles,
  });
  add('TableSystemErrors', {
    name: 'table-system-errors',
    description:
      'DynamoDB answered 500s (system errors) to the table calls. Usually transient on AWS side; check the AWS Health Dashboard if it persists.',
    metric: sumOf(
      [...TABLE_READS, ...TABLE_WRITES, Operation.GET_RECORDS].map((op) =>
        tableOperationMetric(table, 'SystemErrors', op),
      ),
      'System errors',
    ),
    threshold: THRESHOLDS.tableSystemErrors,
  });

  for (const { source, queue } of service.failureQueues)
    add(`Failures${pascal(source)}`, {
      name: `failures-${source}`,
      description: `Failed ${source === 'jobs' ? 'job runs' : `${source} stream batches`} are waiting in their failure queue: fix the cause, then npm run replay-failures -- --source ${source}.`,
      metric: queue.metricApproximateNumberOfMessagesVisible({ statistic: Stats.MAXIMUM, period: FIVE_MINUTES }),
      threshold: THRESHOLDS.failedMessages,
    });

  return alarms;
}

/** A per-operation table metric (DynamoDB publishes ThrottledRequests and SystemErrors only by operation). */
export const tableOperationMetric = (table: ITable, metricName: string, operation: string) =>
  table.metric(metricName, {
    dimensionsMap: { TableName: table.tableName, Operation: operation },
    statistic: Stats.SUM,
    period: FIVE_MINUTES,
  });

/** `orders.new` -> `OrdersNew`, `refresh-pricing` -> `RefreshPricing`. */
export const pascal = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');
