import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CreateQueueCommand, ReceiveMessageCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type FauxqsServer, startFauxqs } from 'fauxqs';
import { JOB_KINDS } from '@bo/shared';
import { MAX_RECEIVES, visibilitySecondsOf } from '@bo/events/queued';
import { FAILURE_SOURCES, failureQueueName, jobDeadLetterQueueName, jobQueueName } from '@bo/events/replay/queues';
import { DEFAULTS } from '../../cdk/lib/config';
import { LOCAL_ACCOUNT } from './bundles/local-resources';
import { LOCAL_REGION } from './provision';

/** The queue names of the local stack: those of a deployment with the default prefix (cdk.json). */
export const LOCAL_PREFIX = DEFAULTS.prefix;

export interface LocalQueues {
  readonly endpoint: string;
  /** Every queue's URL, by name. */
  readonly urls: Readonly<Record<string, string>>;
  /** A client for the stack's own use (pollers, snapshots). */
  readonly client: SQSClient;
  /** The emulator itself: what is sent (its spy) and when a waiting message becomes visible (inspection). */
  readonly server: FauxqsServer;
  stop(): Promise<void>;
}

const arnOf = (name: string) => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${name}`;

/**
 * The queues of the deployment, created in an SQS emulator on loopback (fauxqs, in process; the SDK's SQS client
 * speaks to it unchanged through AWS_ENDPOINT_URL_SQS): every failure queue, and per job its queue with the CDK's
 * visibility timeout and redrive policy to its dead-letter queue. fauxqs 1.x is the line that runs on Node 20
 * (2.x needs Node 22). It keeps messages in memory; with `snapshotDir`, what waits in the failure and dead-letter
 * queues at stop is written there and sent again at the next start (a job queue's steps are sent again from the
 * jobs' states instead: resumeUnfinishedJobs).
 */
export async function startQueues(options: { snapshotDir?: string } = {}): Promise<LocalQueues> {
  const server = await startFauxqs({ port: 0, logger: false, messageSpies: { bufferSize: 500 } });
  const endpoint = `http://127.0.0.1:${server.port}`;
  const client = new SQSClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    useQueueUrlAsEndpoint: false,
  });
  const queues = [
    ...FAILURE_SOURCES.map((source) => ({ QueueName: failureQueueName(LOCAL_PREFIX, source) })),
    ...JOB_KINDS.flatMap((kind) => [
      { QueueName: jobDeadLetterQueueName(LOCAL_PREFIX, kind) },
      {
        QueueName: jobQueueName(LOCAL_PREFIX, kind),
        Attributes: {
          VisibilityTimeout: String(visibilitySecondsOf(kind)),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: arnOf(jobDeadLetterQueueName(LOCAL_PREFIX, kind)),
            maxReceiveCount: MAX_RECEIVES,
          }),
        },
      },
    ]),
  ];
  const urls: Record<string, string> = {};
  // Created through the API, so each URL names the endpoint it was asked on (fauxqs takes the request's host).
  for (const queue of queues) urls[queue.QueueName] = (await client.send(new CreateQueueCommand(queue))).QueueUrl!;
  const kept = [
    ...FAILURE_SOURCES.map((s) => failureQueueName(LOCAL_PREFIX, s)),
    ...JOB_KINDS.map((k) => jobDeadLetterQueueName(LOCAL_PREFIX, k)),
  ];
  if (options.snapshotDir) await restore(client, urls, kept, options.snapshotDir);
  return {
    endpoint,
    urls,
    client,
    server,
    async stop() {
      if (options.snapshotDir) await snapshot(client, urls, kept, options.snapshotDir).catch(() => undefined);
      client.destroy();
      await server.stop();
    },
  };
}

interface Kept {
  readonly body: string;
  readonly attributes: Record<string, string>;
}

const snapshotFile = (dir: string, name: string) => join(dir, `${name}.json`);

/** Drains what waits in the kept queues into one file each (at stop). */
async function snapshot(client: SQSClient, urls: Record<string, string>, names: string[], dir: string) {
  mkdirSync(dir, { recursive: true });
  for (const name of names) {
    const messages: Kept[] = [];
    for (;;) {
      const { Messages = [] } = await client.send(
        new ReceiveMessageCommand({
          QueueUrl: urls[name],
          MaxNumberOfMessages: 10,
          VisibilityTimeout: 60,
          MessageAttributeNames: ['All'],
        }),
      );
      if (Messages.length === 0) break;
      for (const m of Messages)
        messages.push({
          body: m.Body ?? '',
          attributes: Object.fromEntries(
            Object.entries(m.MessageAttributes ?? {}).map(([k, v]) => [k, v.StringValue ?? '']),
          ),
        });
    }
    if (messages.length) writeFileSync(snapshotFile(dir, name), JSON.stringify(messages));
    else rmSync(snapshotFile(dir, name), { force: true });
  }
}

/** Sends the kept messages back (at start), then forgets the files. */
async function restore(client: SQSClient, urls: Record<string, string>, names: string[], dir: string) {
  for (const name of names) {
    const file = snapshotFile(dir, name);
    if (!existsSync(file)) continue;
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Kept[];
    for (let i = 0; i < messages.length; i += 10)
      await client.send(
        new SendMessageBatchCommand({
          QueueUrl: urls[name],
          Entries: messages.slice(i, i + 10).map((m, j) => ({
            Id: String(j),
            MessageBody: m.body,
            ...(Object.keys(m.attributes).length
              ? {
                  MessageAttributes: Object.fromEntries(
                    Object.entries(m.attributes).map(([k, v]) => [k, { DataType: 'String', StringValue: v }]),
                  ),
                }
              : {}),
          })),
        }),
      );
    rmSync(file);
  }
}
