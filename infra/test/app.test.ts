import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantsOf, ROLES, routeList } from '@bo/shared';
import { PROFILE_KEY_PATTERN, USER_POOL_ADMIN_ACTIONS } from '../cdk/lib/backoffice-function';
import { DEFAULTS } from '../cdk/lib/config';
import { exportName } from '../cdk/lib/data-refs';
import { API_TRAILING_SLASH_CODE } from '../cdk/lib/stacks/web-stack';
import { LEDGER_PK } from '@bo/functions/data/stock-movements';
import { userEntity } from '@bo/functions/data';
import { nagFindings, resourceCount, type Synth, synthBackoffice } from './support';

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

/** The statements of the role of the function serving `routeId`. */
function statementsOf(routeId: string): Statement[] {
  const stack = s.routes.find((r) => r.functions[routeId])!;
  const fn = stack.functions[routeId]!;
  const policies = s.template(stack).findResources('AWS::IAM::Policy') as Record<string, Resource>;
  const roleId = stack.getLogicalId(fn.function.role!.node.defaultChild as CfnFunction);
  const policy = Object.values(policies).find((p) =>
    (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId),
  );
  return ((policy?.Properties.PolicyDocument as { Statement: Statement[] }) ?? { Statement: [] }).Statement;
}
const XRAY_ACTIONS = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];
const esc = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const actionsOf = (statements: Statement[]) => statements.flatMap((st) => [st.Action].flat());

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
    const all = [
      ...fns,
      ...Object.values(s.template(s.jobs).findResources('AWS::Lambda::Function') as Record<string, Resource>),
    ];
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
    const fnId = s.jobs.getLogicalId(s.jobs.refreshPricing.function.node.defaultChild as CfnFunction);
    t.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: DEFAULTS.pricingSchedule,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
    });
    const actions = JSON.stringify(t.findResources('AWS::IAM::Policy'));
    expect(actions).toContain('dynamodb:PutItem');
    expect(actions).not.toContain('cognito-idp:');
  });

  it('gives the pricing job what a full refresh needs: time, memory, the table calls it makes and no Scan', () => {
    const t = s.template(s.jobs);
    t.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('refresh customer pricing'),
      Timeout: 300,
      MemorySize: 1024,
    });
    const actions = JSON.stringify(t.findResources('AWS::IAM::Policy'));
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

