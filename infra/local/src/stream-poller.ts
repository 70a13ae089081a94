import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { CONSUMERS, type ConsumerName, matchesConsumer } from '@bo/events/consumers';
import { appendFailure, streamBatchFailureRecord } from '@bo/events/replay/local';
import { LOCAL_REGION } from './provision';

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

/** Where a consumer has read up to, per shard; kept in the stack's folder so a restart resumes. */
interface Checkpoint {
  streamArn: string;
  /** Last sequence number handled, per shard. */
  shards: Record<string, string>;
  /** Shards closed and read to the end. */
  done: string[];
}

const IDLE_MS = 400;
const BUSY_MS = 20;
/**
 * A batch the handler keeps failing is skipped after this many tries, its position written to the stack's
 * failure queue for the consumer (`<dir>/failures/<consumer>.jsonl`), as Lambda's on-failure destination does.
 */
const MAX_TRIES = 4;

/**
 * The table's stream consumers, run locally as Lambda's event source mappings run them in AWS: one poller per
 * consumer of events/src/consumers reads DynamoDB Local's stream (DescribeStream, GetShardIterator,
 * GetRecords), keeps the records its filter matches and hands them to the consumer's handler in process as a
 * DynamoDBStreamEvent. A record the handler reports failed is retried from there; the position is saved under
 * the stack's folder after each batch.
 */
export function startStreamConsumers(options: PollerOptions): { stop: () => Promise<void>; idle: () => Promise<void> } {
  const pollers = (Object.keys(CONSUMERS) as ConsumerName[]).map((name) => new StreamPoller(name, options));
  for (const poller of pollers) poller.start();
  return {
    stop: async () => {
      await Promise.all(pollers.map((p) => p.stop()));
    },
    idle: async () => {
      await Promise.all(pollers.map((p) => p.caughtUp()));
    },
  };
}

interface PollerOptions {
  endpoint: string;
  streamArn: string;
  dir: string;
  log: (line: string) => void;
  /** The handler of a consumer; default: its TypeScript module, imported in process. */
  handlerFor?: (name: ConsumerName) => StreamHandler;
}

class StreamPoller {
  private readonly client: DynamoDBStreamsClient;
  private readonly file: string;
  private checkpoint: Checkpoint;
  private readonly iterators = new Map<string, string>();
  private handler?: Promise<StreamHandler>;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private tries = 0;
  private waiting: Array<() => void> = [];

  constructor(
    private readonly name: ConsumerName,
    private readonly options: PollerOptions,
  ) {
    this.client = new DynamoDBStreamsClient({
      endpoint: options.endpoint,
      region: LOCAL_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    this.file = join(options.dir, `stream-${name}.json`);
    const saved = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Checkpoint) : undefined;
    this.checkpoint =
      saved?.streamArn === options.streamArn ? saved : { streamArn: options.streamArn, shards: {}, done: [] };
  }

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.client.destroy();
  }

