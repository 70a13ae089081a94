import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { mappingFilters, matchesConsumer } from '@bo/events/consumers';
import { localFunctionArn, streamBatchFailureRecord } from '@bo/events/replay/local';
import { sendFailureRecord } from '@bo/functions/data/queues';
import { DISPATCHER_BATCH_SIZE, DISPATCHER_RETRY_ATTEMPTS } from '../../cdk/lib/stacks/jobs-stack';
import { LOCAL_REGION } from './provision';

export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | void>;

/** Where the dispatcher has read up to, per shard; kept in the stack's folder so a restart resumes. */
interface Checkpoint {
  streamArn: string;
  /** Last sequence number handled, per shard. */
  shards: Record<string, string>;
  /** Shards closed and read to the end. */
  done: string[];
}

/** Records read per GetRecords (the Streams API's maximum). */
const PAGE = 1000;
/** After a poll that found nothing the wait doubles from this, up to IDLE_MAX_MS: an idle stack makes a call a second. */
const IDLE_MIN_MS = 50;
const IDLE_MAX_MS = 1000;
/** The shards are listed again this often (and whenever one closes): new shards are rare. */
const DESCRIBE_EVERY_MS = 10_000;
/** A failed batch is tried again after this much per attempt (Lambda retries at once; this keeps a loop cool). */
const RETRY_DELAY_MS = 100;
const DISPATCHER_TIMEOUT_MS = 300_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seqOf = (r: { dynamodb?: { SequenceNumber?: string } }) => r.dynamodb?.SequenceNumber ?? '';

/**
 * The table's stream, read locally as Lambda's event source mapping reads it for the dispatcher (the one reader,
 * ARCHITECTURE.md "Events and jobs"): one poller over the shards (parents before children), records kept to what
 * the mapping's filters let through (`mappingFilters`), handed to the dispatcher in batches of its batch size. A
 * record the dispatcher reports failed is retried from there; a batch it throws on is bisected and each half
 * retried, up to the mapping's retry attempts, then its position goes to the dispatcher's failure queue as
 * Lambda's on-failure destination would put it. The stream is described at start, when a shard closes and every
 * ten seconds; polls back off to one a second when there is nothing to read.
 */
export function startStreamPoller(options: PollerOptions): { stop: () => Promise<void>; idle: () => Promise<void> } {
  const poller = new StreamPoller(options);
  poller.start();
  return { stop: () => poller.stop(), idle: () => poller.caughtUp() };
}

interface PollerOptions {
  endpoint: string;
  streamArn: string;
  dir: string;
  log: (line: string) => void;
  /** The dispatcher; default its TypeScript module, imported in process. */
  handler?: StreamHandler;
}

class StreamPoller {
  private readonly client: DynamoDBStreamsClient;
  private readonly file: string;
  private checkpoint: Checkpoint;
  private readonly iterators = new Map<string, string>();
  private readonly filters = mappingFilters();
  private handler?: Promise<StreamHandler>;
  private shards: Shard[] = [];
  private describedAt = 0;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private idleMs = IDLE_MIN_MS;
  private waiting: Array<() => void> = [];

