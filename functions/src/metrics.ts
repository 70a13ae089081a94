import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import type { BusinessMetric, JOB_METRICS } from './metric-names';

export * from './metric-names';

let instance: Metrics | undefined;

/**
 * The one metrics buffer of the back end (CloudWatch embedded metric format, written to stdout). Import it as
 * `#metrics` (or `@bo/functions/metrics` from events/). The CDK sets POWERTOOLS_METRICS_NAMESPACE and
 * POWERTOOLS_SERVICE_NAME. Created on first use rather than at import, because Powertools reads its switches
 * when constructed and the local stack imports the data layer before it sets POWERTOOLS_DEV (which turns
 * emission off there unless POWERTOOLS_METRICS_DISABLED=false says otherwise).
 */
export function metrics(): Metrics {
  instance ??= new Metrics({
    namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || 'backoffice',
    serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'backoffice',
  });
  return instance;
}

/** Counts one committed business event; call it only after the write succeeded, never on a replay. */
export function countBusinessEvent(name: BusinessMetric): void {
  metrics().addMetric(name, MetricUnit.Count, 1);
}

/** Adds a count of a job or consumer run to the buffer; zero is recorded too, so a quiet run shows as 0. */
export function countJobMetric(name: (typeof JOB_METRICS)[keyof typeof JOB_METRICS], value: number): void {
  metrics().addMetric(name, MetricUnit.Count, value);
}

/**
 * Writes what the invocation buffered. Powertools' own `logMetrics` middleware would also log a warning
 * on every invocation that recorded nothing (most requests), so this flushes only a non-empty buffer.
 */
export function flushMetrics(): void {
  if (instance?.hasStoredMetrics()) instance.publishStoredMetrics();
}

/**
 * The `ColdStart` metric, on an execution environment's first invocation only (its own EMF document, with the
 * function's name as the `function_name` dimension).
 */
export function captureColdStart(functionName: string | undefined): void {
  metrics().captureColdStartMetric(functionName);
}

/**
 * A job's or stream consumer's handler with its invocation's metrics: the cold start, and what it counted
 * flushed when it ends, returned or thrown. (API routes get the same from the `api()` middleware.)
 */
export function withInvocationMetrics<F extends (...args: never[]) => Promise<unknown>>(fn: F): F {
  return (async (...args: Parameters<F>) => {
    // Lambda calls every handler with (event, context), whatever it declares.
    captureColdStart((args[1] as Context | undefined)?.functionName);
    try {
      return await fn(...args);
    } finally {
      flushMetrics();
    }
  }) as F;
}

/** Adds metrics with one extra dimension (a consumer's or job's name) as their own EMF document, written now. */
export function recordDimensioned(
  dimension: string,
  value: string,
  values: ReadonlyArray<readonly [name: string, unit: 'Count' | 'Milliseconds', amount: number]>,
): void {
  const single = metrics().singleMetric();
  single.addDimension(dimension, value);
  for (const [name, unit, amount] of values)
    single.addMetric(name, unit === 'Count' ? MetricUnit.Count : MetricUnit.Milliseconds, amount);
}
