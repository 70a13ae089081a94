import { type CfnResource, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantsOf, JOB_KINDS, ROLES, routeList } from '@bo/shared';
import { CONSUMER_NAMES, CONSUMERS, matchesConsumer } from '@bo/events/consumers';
import { MAX_RECEIVES, QUEUED_JOBS, visibilitySecondsOf } from '@bo/events/queued';
import { jobDeadLetterQueueName, jobQueueName } from '@bo/events/replay/queues';
import { MAX_ATTEMPTS } from '@bo/events/stream';
import { failureQueueUrlVariable, jobQueueUrlVariable } from '@bo/functions/data/queues';
import { JOB_QUEUE } from '@bo/functions/data/job-queue';
import {
  type BackofficeFunction,
  PROFILE_KEY_PATTERN,
  TABLE_READ_ACTIONS,
  TABLE_WRITE_ACTIONS,
  USER_POOL_ADMIN_ACTIONS,
} from '../cdk/lib/backoffice-function';
import { DEFAULTS } from '../cdk/lib/config';
import { exportName } from '../cdk/lib/data-refs';
import { DISPATCHER_BATCH_SIZE, DISPATCHER_RETRY_ATTEMPTS } from '../cdk/lib/stacks/jobs-stack';
import { API_TRAILING_SLASH_CODE } from '../cdk/lib/stacks/web-stack';
import { LEDGER_PK } from '@bo/functions/data/stock-movements';
import { userEntity } from '@bo/functions/data';
import { crossStackValue, nagFindings, resourceCount, type Synth, synthBackoffice } from './support';

type Resource = { Type: string; Properties: Record<string, unknown> };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string; Condition?: unknown };

const rows = routeList();
let s: Synth;

beforeAll(() => {
  s = synthBackoffice();
});

const routesOf = () =>
  s.routes.flatMap((stack) =>
    Object.values(s.template(stack).findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>),
  );

/** A function's logical id in its stack's template. */
const idOf = (fn: BackofficeFunction) => Stack.of(fn).getLogicalId(fn.function.node.defaultChild as CfnResource);
/** A queue's logical id in the jobs stack's template. */
const queueIdOf = (queue: IQueue) => s.jobs.getLogicalId(queue.node.defaultChild as CfnResource);
/** A function's environment variables as its template has them. */
const envOf = (fn: BackofficeFunction) =>
  (
    s.template(Stack.of(fn)).toJSON().Resources[idOf(fn)].Properties.Environment as {
      Variables: Record<string, unknown>;
    }
  ).Variables;
/** The statements of every policy of a function's role. */
function functionStatements(fn: BackofficeFunction): Statement[] {
  const stack = Stack.of(fn);
  const roleId = stack.getLogicalId(fn.function.role!.node.defaultChild as CfnResource);
  const policies = s.template(stack).findResources('AWS::IAM::Policy') as Record<string, Resource>;
  return Object.values(policies)
    .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}
/** The statements of the role of the function serving `routeId`. */
const statementsOf = (routeId: string): Statement[] =>
  functionStatements(s.routes.find((r) => r.functions[routeId])!.functions[routeId]!);
const XRAY_ACTIONS = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];
/** What `queue.grantSendMessages` gives: sending, and reading the queue's URL and attributes. */
const SEND_ACTIONS = ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'];
const esc = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const actionsOf = (statements: Statement[]) => statements.flatMap((st) => [st.Action].flat());
const resourcesOf = (statements: Statement[]) => statements.flatMap((st) => [st.Resource].flat());
const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));