describe('stream consumers', () => {
  const consumerPolicy = (): Statement[] => {
    const t = s.template(s.jobs);
    const roleId = s.jobs.getLogicalId(s.jobs.stockMovements.function.role!.node.defaultChild as CfnFunction);
    const policies = Object.values(t.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter((p) =>
      (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId),
    );
    return policies.flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };

  it('streams the table with old and new images and exports the stream for the consumers', () => {
    const t = s.template(s.data);
    t.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
    expect(JSON.stringify(t.findOutputs('*'))).toContain(exportName(s.settings.prefix, 'TableStreamArn'));
  });

  it('feeds stock-movements only the ledger buckets’ writes, in batches, bisecting failures, with an on-failure queue', () => {
    const t = s.template(s.jobs);
    const fnId = s.jobs.getLogicalId(s.jobs.stockMovements.function.node.defaultChild as CfnFunction);
    const mappings = Object.values(t.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>);
    // One per consumer of events/src/consumers: stock movements, imports, accounting exports, sales figures,
    // purchase figures, receivable figures, the report rebuild, delivery returns.
    expect(mappings).toHaveLength(8);
    const m = mappings.find((x) => (x.Properties.FunctionName as { Ref: string }).Ref === fnId)!.Properties;
    expect(m).toMatchObject({
      FunctionName: { Ref: fnId },
      EventSourceArn: { 'Fn::ImportValue': exportName(s.settings.prefix, 'TableStreamArn') },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 86_400,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const patterns = (m.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(patterns).toEqual([{ eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { pk: { S: [LEDGER_PK] } } } }]);
    const onFailure = (m.DestinationConfig as { OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } } })
      .OnFailure.Destination['Fn::GetAtt'];
    expect(t.toJSON().Resources[onFailure[0]].Type).toBe('AWS::SQS::Queue');
  });

  it('feeds the sales figures every order header write, whatever its partition', () => {
    const t = s.template(s.jobs);
    const fnId = s.jobs.getLogicalId(s.jobs.salesFigures.function.node.defaultChild as CfnFunction);
    const m = Object.values(t.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>).find(
      (x) => (x.Properties.FunctionName as { Ref: string }).Ref === fnId,
    )!.Properties;
    expect(m).toMatchObject({ BatchSize: 100, BisectBatchOnFunctionError: true, MaximumRetryAttempts: 5 });
    const patterns = (m.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(patterns).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { __edb_e__: { S: ['order'] } } } },
    ]);
  });

  it('feeds the receivable figures every payment and return write', () => {
    const t = s.template(s.jobs);
    const fnId = s.jobs.getLogicalId(s.jobs.receivableFigures.function.node.defaultChild as CfnFunction);
    const m = Object.values(t.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>).find(
      (x) => (x.Properties.FunctionName as { Ref: string }).Ref === fnId,
    )!.Properties;
    const patterns = (m.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(patterns).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { __edb_e__: { S: ['payment', 'return'] } } } },
    ]);
  });

  it('feeds delivery-returns only new delivery records', () => {
    const t = s.template(s.jobs);
    const fnId = s.jobs.getLogicalId(s.jobs.deliveryReturns.function.node.defaultChild as CfnFunction);
    const m = Object.values(t.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>).find(
      (x) => (x.Properties.FunctionName as { Ref: string }).Ref === fnId,
    )!.Properties;
    const patterns = (m.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(patterns).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: ['deliveryRecord'] } } } },
    ]);
  });

  it.each([
    ['imports', 'import'],
    ['accountingExports', 'accountingExport'],
    ['reportRebuild', 'reportState'],
  ] as const)('feeds the %s job only its entity of the jobs partition, in small batches', (consumer, entity) => {
    const t = s.template(s.jobs);
    const fnId = s.jobs.getLogicalId(s.jobs[consumer].function.node.defaultChild as CfnFunction);
    const m = Object.values(t.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>).find(
      (x) => (x.Properties.FunctionName as { Ref: string }).Ref === fnId,
    )!.Properties;
    expect(m).toMatchObject({ BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    const patterns = (m.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(patterns).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { Keys: { pk: { S: ['$bo#queue_jobs'] } }, NewImage: { __edb_e__: { S: [entity] } } },
      },
    ]);
    expect(t.toJSON().Resources[fnId].Properties).toMatchObject({ MemorySize: 512, Timeout: 600 });
  });

  it('lets the consumer read its stream and put and update items, nothing else of the table', () => {
    const statements = consumerPolicy();
    const dynamo = actionsOf(statements).filter((a) => a.startsWith('dynamodb:'));
    expect([...new Set(dynamo)].sort()).toEqual(
      [
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ].sort(),
    );
    const put = statements.find((st) => actionsOf([st]).includes('dynamodb:PutItem'))!;
    expect(put.Resource).toEqual({ 'Fn::ImportValue': exportName(s.settings.prefix, 'TableArn') });
    const read = statements.find((st) => actionsOf([st]).includes('dynamodb:GetRecords'))!;
    expect(read.Resource).toEqual({ 'Fn::ImportValue': exportName(s.settings.prefix, 'TableStreamArn') });
    // ListStreams and active tracing have no resource-level permissions (acknowledged for cdk-nag); nothing else
    // is a wildcard.
    const unscoped = statements.filter((st) => st.Resource === '*').flatMap((st) => actionsOf([st]));
    expect(unscoped.sort()).toEqual(['dynamodb:ListStreams', ...XRAY_ACTIONS]);
    expect(actionsOf(statements).some((a) => a.includes('*'))).toBe(false);
    expect(actionsOf(statements)).toContain('sqs:SendMessage');
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
  it('stays far below CloudFormation’s 500 resources', () => {
    for (const stack of s.stacks) expect(resourceCount(s.template(stack)), stack.stackName).toBeLessThan(500);
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
