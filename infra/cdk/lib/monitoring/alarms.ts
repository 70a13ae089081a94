import { Alarm, ComparisonOperator, type IMetric, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { CONSUMER_DIMENSION, CONSUMER_METRICS } from '@bo/functions/metric-names';
import { FIVE_MINUTES, appMetric, areaLatency, sumOf } from './metrics';

/**
 * A function to watch: a route's (its route id), the scheduled job's, the stream dispatcher's or a queued job's
 * (its name). Stream consumers are no functions: they are watched through the dispatcher's per-consumer metrics.
 */
export interface MonitoredFunction {
  readonly kind: 'route' | 'job' | 'dispatcher' | 'queued';
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
  /** The stream consumers the dispatcher runs (their metrics carry the `consumer` dimension). */
  readonly consumers: readonly string[];
  readonly failureQueues: ReadonlyArray<{ readonly source: string; readonly queue: IQueue }>;
  readonly jobQueues: ReadonlyArray<{ readonly kind: string; readonly queue: IQueue; readonly deadLetters: IQueue }>;
}

/**
 * Every threshold, in one place (docs/operations.md says why each is what it is). An alarm fires when
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
  /**
   * The oldest record the dispatcher has yet to read (IteratorAge), and the newest record a consumer got past
   * (ConsumerRecordAge: how far behind the table it is), for 10 minutes running.
   */
  iteratorAgeMs: 5 * 60_000,
  iteratorAgePeriods: 2,
  /** Failures of one consumer in 5 minutes: as many as it takes to give a record up (each is a retry of the stream). */
  consumerFailures: 5,
  /** A job's oldest waiting step: no step waits this long unless the job's function is failing or throttled. */
  jobStepAgeSeconds: 15 * 60,
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
 * subject says which deployment and what; descriptions say what to do first (docs/operations.md has more).
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
      alarmDescription: `${props.description} (docs/operations.md)`,
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
    const description = {
      job: `The scheduled ${name} job failed a run (or was throttled). Lambda retries it twice; a run that still fails lands in the jobs failure queue: npm run replay-failures.`,
      route: `Route ${name}: the function crashed, timed out or was throttled (Errors + Throttles). Read its log group; throttles mean the account's concurrency is exhausted.`,
      dispatcher: `The stream dispatcher crashed, timed out or was throttled: the stream retries the batch (bisecting it), then sends it to the dispatcher failure queue. Read its log group.`,
      queued: `A step of the ${name} job crashed, timed out or was throttled: its queue tries it again after the visibility timeout, then moves it to the job's dead-letter queue.`,
    }[kind];
    add(`${kind === 'route' ? 'Fn' : pascal(kind)}${pascal(name)}`, {
      name: kind === 'job' ? `job-${name}-failed` : kind === 'queued' ? `job-${name}-crashed` : `fn-${name}`,
      description,
      metric: failures,
      threshold: THRESHOLDS.functionFailures,
    });
    if (kind === 'dispatcher')
      add('IteratorAgeDispatcher', {
        name: 'stream-iterator-age',
        description: `The stream dispatcher is more than 5 minutes behind the table: every consumer (stock history, report figures) lags. A batch failing again and again holds the shard until its retries end; see the dispatcher's log.`,
        metric: fn.metric('IteratorAge', { statistic: Stats.MAXIMUM, period: FIVE_MINUTES }),
        threshold: THRESHOLDS.iteratorAgeMs,
        periods: THRESHOLDS.iteratorAgePeriods,
      });
  }

  for (const consumer of service.consumers) {
    const dimensions = { [CONSUMER_DIMENSION]: consumer };
    add(`ConsumerLag${pascal(consumer)}`, {
      name: `consumer-${consumer}-lag`,
      description: `The ${consumer} stream consumer handles records more than 5 minutes after they were written (ConsumerRecordAge): its figures or history lag. Look for its failures in the dispatcher's log.`,
      metric: appMetric(prefix, CONSUMER_METRICS.recordAge, { statistic: Stats.MAXIMUM, dimensions }),
      threshold: THRESHOLDS.iteratorAgeMs,
      periods: THRESHOLDS.iteratorAgePeriods,
    });
    add(`ConsumerFailures${pascal(consumer)}`, {
      name: `consumer-${consumer}-failing`,
      description: `The ${consumer} stream consumer failed on records again and again (the stream retries each from where it failed; after ${THRESHOLDS.consumerFailures} tries the record goes to its failure queue). The dispatcher's log names the record and the error.`,
      metric: appMetric(prefix, CONSUMER_METRICS.failures, { dimensions }),
      threshold: THRESHOLDS.consumerFailures,
    });
  }

  for (const { kind, queue, deadLetters } of service.jobQueues) {
    add(`JobDeadLetters${pascal(kind)}`, {
      name: `job-${kind}-dead-letters`,
      description: `Steps of the ${kind} job failed every try and wait in its dead-letter queue: fix the cause, then npm run replay-failures -- --source ${kind} (it redrives them to the job's queue).`,
      metric: deadLetters.metricApproximateNumberOfMessagesVisible({ statistic: Stats.MAXIMUM, period: FIVE_MINUTES }),
      threshold: THRESHOLDS.failedMessages,
    });
    add(`JobBacklog${pascal(kind)}`, {
      name: `job-${kind}-backlog`,
      description: `A step of the ${kind} job has waited more than 15 minutes in its queue: the job's function is failing, throttled or its event source is disabled.`,
      metric: queue.metricApproximateAgeOfOldestMessage({ statistic: Stats.MAXIMUM, period: FIVE_MINUTES }),
      threshold: THRESHOLDS.jobStepAgeSeconds,
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
      description: `${source === 'jobs' ? 'Failed scheduled job runs' : source === 'dispatcher' ? 'Stream batches the dispatcher failed' : `Records the ${source} consumer gave up on`} are waiting in their failure queue: fix the cause, then npm run replay-failures -- --source ${source}.`,
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