  /** Resolves once a poll has found nothing new. */
  caughtUp(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.poll().then(
        (busy) => {
          if (!busy) for (const resolve of this.waiting.splice(0)) resolve();
          this.schedule(busy ? BUSY_MS : IDLE_MS);
        },
        (error: unknown) => {
          this.options.log(`stream ${this.name}: ${error instanceof Error ? error.message : String(error)}`);
          this.schedule(IDLE_MS * 5);
        },
      );
    }, ms);
    this.timer.unref();
  }

  /** One pass over the open shards (parents before children); true if it handled any record. */
  private async poll(): Promise<boolean> {
    const shards = await this.shards();
    const known = new Set(shards.map((s) => s.ShardId));
    let busy = false;
    for (const shard of shards) {
      const id = shard.ShardId!;
      if (this.stopped) break;
      if (this.checkpoint.done.includes(id)) continue;
      const parent = shard.ParentShardId;
      if (parent && known.has(parent) && !this.checkpoint.done.includes(parent)) continue;
      busy = (await this.readShard(id)) || busy;
    }
    return busy;
  }

  private async shards(): Promise<Shard[]> {
    const out: Shard[] = [];
    let ExclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await this.client.send(
        new DescribeStreamCommand({ StreamArn: this.options.streamArn, ExclusiveStartShardId }),
      );
      out.push(...(StreamDescription?.Shards ?? []));
      ExclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (ExclusiveStartShardId);
    return out;
  }

  private async iterator(shardId: string): Promise<string | undefined> {
    const kept = this.iterators.get(shardId);
    if (kept) return kept;
    const after = this.checkpoint.shards[shardId];
    const { ShardIterator } = await this.client.send(
      new GetShardIteratorCommand({
        StreamArn: this.options.streamArn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return ShardIterator;
  }

  /** Reads one batch of a shard; true if it held records. */
  private async readShard(shardId: string): Promise<boolean> {
    let page;
    try {
      const ShardIterator = await this.iterator(shardId);
      if (!ShardIterator) return this.finish(shardId);
      page = await this.client.send(new GetRecordsCommand({ ShardIterator, Limit: 1000 }));
    } catch (error) {
      this.iterators.delete(shardId);
      const name = (error as { name?: string }).name;
      if (name === 'ExpiredIteratorException') return true;
      if (name === 'TrimmedDataAccessException') {
        delete this.checkpoint.shards[shardId];
        return true;
      }
      throw error;
    }
    const records = page.Records ?? [];
    if (records.length > 0 && !(await this.handle(shardId, records))) return true;
    if (page.NextShardIterator) this.iterators.set(shardId, page.NextShardIterator);
    else this.finish(shardId);
    return records.length > 0;
  }

  /** Hands the matching records to the handler; false if it must be retried from the checkpoint. */
  private async handle(shardId: string, records: _Record[]): Promise<boolean> {
    const { filter } = CONSUMERS[this.name];
    const matching = records.filter((r) => matchesConsumer(filter, r as Parameters<typeof matchesConsumer>[1]));
    if (matching.length > 0) {
      const handler = await (this.handler ??= this.options.handlerFor
        ? Promise.resolve(this.options.handlerFor(this.name))
        : CONSUMERS[this.name].load().then((m) => m.handler as StreamHandler));
      const result = await handler({ Records: matching.map(toLambdaRecord) }).catch((error: unknown) => ({
        error,
        batchItemFailures: [{ itemIdentifier: matching[0]!.dynamodb!.SequenceNumber! }],
      }));
      const failed = result?.batchItemFailures?.[0]?.itemIdentifier;
      if (failed !== undefined && ++this.tries < MAX_TRIES) {
        // Resume from the record before the failed one (the iterator is read again from the checkpoint).
        const index = records.findIndex((r) => r.dynamodb?.SequenceNumber === failed);
        if (index > 0) this.save(shardId, records[index - 1]!.dynamodb!.SequenceNumber!);
        this.iterators.delete(shardId);
        return false;
      }
      if (failed !== undefined) {
        const from = matching.findIndex((r) => r.dynamodb?.SequenceNumber === failed);
        const batch = matching.slice(Math.max(0, from));
        appendFailure(
          this.options.dir,
          this.name,
          streamBatchFailureRecord({
            consumer: this.name,
            streamArn: this.options.streamArn,
            shardId,
            startSequenceNumber: batch[0]!.dynamodb!.SequenceNumber!,
            endSequenceNumber: batch.at(-1)!.dynamodb!.SequenceNumber!,
            batchSize: batch.length,
            attempts: MAX_TRIES,
          }),
        );
        this.options.log(
          `stream ${this.name}: skipped ${batch.length} record(s) from ${failed} after ${MAX_TRIES} tries; \`npm run replay-failures -- --local\` runs them again`,
        );
      }
    }
    this.tries = 0;
    this.save(shardId, records.at(-1)!.dynamodb!.SequenceNumber!);
    return true;
  }

  private finish(shardId: string): boolean {
    this.iterators.delete(shardId);
    this.checkpoint.done.push(shardId);
    delete this.checkpoint.shards[shardId];
    this.write();
    return false;
  }

  private save(shardId: string, sequenceNumber: string): void {
    this.checkpoint.shards[shardId] = sequenceNumber;
    this.write();
  }

  private write(): void {
    writeFileSync(this.file, `${JSON.stringify(this.checkpoint)}\n`);
  }
}

/** A Streams API record as Lambda delivers it (the creation time in epoch seconds). */
const toLambdaRecord = (record: _Record): DynamoDBRecord =>
  ({
    ...record,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: Math.floor((record.dynamodb?.ApproximateCreationDateTime?.getTime() ?? 0) / 1000),
    },
  }) as DynamoDBRecord;
