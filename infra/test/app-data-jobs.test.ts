/**
 * The synthesized app (CDK assertions): the data stack, the pricing job, the table's stream and the queued jobs
 * (the rest in app.test.ts).
 */
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantsOf, JOB_KINDS, ROLES } from '@bo/shared';
import { CONSUMER_NAMES, CONSUMERS, matchesConsumer } from '@bo/events/consumers';
import { MAX_RECEIVES, QUEUED_JOBS, visibilitySecondsOf } from '@bo/events/queued';
import { jobDeadLetterQueueName, jobQueueName } from '@bo/events/replay/queues';
import { MAX_ATTEMPTS } from '@bo/events/stream';
import { failureQueueUrlVariable, jobQueueUrlVariable } from '@bo/functions/data/queues';
import { JOB_QUEUE } from '@bo/functions/data/job-queue';
import { TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS } from '../cdk/lib/backoffice-function';
import { DEFAULTS } from '../cdk/lib/config';
import { exportName } from '../cdk/lib/data-refs';
import { DISPATCHER_BATCH_SIZE, DISPATCHER_RETRY_ATTEMPTS } from '../cdk/lib/stacks/jobs-stack';
import { LEDGER_PK } from '@bo/functions/data/stock-movements';
import { crossStackValue, type Synth } from './support';
import {
  type Resource,
  rows,
  appSynth,
  idOf,
  queueIdOf,
  envOf,
  functionStatements,
  statementsOf,
  XRAY_ACTIONS,
  SEND_ACTIONS,
  actionsOf,
  resourcesOf,
  byJson,
} from './app-synth';
import { letsThrough, mappingsOf, patterns, readsStream, streamMapping, streamRecord } from './stream-filter';

let s: Synth;

beforeAll(() => {
  s = appSynth();
});

describe('data', () => {
  it('has the one table: pk/sk, five GSIs, on demand, PITR, deletion protection, retained', () => {
    const t = s.template(s.data);
    t.resourceCountIs('AWS::DynamoDB::Table', 1);
    t.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5'].map((g) => ({
          IndexName: g,
          KeySchema: [
            { AttributeName: `${g}pk`, KeyType: 'HASH' },
            { AttributeName: `${g}sk`, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    });
    const attrs = Object.values(t.findResources('AWS::DynamoDB::Table'))[0]!.Properties.AttributeDefinitions as Array<{
      AttributeType: string;
    }>;
    expect(attrs).toHaveLength(12);
    expect(attrs.every((a) => a.AttributeType === 'S')).toBe(true);
  });

  it('blocks public access, encrypts and enforces TLS on every bucket of every stack', () => {
    let count = 0;
    for (const stack of s.stacks) {
      const t = s.template(stack);
      const buckets = t.findResources('AWS::S3::Bucket') as Record<string, Resource>;
      for (const [id, b] of Object.entries(buckets)) {
        count++;
        expect(b.Properties.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(JSON.stringify(b.Properties.BucketEncryption), id).toContain('AES256');
      }
      for (const p of Object.values(t.findResources('AWS::S3::BucketPolicy') as Record<string, Resource>))
        expect(JSON.stringify(p.Properties.PolicyDocument)).toContain('aws:SecureTransport');
    }
    expect(count).toBe(5); // images, documents, data access logs, site, web access logs
  });

  it('versions the images and documents buckets and allows browser PUT/GET/HEAD via CORS', () => {
    const t = s.template(s.data);
    const cors = Match.objectLike({
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({ AllowedMethods: ['PUT', 'GET', 'HEAD'], AllowedOrigins: [...DEFAULTS.siteOrigins] }),
        ],
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    expect(Object.keys(t.findResources('AWS::S3::Bucket', { Properties: cors }))).toHaveLength(2);
  });

  it('lets CloudFront (this account only) read images/* of the images bucket, and nothing of documents', () => {
    const t = s.template(s.data);
    const imagesId = s.data.getLogicalId(s.data.buckets.images.node.defaultChild as CfnBucket);
    const documentsId = s.data.getLogicalId(s.data.buckets.documents.node.defaultChild as CfnBucket);
    const policies = Object.values(t.findResources('AWS::S3::BucketPolicy') as Record<string, Resource>);
    const statementsOn = (bucketId: string) =>
      policies
        .filter((p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: bucketId }))
        .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement);
    const cloudfront = (st: Record<string, unknown>) => JSON.stringify(st.Principal).includes('cloudfront');

    const granted = statementsOn(imagesId).filter(cloudfront);
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({
      Effect: 'Allow',
      Principal: { Service: 'cloudfront.amazonaws.com' },
      Action: 's3:GetObject',
      Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [imagesId, 'Arn'] }, '/images/*']] },
      Condition: { StringEquals: { 'AWS:SourceAccount': { Ref: 'AWS::AccountId' } } },
    });
    expect(statementsOn(documentsId).filter(cloudfront)).toEqual([]);
  });

  it('has a user pool for admin-created email users, a public client and one group per role', () => {
    const t = s.template(s.data);
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
    });
    t.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
    });
    const groups = Object.values(t.findResources('AWS::Cognito::UserPoolGroup') as Record<string, Resource>);
    expect(groups.map((g) => g.Properties.GroupName).sort()).toEqual([...ROLES].sort());
  });
});