/** A DynamoDB stream record as Lambda's filters and the dispatcher see it (REMOVE: no new image). */
type StreamRecord = {
  eventName: string;
  dynamodb: { Keys: { pk: { S: string }; sk: { S: string } }; NewImage?: Record<string, { S: string }> };
};
const streamRecord = (eventName: string, pk: string, entity?: string): StreamRecord => ({
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
function passes(pattern: unknown, event: unknown): boolean {
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

describe('routes', () => {
  it('has exactly one JWT-authorized route per route-table row', () => {
    const routes = routesOf();
    expect(routes).toHaveLength(rows.length);
    for (const row of rows) {
      const matching = routes.filter((r) => r.Properties.RouteKey === `${row.method} ${row.path}`);
      expect(matching, `${row.id}`).toHaveLength(1);
      expect(matching[0]!.Properties.AuthorizationType).toBe('JWT');
    }
    // every route points at the one authorizer of the API stack
    const ids = new Set(routes.map((r) => JSON.stringify(r.Properties.AuthorizerId)));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toContain(s.api.stackName);
    expect(routes.every((r) => r.Properties.AuthorizationType !== 'NONE')).toBe(true);
  });

  it('has one Lambda per row, Node 22 on arm64, with the handler environment', () => {
    const fns = s.routes.flatMap((stack) =>
      Object.values(s.template(stack).findResources('AWS::Lambda::Function') as Record<string, Resource>),
    );
    expect(fns).toHaveLength(rows.length);
    // Beside the routes: the pricing job, the stream dispatcher and one function per queued job (no function per
    // stream consumer: the dispatcher runs them).
    const jobFns = s.template(s.jobs).findResources('AWS::Lambda::Function') as Record<string, Resource>;
    expect(Object.keys(jobFns).sort()).toEqual(
      [s.jobs.refreshPricing, s.jobs.dispatcher, ...JOB_KINDS.map((kind) => s.jobs.queuedJobs[kind])].map(idOf).sort(),
    );
    const all = [...fns, ...Object.values(jobFns)];
    for (const fn of all) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const name of ['TABLE_NAME', 'IMAGES_BUCKET', 'DOCUMENTS_BUCKET', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID'])
        expect(env[name], name).toBeDefined();
      expect(env.POWERTOOLS_SERVICE_NAME).toBe('backoffice');
      expect(env.POWERTOOLS_LOG_LEVEL).toBe('INFO');
    }
    for (const fn of fns) expect(JSON.stringify((fn.Properties.Environment as object) ?? {})).toContain('SITE_URL');
  });

  it('gives long-running routes their own timeout (under the HTTP API’s 30 s) and more memory; 15 s otherwise', () => {
    for (const row of rows) {
      const stack = s.routes.find((r) => r.functions[row.id])!;
      const cfn = stack.functions[row.id]!.function.node.defaultChild as CfnFunction;
      expect(cfn.timeout, row.id).toBe(row.timeoutSeconds ?? 15);
      expect(cfn.timeout!).toBeLessThan(30);
    }
    expect(rows.filter((r) => r.timeoutSeconds).map((r) => r.id)).toContain('customers.reRunPricingAll');
  });

  it('gives each function its own log group with retention', () => {
    for (const stack of [...s.routes, s.jobs]) {
      const t = s.template(stack);
      const groups = t.findResources('AWS::Logs::LogGroup') as Record<string, Resource>;
      const fns = t.findResources('AWS::Lambda::Function') as Record<string, Resource>;
      expect(Object.keys(groups)).toHaveLength(Object.keys(fns).length);
      for (const g of Object.values(groups)) expect(g.Properties.RetentionInDays).toBe(DEFAULTS.logRetentionDays);
    }
  });
});

describe('least privilege', () => {
  it('no function may Scan the table (Query and Get only on request paths)', () => {
    for (const stack of [...s.routes, s.jobs])
      expect(JSON.stringify(s.template(stack).findResources('AWS::IAM::Policy'))).not.toContain('dynamodb:Scan');
  });

  it('a GET-only route reads the table and nothing else', () => {
    const readOnly = rows.filter((r) => r.method === 'GET' && grantsOf(r).table === 'read' && !grantsOf(r).userPool);
    expect(readOnly.length).toBeGreaterThan(0);
    for (const row of readOnly) {
      const actions = actionsOf(statementsOf(row.id));
      expect(actions, row.id).toContain('dynamodb:Query');
      expect(actions, row.id).not.toContain('dynamodb:PutItem');
      expect(actions, row.id).not.toContain('dynamodb:UpdateItem');
      expect(actions, row.id).not.toContain('dynamodb:DeleteItem');
      expect(actions, row.id).not.toContain('dynamodb:Scan');
      expect(
        actions.filter((a) => a.startsWith('cognito-idp:')),
        row.id,
      ).toEqual([]);
      // A read route that signs downloads (bucketAccess 'read') may read objects, and list to tell a 404.
      expect(actions.filter((a) => a.startsWith('s3:')).sort(), row.id).toEqual(
        grantsOf(row).buckets.length ? ['s3:GetObject', 's3:ListBucket'] : [],
      );
      if (grantsOf(row).buckets.length) expect(grantsOf(row).bucketAccess, row.id).toBe('read');
    }
  });

  it('user-pool routes get only the Admin* actions and ListUsers (is an email taken), on the pool ARN only', () => {
    const poolRows = rows.filter((r) => grantsOf(r).userPool);
    expect(poolRows.map((r) => r.id)).toEqual(
      expect.arrayContaining(['users.addNew', 'users.remove', 'users.disable', 'users.enable', 'users.update']),
    );
    // Disable/enable, and signing a user out everywhere on delete, disable and role change.
    expect(USER_POOL_ADMIN_ACTIONS).toEqual(
      expect.arrayContaining([
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminEnableUser',
        'cognito-idp:AdminUserGlobalSignOut',
      ]),
    );
    for (const row of poolRows) {
      const cognito = statementsOf(row.id).filter((st) => actionsOf([st]).some((a) => a.startsWith('cognito-idp:')));
      expect(cognito, row.id).toHaveLength(1);
      const actions = actionsOf(cognito);
      expect(
        actions.every((a) => /^cognito-idp:(Admin[A-Za-z]+|ListUsers)$/.test(a)),
        row.id,
      ).toBe(true);
      expect([...actions].sort()).toEqual([...USER_POOL_ADMIN_ACTIONS].sort());
      expect(cognito[0]!.Resource).toEqual({ 'Fn::ImportValue': `${s.settings.prefix}-data:UserPoolArn` });
    }
    for (const row of rows.filter((r) => !grantsOf(r).userPool))
      expect(
        actionsOf(statementsOf(row.id)).filter((a) => a.startsWith('cognito-idp:')),
        row.id,
      ).toEqual([]);
  });

  it('lets every route read its caller’s profile; a route without table grants only GetItem of profile keys', () => {
    const profileKey = userEntity.key({ id: 'a-cognito-sub' }).pk as string;
    const glob = new RegExp(`^${PROFILE_KEY_PATTERN.split('*').map(esc).join('.*')}$`);
    expect(profileKey).toMatch(glob);
    const noTable = rows.filter((r) => grantsOf(r).table === 'none');
    expect(noTable.map((r) => r.id)).toEqual(expect.arrayContaining(['storage.getUploadURL']));
    for (const row of rows) expect(actionsOf(statementsOf(row.id)), row.id).toContain('dynamodb:GetItem');
    for (const row of noTable) {
      const table = statementsOf(row.id).filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));
      expect(table, row.id).toHaveLength(1);
      expect(table[0]!.Action, row.id).toBe('dynamodb:GetItem');
      expect(table[0]!.Condition, row.id).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [PROFILE_KEY_PATTERN] },
      });
      expect(JSON.stringify(table[0]!.Resource), row.id).not.toContain('/index/');
    }
  });

  it('no statement allows a wildcard action, and only log, table, index and object resources are named', () => {
    for (const row of rows)
      for (const st of statementsOf(row.id)) {
        expect(
          actionsOf([st]).some((a) => a.includes('*')),
          row.id,
        ).toBe(false);
        // Active tracing's two calls are the only ones without resource-level permissions.
        if (st.Resource === '*') expect([...actionsOf([st])].sort(), row.id).toEqual(XRAY_ACTIONS);
      }
  });
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

