/** Replaying the failure queues (`npm run replay-failures`, infra/cdk/scripts/replay-failures.ts). */
export * from './aws';
export * from './local';
export * from './queues';
export * from './records';
export * from './replay';
export { readBatch, RecordsTrimmed } from './stream-batch';