describe('jobs', () => {
  it('runs the pricing refresh on the default daily schedule', () => {
    expect(s.settings.pricingSchedule).toBe(DEFAULTS.pricingSchedule);
    expect(DEFAULTS.pricingSchedule).toMatch(/^cron\(\d+ \d+ \* \* \? \*\)$/); // once a day
    const t = s.template(s.jobs);
    const fnId = idOf(s.jobs.refreshPricing);
    t.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: DEFAULTS.pricingSchedule,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
    });
    // The one schedule of the app: the stream dispatcher and the queued jobs are woken by their stream and queues.
    expect(Object.keys(t.findResources('AWS::Events::Rule'))).toHaveLength(1);
    const actions = actionsOf(functionStatements(s.jobs.refreshPricing));
    expect(actions).toContain('dynamodb:PutItem');
    expect(actions.filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
    // Its on-failure destination, the jobs failure queue, is sent to with its role; no other queue.
    const sqs = functionStatements(s.jobs.refreshPricing).filter((st) =>
      actionsOf([st]).some((a) => a.startsWith('sqs:')),
    );
    expect([...new Set(actionsOf(sqs))].sort()).toEqual(SEND_ACTIONS);
    expect(resourcesOf(sqs)).toEqual([{ 'Fn::GetAtt': [queueIdOf(s.jobs.failureQueues.jobs), 'Arn'] }]);
  });

  it('gives the pricing job what a full refresh needs: time, memory, the table calls it makes and no Scan', () => {
    const t = s.template(s.jobs);
    t.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('refresh customer pricing'),
      Timeout: 300,
      MemorySize: 1024,
    });
    const actions = JSON.stringify(actionsOf(functionStatements(s.jobs.refreshPricing)));
    // Reads (customers, prices, products), transactions (item-level actions) and the snapshot's batch deletes.
    for (const action of [
      'Query',
      'BatchGetItem',
      'GetItem',
      'PutItem',
      'UpdateItem',
      'DeleteItem',
      'ConditionCheckItem',
      'BatchWriteItem',
    ])
      expect(actions).toContain(`dynamodb:${action}`);
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toContain('dynamodb:*');
  });
});