describe('api', () => {
  it('has one HTTP API with a JWT authorizer on the pool and an access-logged auto-deploy stage', () => {
    const t = s.template(s.api);
    t.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    t.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    t.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
    expect(JSON.stringify(t.findResources('AWS::ApiGatewayV2::Authorizer'))).toContain('cognito-idp.');
    t.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
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
  const mappingsOf = (stack: Stack) =>
    Object.values(s.template(stack).findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>).map(
      (m) => m.Properties,
    );
  const readsStream = (m: Record<string, unknown>) => JSON.stringify(m.EventSourceArn).includes('TableStreamArn');
  const streamMapping = () => {
    const mappings = s.stacks.flatMap(mappingsOf).filter(readsStream);
    expect(mappings).toHaveLength(1);
    return mappings[0]!;
  };
  const patterns = () =>
    (streamMapping().FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map(
      (f) => JSON.parse(f.Pattern) as unknown,
    );
  /** Whether one of the mapping's filters lets a stream record through (what Lambda evaluates before invoking). */
  const letsThrough = (record: StreamRecord) => patterns().some((p) => passes(p, record));

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

type Behaviour = Record<string, unknown> & { TargetOriginId: string; FunctionAssociations?: unknown };
type DistributionConfig = {
  DefaultCacheBehavior: Behaviour;
  CacheBehaviors: Array<Behaviour & { PathPattern: string }>;
  Origins: Array<Record<string, unknown> & { Id: string }>;
};
const distributionConfig = (): DistributionConfig =>
  (
    Object.values(s.template(s.web).findResources('AWS::CloudFront::Distribution'))[0]!.Properties as {
      DistributionConfig: DistributionConfig;
    }
  ).DistributionConfig;
const defaultBehaviour = () => distributionConfig().DefaultCacheBehavior;
function behaviour(pathPattern: string): Behaviour {
  const found = distributionConfig().CacheBehaviors.find((b) => b.PathPattern === pathPattern);
  expect(found, pathPattern).toBeDefined();
  return found!;
}

describe('web', () => {
  it('serves the SPA from a private bucket via OAC and forwards /api/* to the HTTP API uncached', () => {
    const t = s.template(s.web);
    t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2); // site bucket, images bucket
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: Match.arrayWith(['GET', 'PUT', 'POST', 'DELETE']),
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
          }),
        ]),
        Origins: Match.arrayWith([
          Match.objectLike({ CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }) }),
        ]),
      }),
    });
    // no distribution-wide error rewriting: API errors must reach the client as they are
    const dist = Object.values(t.findResources('AWS::CloudFront::Distribution'))[0]!;
    expect(dist.Properties.DistributionConfig.CustomErrorResponses).toBeUndefined();
  });

  it('strips a trailing slash on /api/* with its own viewer-request function', () => {
    const t = s.template(s.web);
    const fns = t.findResources('AWS::CloudFront::Function', {
      Properties: { FunctionCode: API_TRAILING_SLASH_CODE },
    }) as Record<string, Resource>;
    expect(Object.keys(fns)).toHaveLength(1);
    const [fnId, fn] = Object.entries(fns)[0]!;
    expect(fn.Properties.FunctionConfig).toMatchObject({ Runtime: 'cloudfront-js-2.0' });
    expect(fn.Properties.AutoPublish).toBe(true);
    const api = behaviour('/api/*');
    expect(api.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } },
    ]);
    // the SPA rewrite stays on the default behaviour only
    expect(JSON.stringify(defaultBehaviour().FunctionAssociations)).not.toContain(fnId);
  });

  it('serves /images/* from the imported images bucket via OAC, GET/HEAD only, cached', () => {
    const images = behaviour('/images/*');
    expect(images).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      CachedMethods: ['GET', 'HEAD'],
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
    });
    expect(images.FunctionAssociations).toBeUndefined();
    const origin = distributionConfig().Origins.find((o) => o.Id === images.TargetOriginId)!;
    expect(origin, 'images origin').toBeDefined();
    // the data stack's bucket, by its fixed export name (never a reference that would edit its policy)
    expect(JSON.stringify(origin.DomainName)).toContain(
      JSON.stringify({ 'Fn::ImportValue': exportName(s.settings.prefix, 'ImagesBucketName') }),
    );
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Id'] });
    const oacId = (origin.OriginAccessControlId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    s.template(s.web).hasResource('AWS::CloudFront::OriginAccessControl', {
      Properties: {
        OriginAccessControlConfig: Match.objectLike({
          OriginAccessControlOriginType: 's3',
          SigningBehavior: 'always',
          SigningProtocol: 'sigv4',
        }),
      },
    });
    expect(Object.keys(s.template(s.web).findResources('AWS::CloudFront::OriginAccessControl'))).toContain(oacId);
    // the web stack adds no policy to a bucket it does not own, and CDK's warning about it is acknowledged
    expect(JSON.stringify(s.template(s.web).findResources('AWS::S3::BucketPolicy'))).not.toContain('ImportValue');
    expect(
      Annotations.fromStack(s.web).findWarning(
        '*',
        Match.stringLikeRegexp('updateImportedBucketPolicyOac|Cannot update bucket policy'),
      ),
    ).toEqual([]);
    expect(s.web.dependencies).toContain(s.data);
  });

  it('deploys the build and a generated config.json', () => {
    const t = s.template(s.web);
    t.resourceCountIs('Custom::CDKBucketDeployment', 2);
    t.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    t.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
      SourceMarkersConfig: [{}, { jsonEscape: true }],
    });
  });
});

