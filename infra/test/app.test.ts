/**
 * The synthesized app (CDK assertions): routes, least privilege, the HTTP API, CloudFront and its security headers,
 * every stack. The data stack, the jobs and the table's stream are in app-data-jobs.test.ts; each of the two files
 * synthesizes the app once (app-synth.ts).
 */
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantsOf, JOB_KINDS } from '@bo/shared';
import { PROFILE_KEY_PATTERN, USER_POOL_ADMIN_ACTIONS } from '../cdk/lib/backoffice-function';
import { DEFAULTS } from '../cdk/lib/config';
import { exportName } from '../cdk/lib/data-refs';
import { API_TRAILING_SLASH_CODE } from '../cdk/lib/stacks/web-stack';
import { userEntity } from '@bo/functions/data';
import { nagFindings, resourceCount, type Synth } from './support';
import { type Resource, rows, appSynth, routesOf, idOf, statementsOf, XRAY_ACTIONS, esc, actionsOf } from './app-synth';

let s: Synth;

beforeAll(() => {
  s = appSynth();
});

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
      s
        .messages(s.web)
        .filter(
          (m) => m.level === 'warning' && /updateImportedBucketPolicyOac|Cannot update bucket policy/.test(m.text),
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
    for (const stack of s.stacks) expect(s.messages(stack).filter((m) => m.level === 'error')).toEqual([]);
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