describe('the table’s stream', () => {
  it('streams the table with old and new images, exports the stream, and expires items by `expiresAt`', () => {
    const t = s.template(s.data);
    t.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
    expect(JSON.stringify(t.findOutputs('*'))).toContain(exportName(s.settings.prefix, 'TableStreamArn'));
  });

  it('has one reader, the dispatcher (at most two per shard): no other function of any stack is woken by the stream', () => {
    const onStream = s.stacks.flatMap(mappingsOf).filter(readsStream);
    expect(onStream.length).toBeLessThanOrEqual(2);
    expect(onStream).toHaveLength(1);
    expect(onStream[0]!.FunctionName).toEqual({ Ref: idOf(s.jobs.dispatcher) });
    // Every other mapping of the app is a queued job's own queue; the route stacks have none.
    for (const stack of s.routes) expect(mappingsOf(stack), stack.stackName).toEqual([]);
    const others = mappingsOf(s.jobs).filter((m) => !readsStream(m));
    expect(others.map((m) => m.FunctionName).sort(byJson)).toEqual(
      JOB_KINDS.map((kind) => ({ Ref: idOf(s.jobs.queuedJobs[kind]) })).sort(byJson),
    );
    expect(others.every((m) => JSON.stringify(m.EventSourceArn).includes('Queue'))).toBe(true);
  });

  it('reads in large batches, bisecting failures, reporting the record to retry from, then to the dispatcher failure queue', () => {
    expect(streamMapping()).toMatchObject({
      EventSourceArn: { 'Fn::ImportValue': exportName(s.settings.prefix, 'TableStreamArn') },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: DISPATCHER_BATCH_SIZE,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: DISPATCHER_RETRY_ATTEMPTS,
      MaximumRecordAgeInSeconds: 86_400,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [queueIdOf(s.jobs.failureQueues.dispatcher), 'Arn'] } },
      },
    });
    // A consumer gives a record up after MAX_ATTEMPTS of the stream's retries (the dispatcher counts them): Lambda's
    // own retries of a whole batch must leave room for that.
    expect(DISPATCHER_RETRY_ATTEMPTS).toBeGreaterThan(MAX_ATTEMPTS);
  });

  it('filters by partition for the stock ledger and by entity for the rest, in a few filters for every consumer', () => {
    expect(patterns()).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { pk: { S: [LEDGER_PK] } } } },
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: {
          NewImage: { __edb_e__: { S: ['deliveryRecord', 'order', 'payment', 'purchaseOrder', 'return'] } },
        },
      },
    ]);
    // Lambda takes five filters per mapping by default; adding a consumer must not need a quota raise.
    expect(patterns().length).toBeLessThanOrEqual(5);
  });

  it.each(CONSUMER_NAMES)('lets through every kind of record the %s consumer takes', (name) => {
    const { filter } = CONSUMERS[name];
    const entities: Array<string | undefined> =
      filter.entity === undefined ? [undefined, 'anyEntity'] : [filter.entity].flat();
    for (const eventName of filter.eventNames)
      for (const entity of entities) {
        const record = streamRecord(eventName, filter.pk ?? '$bo#order_o-1', entity);
        // The sample is the consumer's own (the dispatcher hands it to the consumer), and the mapping passes it.
        expect(matchesConsumer(filter, record), JSON.stringify(record)).toBe(true);
        expect(letsThrough(record), `${name}: ${JSON.stringify(record)}`).toBe(true);
      }
  });

  it('feeds stock-movements every write of the ledger buckets, and only of them', () => {
    for (const eventName of ['INSERT', 'MODIFY'])
      expect(letsThrough(streamRecord(eventName, LEDGER_PK, 'stockLedger'))).toBe(true);
    expect(letsThrough(streamRecord('REMOVE', LEDGER_PK, 'stockLedger'))).toBe(false);
    const stock = CONSUMERS['stock-movements'].filter;
    expect(matchesConsumer(stock, streamRecord('INSERT', '$bo#product_p-1', 'product'))).toBe(false);
  });

  it('feeds the sales, purchase and receivable figures every write of their entities, whatever the partition', () => {
    for (const [consumer, entities] of [
      ['sales-figures', ['order']],
      ['purchase-figures', ['purchaseOrder']],
      ['receivable-figures', ['payment', 'return']],
    ] as const)
      for (const entity of entities)
        for (const pk of ['$bo#order_o-1', '$bo#customer_c-1'])
          for (const eventName of ['INSERT', 'MODIFY']) {
            const record = streamRecord(eventName, pk, entity);
            expect(letsThrough(record), `${consumer} ${entity} ${eventName}`).toBe(true);
            expect(matchesConsumer(CONSUMERS[consumer].filter, record), `${consumer} ${entity}`).toBe(true);
          }
  });

  it('feeds delivery-returns only new delivery records (the mapping lets the others through, the dispatcher does not)', () => {
    const returns = CONSUMERS['delivery-returns'].filter;
    const inserted = streamRecord('INSERT', '$bo#order_o-1', 'deliveryRecord');
    expect(letsThrough(inserted)).toBe(true);
    expect(matchesConsumer(returns, inserted)).toBe(true);
    expect(matchesConsumer(returns, streamRecord('MODIFY', '$bo#order_o-1', 'deliveryRecord'))).toBe(false);
  });

  it('never wakes a job by its own table writes, nor anyone for records no consumer reads', () => {
    const jobsPk = `$bo#queue_${JOB_QUEUE}`;
    for (const entity of ['import', 'accountingExport', 'reportState'])
      for (const eventName of ['INSERT', 'MODIFY'])
        expect(letsThrough(streamRecord(eventName, jobsPk, entity)), `${entity} ${eventName}`).toBe(false);
    for (const entity of ['changeLog', 'salesCell', 'salesContribution', 'streamRetry', 'product'])
      expect(letsThrough(streamRecord('INSERT', '$bo#x_1', entity)), entity).toBe(false);
    expect(letsThrough(streamRecord('REMOVE', '$bo#order_o-1', 'order'))).toBe(false);
  });

  it('gives the dispatcher each consumer’s failure queue, and send rights on those and its own on-failure queue only', () => {
    const env = envOf(s.jobs.dispatcher);
    const queueVariables = Object.keys(env).filter((name) => /^(FAILURE|JOB)_QUEUE_URL_/.test(name));
    expect(queueVariables.sort()).toEqual(CONSUMER_NAMES.map(failureQueueUrlVariable).sort());
    for (const name of CONSUMER_NAMES)
      expect(env[failureQueueUrlVariable(name)], name).toEqual({ Ref: queueIdOf(s.jobs.failureQueues[name]) });
    const sqs = functionStatements(s.jobs.dispatcher).filter((st) => actionsOf([st]).some((a) => a.startsWith('sqs:')));
    expect([...new Set(actionsOf(sqs))].sort()).toEqual(SEND_ACTIONS);
    expect(resourcesOf(sqs).sort(byJson)).toEqual(
      [...CONSUMER_NAMES, 'dispatcher' as const]
        .map((source) => ({ 'Fn::GetAtt': [queueIdOf(s.jobs.failureQueues[source]), 'Arn'] }))
        .sort(byJson),
    );
  });

  it('lets the dispatcher do what its consumers do to the table (no Scan) and read this table’s stream only', () => {
    const statements = functionStatements(s.jobs.dispatcher);
    const dynamo = [...new Set(actionsOf(statements).filter((a) => a.startsWith('dynamodb:')))].sort();
    expect(dynamo).toEqual(
      [
        ...TABLE_READ_ACTIONS,
        ...TABLE_WRITE_ACTIONS,
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
      ].sort(),
    );
    const put = statements.find((st) => actionsOf([st]).includes('dynamodb:PutItem'))!;
    expect([put.Resource].flat()).toContainEqual({ 'Fn::ImportValue': exportName(s.settings.prefix, 'TableArn') });
    const read = statements.find((st) => actionsOf([st]).includes('dynamodb:GetRecords'))!;
    expect(read.Resource).toEqual({ 'Fn::ImportValue': exportName(s.settings.prefix, 'TableStreamArn') });
    // ListStreams and active tracing have no resource-level permissions (acknowledged for cdk-nag); nothing else
    // is a wildcard.
    const unscoped = statements.filter((st) => st.Resource === '*').flatMap((st) => actionsOf([st]));
    expect(unscoped.sort()).toEqual(['dynamodb:ListStreams', ...XRAY_ACTIONS]);
    expect(actionsOf(statements).some((a) => a.includes('*'))).toBe(false);
    expect(actionsOf(statements).filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
  });
});