describe('security headers (issue 11)', () => {
  type HeadersConfig = {
    ContentSecurityPolicy: { ContentSecurityPolicy: unknown; Override: boolean };
    ContentTypeOptions: { Override: boolean };
    FrameOptions: { FrameOption: string; Override: boolean };
    ReferrerPolicy: { ReferrerPolicy: string; Override: boolean };
    StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean; Override: boolean };
  };
  /** The security headers of the policy a behaviour names (one of this stack's own, never a managed one). */
  function headersOf(b: Behaviour): HeadersConfig {
    const ref = b.ResponseHeadersPolicyId as { Ref?: string };
    expect(ref, 'a response-headers policy of our own').toEqual({ Ref: expect.any(String) });
    const policy = s.template(s.web).findResources('AWS::CloudFront::ResponseHeadersPolicy')[ref.Ref!];
    expect(policy).toBeDefined();
    return policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig as HeadersConfig;
  }
  /** A CSP as CloudFormation holds it (a string, or an Fn::Join around imported bucket names), as text. */
  const text = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : ((value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1] ?? [])
          .map((part) => (typeof part === 'string' ? part : `<${JSON.stringify(part)}>`))
          .join('');
  const expectCommonHeaders = (h: HeadersConfig) => {
    expect(h.ContentTypeOptions).toEqual({ Override: true });
    expect(h.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(h.ReferrerPolicy).toEqual({ ReferrerPolicy: 'same-origin', Override: true });
    expect(h.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 63_072_000,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(h.ContentSecurityPolicy.Override).toBe(true);
  };

  it('serves the app (and its /documents/* links) with a strict CSP, nosniff, DENY and HSTS', () => {
    const h = headersOf(defaultBehaviour());
    expectCommonHeaders(h);
    const directives = text(h.ContentSecurityPolicy.ContentSecurityPolicy).split('; ');
    const images = `<${JSON.stringify({ 'Fn::ImportValue': exportName(s.settings.prefix, 'ImagesBucketName') })}>`;
    const documents = `<${JSON.stringify({ 'Fn::ImportValue': exportName(s.settings.prefix, 'DocumentsBucketName') })}>`;
    expect(directives).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      expect.stringMatching(new RegExp(`^img-src 'self' data: https://${esc(images)}\\.s3\\.`)),
      "font-src 'self' data:",
      expect.stringMatching(/^connect-src 'self' https:\/\/cognito-idp\./),
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]);
    const connect = directives.find((d) => d.startsWith('connect-src'))!;
    expect(connect).toContain(`https://${images}.s3.`);
    expect(connect).toContain(`https://${documents}.s3.`);
    // Proof of delivery (issue 26) shows from the documents bucket's presigned GETs.
    const img = directives.find((d) => d.startsWith('img-src'))!;
    expect(img).toContain(`https://${documents}.s3.`);
    expect(directives.join('; ')).not.toMatch(/unsafe|\*/);
    // /documents/* is an app page (the SPA rewrite), on the default behaviour; no behaviour reaches the documents bucket.
    expect(distributionConfig().CacheBehaviors.map((b) => b.PathPattern)).not.toContain('/documents/*');
    expect(JSON.stringify(distributionConfig().Origins)).not.toContain('DocumentsBucket');
  });

  it.each(['/images/*', '/api/*'])('serves %s with nosniff and a sandboxed CSP that runs and loads nothing', (path) => {
    const h = headersOf(behaviour(path));
    expectCommonHeaders(h);
    expect(h.ContentSecurityPolicy.ContentSecurityPolicy).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });
});

describe('every stack', () => {
  it('stays far below CloudFormation’s 500 resources and 200 outputs', () => {
    for (const stack of s.stacks) expect(resourceCount(s.template(stack)), stack.stackName).toBeLessThan(500);
    // Every queue and function another stack reads (routes: job queues; monitoring: names) is an output of the jobs
    // stack, as are the failure queues' URLs.
    for (const stack of s.stacks)
      expect(Object.keys(s.template(stack).toJSON().Outputs ?? {}).length, stack.stackName).toBeLessThan(200);
  });

  it('has no cdk-nag AwsSolutions finding left unacknowledged, and no error annotation', () => {
    expect(nagFindings(s.app)).toEqual([]);
    for (const stack of s.stacks) expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
  });

  it('publishes the outputs a deployer needs', () => {
    const outputs = s.stacks.flatMap((stack) => Object.keys(s.template(stack).toJSON().Outputs ?? {}));
    for (const name of [
      'ApiUrl',
      'SiteUrl',
      'UserPoolId',
      'UserPoolClientId',
      'TableName',
      'ImagesBucketName',
      'DocumentsBucketName',
    ])
      expect(outputs).toContain(name);
  });
});
