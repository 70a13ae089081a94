/**
 * DynamoDB stream records as Lambda's filters see them, whether a filter pattern lets one through, and the
 * synthesized app's mapping of the table's stream.
 */
import type { Stack } from 'aws-cdk-lib';
import { expect } from 'vitest';
import { appSynth, type Resource } from './app-synth';

/** A DynamoDB stream record as Lambda's filters and the dispatcher see it (REMOVE: no new image). */
export type StreamRecord = {
  eventName: string;
  dynamodb: { Keys: { pk: { S: string }; sk: { S: string } }; NewImage?: Record<string, { S: string }> };
};
export const streamRecord = (eventName: string, pk: string, entity?: string): StreamRecord => ({
  eventName,
  dynamodb: {
    Keys: { pk: { S: pk }, sk: { S: '$bo#x_1' } },
    ...(eventName === 'REMOVE'
      ? {}
      : { NewImage: { pk: { S: pk }, sk: { S: '$bo#x_1' }, ...(entity ? { __edb_e__: { S: entity } } : {}) } }),
  },
});
/**
 * Whether a Lambda filter pattern lets `event` through. The mapping's patterns use exact values only (a list of
 * strings per field, what FilterRule.or and isEqual write); any other operator fails here, to get a check of its own.
 */
export function passes(pattern: unknown, event: unknown): boolean {
  if (Array.isArray(pattern)) {
    expect(
      pattern.every((v) => typeof v === 'string'),
      `an operator this test does not evaluate: ${JSON.stringify(pattern)}`,
    ).toBe(true);
    return typeof event === 'string' && pattern.includes(event);
  }
  expect(typeof pattern, JSON.stringify(pattern)).toBe('object');
  return Object.entries(pattern as Record<string, unknown>).every(
    ([key, inner]) =>
      typeof event === 'object' && event !== null && passes(inner, (event as Record<string, unknown>)[key]),
  );
}

// The one mapping of the synthesized app's table stream, and what its filters let through.
export const mappingsOf = (stack: Stack) =>
  Object.values(
    appSynth().template(stack).findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>,
  ).map((m) => m.Properties);
export const readsStream = (m: Record<string, unknown>) => JSON.stringify(m.EventSourceArn).includes('TableStreamArn');
export const streamMapping = () => {
  const mappings = appSynth().stacks.flatMap(mappingsOf).filter(readsStream);
  expect(mappings).toHaveLength(1);
  return mappings[0]!;
};
export const patterns = () =>
  (streamMapping().FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map(
    (f) => JSON.parse(f.Pattern) as unknown,
  );
/** Whether one of the mapping's filters lets a stream record through (what Lambda evaluates before invoking). */
export const letsThrough = (record: StreamRecord) => patterns().some((p) => passes(p, record));