  constructor(private readonly options: PollerOptions) {
    this.client = new DynamoDBStreamsClient({
      endpoint: options.endpoint,
      region: LOCAL_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    this.file = join(options.dir, 'stream-dispatcher.json');
    this.checkpoint = this.load();
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
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      // An idle poller waits up to a second: look now.
      if (!this.running) this.schedule(0);
    });
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.poll().then(
        (busy) => {
          this.running = undefined;
          if (!busy) for (const resolve of this.waiting.splice(0)) resolve();
          this.idleMs = busy ? IDLE_MIN_MS : Math.min(IDLE_MAX_MS, this.idleMs * 2);
          this.schedule(busy ? 0 : this.idleMs);
        },
        (error: unknown) => {
          this.running = undefined;
          this.options.log(`stream: ${error instanceof Error ? error.message : String(error)}`);
          this.schedule(IDLE_MAX_MS * 5);
        },
      );
    }, ms);
    this.timer.unref();
  }

  /** One pass over the open shards (parents before children); true if it handled any record. */
  private async poll(): Promise<boolean> {
    if (Date.now() - this.describedAt > DESCRIBE_EVERY_MS) await this.describe();
    const known = new Set(this.shards.map((s) => s.ShardId));
    let busy = false;
    for (const shard of this.shards) {
      const id = shard.ShardId!;
      if (this.stopped) break;
      if (this.checkpoint.done.includes(id)) continue;
      const parent = shard.ParentShardId;
      if (parent && known.has(parent) && !this.checkpoint.done.includes(parent)) continue;
      busy = (await this.readShard(id)) || busy;
    }
    return busy;
  }

  private async describe(): Promise<void> {
    const out: Shard[] = [];
    let ExclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await this.client.send(
        new DescribeStreamCommand({ StreamArn: this.options.streamArn, ExclusiveStartShardId }),
      );
      out.push(...(StreamDescription?.Shards ?? []));
      ExclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (ExclusiveStartShardId);
    this.shards = out;
    this.describedAt = Date.now();
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

  /** Reads one page of a shard and runs it; true if it held records. */
  private async readShard(shardId: string): Promise<boolean> {
    let page;
    try {
      const ShardIterator = await this.iterator(shardId);
      if (!ShardIterator) return this.finish(shardId);
      page = await this.client.send(new GetRecordsCommand({ ShardIterator, Limit: PAGE }));
    } catch (error) {
      this.iterators.delete(shardId);
      const name = (error as { name?: string }).name;
      if (name === 'ExpiredIteratorException') return true;
      if (name === 'TrimmedDataAccessException') {
        delete this.checkpoint.shards[shardId];
        return true;
      }
      if (name === 'ResourceNotFoundException') {
        this.describedAt = 0;
        return true;
      }
      throw error;
    }
    const records = page.Records ?? [];
    if (records.length > 0) {
      await this.runPage(shardId, records);
      this.save(shardId, seqOf(records.at(-1)!));
    }
    if (page.NextShardIterator) this.iterators.set(shardId, page.NextShardIterator);
    else this.finish(shardId);
    return records.length > 0;
  }

  /** The page's records that pass the mapping's filters, in batches to the dispatcher, one after the other. */
  private async runPage(shardId: string, records: _Record[]): Promise<void> {
    const passing = records.map((r) => toLambdaRecord(r, this.options.streamArn)).filter((r) => this.passes(r));
    for (let at = 0; at < passing.length; at += DISPATCHER_BATCH_SIZE)
      await this.runBatch(shardId, passing.slice(at, at + DISPATCHER_BATCH_SIZE), 0);
  }

  private passes(record: DynamoDBRecord): boolean {
    return this.filters.some((f) =>
      matchesConsumer({ pk: f.pk, eventNames: f.eventNames, entity: f.entities }, record as never),
    );
  }

  /**
   * One batch through the dispatcher, as the mapping runs it: a reported record is retried from (the ones before
   * it are done), a thrown batch is split in two and each half run on its own; after the retry attempts the batch
   * goes to the failure queue. The shard waits meanwhile, as it does in AWS.
   */
  private async runBatch(shardId: string, batch: DynamoDBRecord[], attempt: number): Promise<void> {
    const handler = await (this.handler ??= this.options.handler
      ? Promise.resolve(this.options.handler)
      : import('@bo/events/stream').then((m) => m.handler as unknown as StreamHandler));
    const started = Date.now();
    const context = {
      functionName: 'dispatcher',
      invokedFunctionArn: localFunctionArn('dispatcher'),
      awsRequestId: crypto.randomUUID(),
      getRemainingTimeInMillis: () => Math.max(0, DISPATCHER_TIMEOUT_MS - (Date.now() - started)),
    } as Context;
    let failed: string | undefined;
    let thrown: unknown;
    try {
      const result = await handler({ Records: batch }, context);
      failed = result?.batchItemFailures?.[0]?.itemIdentifier;
    } catch (error) {
      thrown = error;
    }
    if (failed === undefined && thrown === undefined) return;
    if (attempt + 1 <= DISPATCHER_RETRY_ATTEMPTS) {
      await sleep(RETRY_DELAY_MS * (attempt + 1));
      if (thrown !== undefined && batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        await this.runBatch(shardId, batch.slice(0, half), attempt + 1);
        return this.runBatch(shardId, batch.slice(half), attempt + 1);
      }
      const from = failed
        ? Math.max(
            0,
            batch.findIndex((r) => seqOf(r) === failed),
          )
        : 0;
      return this.runBatch(shardId, batch.slice(from), attempt + 1);
    }
    await sendFailureRecord(
      'dispatcher',
      streamBatchFailureRecord({
        consumer: 'dispatcher',
        streamArn: this.options.streamArn,
        shardId,
        startSequenceNumber: seqOf(batch[0]!),
        endSequenceNumber: seqOf(batch.at(-1)!),
        batchSize: batch.length,
        attempts: attempt + 1,
      }),
    );
    this.options.log(
      `stream: the dispatcher failed ${batch.length} record(s) from ${seqOf(batch[0]!)} after ${attempt + 1} tries; \`npm run replay-failures -- --local\` runs them again`,
    );
  }

  private finish(shardId: string): boolean {
    this.iterators.delete(shardId);
    this.checkpoint.done.push(shardId);
    delete this.checkpoint.shards[shardId];
    this.describedAt = 0;
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

  /**
   * The saved position; a stack kept from when each consumer read the stream itself starts from the earliest
   * position any of them had reached (the consumers are idempotent: records seen twice add nothing).
   */
  private load(): Checkpoint {
    const fresh = { streamArn: this.options.streamArn, shards: {}, done: [] };
    const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Checkpoint;
    if (existsSync(this.file)) {
      const saved = read(this.file);
      return saved.streamArn === this.options.streamArn ? saved : fresh;
    }
    const old = readdirSync(this.options.dir)
      .filter((f) => /^stream-.+\.json$/.test(f))
      .map((f) => read(join(this.options.dir, f)))
      .filter((c) => c.streamArn === this.options.streamArn);
    if (old.length === 0) return fresh;
    const shards: Record<string, string> = {};
    for (const id of new Set(old.flatMap((c) => Object.keys(c.shards)))) {
      const positions = old.map((c) => c.shards[id]);
      if (positions.every((p) => p !== undefined))
        shards[id] = positions.reduce((a, b) => (BigInt(a!) < BigInt(b!) ? a : b))!;
    }
    const done = old[0]!.done.filter((id) => old.every((c) => c.done.includes(id)));
    return { ...fresh, shards, done };
  }
}

/** A Streams API record as Lambda delivers it: the creation time in epoch seconds, the stream as its source. */
const toLambdaRecord = (record: _Record, streamArn: string): DynamoDBRecord =>
  ({
    ...record,
    eventSourceARN: streamArn,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: Math.floor((record.dynamodb?.ApproximateCreationDateTime?.getTime() ?? 0) / 1000),
    },
  }) as DynamoDBRecord;