describe('queued jobs', () => {
  const resources = () => s.template(s.jobs).toJSON().Resources as Record<string, Resource>;

  it.each(JOB_KINDS)('%s: its queue outlasts a run, redrives to a dead-letter queue kept 14 days', (kind) => {
    const queueId = queueIdOf(s.jobs.jobQueues[kind]);
    const dlqId = queueIdOf(s.jobs.jobDeadLetterQueues[kind]);
    const fn = resources()[idOf(s.jobs.queuedJobs[kind])]!.Properties;
    const queue = resources()[queueId]!.Properties;
    expect(fn.Timeout).toBe(QUEUED_JOBS[kind].timeoutSeconds);
    expect(queue).toMatchObject({
      QueueName: jobQueueName(s.settings.prefix, kind),
      VisibilityTimeout: visibilitySecondsOf(kind),
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: MAX_RECEIVES },
    });
    // A step still running is never handed out again: invisible for longer than its function may run.
    expect(queue.VisibilityTimeout as number).toBeGreaterThan(fn.Timeout as number);
    expect(resources()[dlqId]!.Properties).toMatchObject({
      QueueName: jobDeadLetterQueueName(s.settings.prefix, kind),
      MessageRetentionPeriod: 14 * 86_400,
      SqsManagedSseEnabled: true,
    });
    expect(resources()[dlqId]!.Properties.RedrivePolicy).toBeUndefined();
    const policies = Object.values(
      s.template(s.jobs).findResources('AWS::SQS::QueuePolicy') as Record<string, Resource>,
    );
    for (const id of [queueId, dlqId]) {
      const mine = policies.filter((p) => JSON.stringify(p.Properties.Queues).includes(`"${id}"`));
      expect(JSON.stringify(mine), id).toContain('"aws:SecureTransport":"false"');
    }
  });

  it.each(JOB_KINDS)(
    '%s: its function takes one step at a time from its queue and may touch no other queue',
    (kind) => {
      const fnId = idOf(s.jobs.queuedJobs[kind]);
      const queueArn = { 'Fn::GetAtt': [queueIdOf(s.jobs.jobQueues[kind]), 'Arn'] };
      const mappings = Object.values(
        s.template(s.jobs).findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>,
      ).filter((m) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: fnId }));
      expect(mappings).toHaveLength(1);
      expect(mappings[0]!.Properties).toMatchObject({
        EventSourceArn: queueArn,
        BatchSize: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      // It sends its own next step, to its own queue.
      const env = envOf(s.jobs.queuedJobs[kind]);
      expect(Object.keys(env).filter((name) => /^(FAILURE|JOB)_QUEUE_URL_/.test(name))).toEqual([
        jobQueueUrlVariable(kind),
      ]);
      expect(env[jobQueueUrlVariable(kind)]).toEqual({ Ref: queueIdOf(s.jobs.jobQueues[kind]) });
      const sqs = functionStatements(s.jobs.queuedJobs[kind]).filter((st) =>
        actionsOf([st]).some((a) => a.startsWith('sqs:')),
      );
      expect(actionsOf(sqs)).toEqual(
        expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:SendMessage']),
      );
      expect(actionsOf(sqs).some((a) => a.includes('*') || a === 'sqs:PurgeQueue')).toBe(false);
      expect(resourcesOf(sqs)).toEqual(sqs.map(() => queueArn));
    },
  );

  it('starts a job only from the routes whose grants name it: that queue’s URL and SendMessage on it, nothing else of SQS', () => {
    const starters = rows.filter((r) => grantsOf(r).jobs.length > 0);
    expect(starters.map((r) => r.id).sort()).toEqual(
      [
        'accounting.exportsNew',
        'brands.update',
        'imports.commit',
        'imports.dryRun',
        'imports.getById',
        'reports.rebuild',
      ].sort(),
    );
    for (const row of rows) {
      const { jobs } = grantsOf(row);
      const fn = s.routes.find((r) => r.functions[row.id])!.functions[row.id]!;
      const env = envOf(fn);
      expect(
        Object.keys(env)
          .filter((name) => /^(FAILURE|JOB)_QUEUE_URL_/.test(name))
          .sort(),
        row.id,
      ).toEqual(jobs.map(jobQueueUrlVariable).sort());
      for (const kind of jobs)
        expect(crossStackValue(s, env[jobQueueUrlVariable(kind)]), row.id).toEqual({
          Ref: queueIdOf(s.jobs.jobQueues[kind]),
        });
      const sqs = statementsOf(row.id).filter((st) => actionsOf([st]).some((a) => a.startsWith('sqs:')));
      if (jobs.length === 0) {
        expect(sqs, row.id).toEqual([]);
        continue;
      }
      expect([...new Set(actionsOf(sqs))].sort(), row.id).toEqual(SEND_ACTIONS);
      expect(
        resourcesOf(sqs).map((r) => crossStackValue(s, r)),
        row.id,
      ).toEqual(jobs.map((kind) => ({ 'Fn::GetAtt': [queueIdOf(s.jobs.jobQueues[kind]), 'Arn'] })));
    }
  });
});
