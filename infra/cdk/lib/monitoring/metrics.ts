import { Duration } from 'aws-cdk-lib';
import { type IMetric, MathExpression, Metric, type MetricOptions } from 'aws-cdk-lib/aws-cloudwatch';
import { API_LATENCY_METRIC, AREA_DIMENSION } from '@bo/functions/metric-names';

/**
 * The CloudWatch namespace of the back end's own metrics (functions/src/metrics.ts): the stack prefix, so two
 * deployments in one account (`backoffice`, `backoffice-staging`) never mix their figures or alarms.
 */
export const metricsNamespace = (prefix: string): string => prefix;

/** POWERTOOLS_SERVICE_NAME of every function (backoffice-function.ts): the `service` dimension. */
export const SERVICE = 'backoffice';

export const FIVE_MINUTES = Duration.minutes(5);

/** One of the back end's EMF metrics, with the `service` dimension every one of them carries. */
export function appMetric(
  prefix: string,
  metricName: string,
  options: MetricOptions & { dimensions?: Record<string, string> } = {},
): Metric {
  return new Metric({
    namespace: metricsNamespace(prefix),
    metricName,
    period: FIVE_MINUTES,
    statistic: 'Sum',
    ...options,
    dimensionsMap: { service: SERVICE, ...options.dimensions },
  });
}

/** `ApiLatency` of one route area (milliseconds from API Gateway's receipt to the response). */
export const areaLatency = (prefix: string, area: string, statistic = 'p99'): Metric =>
  appMetric(prefix, API_LATENCY_METRIC, { statistic, dimensions: { [AREA_DIMENSION]: area }, label: area });

/**
 * The sum of several metrics, each missing datapoint counted as 0. A plain `a + b` is missing wherever one
 * term is, and AWS publishes some counts (DynamoDB's ThrottledRequests, Lambda's Throttles) only when they
 * are not zero, so an alarm on it would never see a throttle that happened on one operation only.
 * CloudWatch alarms take at most 10 metrics.
 */
export function sumOf(metrics: readonly IMetric[], label: string, period = FIVE_MINUTES): MathExpression {
  if (metrics.length === 0 || metrics.length > 10)
    throw new Error(`sumOf takes 1 to 10 metrics: got ${metrics.length}`);
  return filledSum(metrics, label, period);
}

/** The same over any number of metrics, for graphs (which have no 10-metric limit). */
export function filledSum(metrics: readonly IMetric[], label: string, period = FIVE_MINUTES): MathExpression {
  const usingMetrics = metricIds(metrics, label);
  return new MathExpression({
    expression: Object.keys(usingMetrics)
      .map((id) => `FILL(${id}, 0)`)
      .join(' + '),
    usingMetrics,
    label,
    period,
  });
}

/**
 * Ids for the metrics of one expression, unique within a graph that shows several expressions (CloudWatch
 * wants them to start with a lower-case letter): from the expression's label, then the position.
 */
export function metricIds(metrics: readonly IMetric[], label: string): Record<string, IMetric> {
  const stem = `m_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  return Object.fromEntries(metrics.map((metric, i) => [`${stem}_${i}`, metric]));
}
