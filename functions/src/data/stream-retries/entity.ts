import { defineEntity } from '../core';

/**
 * How often a stream consumer failed on one record (functions of the stream dispatcher, events/src/stream): the
 * dispatcher reports the record to Lambda, which retries the batch from it, until this count reaches the limit;
 * then the record goes to that consumer's failure queue and the stream moves on. Written only when a consumer
 * fails, so it costs nothing on the healthy path; it expires a day after the last failure (TTL).
 *
 * Access pattern: primary — pk consumer + eventId (one UpdateItem that adds 1 and answers the count).
 */
export interface StreamRetryItem {
  consumer: string;
  /** The stream record's eventID (unique per record of the stream). */
  eventId: string;
  attempts: number;
  /** Epoch seconds (the table's TTL attribute). */
  expiresAt: number;
  lastError?: string;
}

export const streamRetryEntity = defineEntity<StreamRetryItem>()({
  entity: 'streamRetry',
  version: '1',
  primary: { pk: ['consumer', 'eventId'], sk: [] },
});
