import { relative } from 'node:path';
import { type CfnResource, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, type IDestination, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { jobQueueUrlVariable } from '@bo/functions/data/queues';
import { Construct } from 'constructs';
import type { Settings } from './config';
import type { DataResources } from './data-refs';
import { metricsNamespace } from './monitoring/metrics';
import { acknowledge, nagRef } from './nag';
import { ENTRY_METADATA, LOCK_FILE, REPO_ROOT } from './paths';
import type { grantsOf, JobKind } from '@bo/shared';

export type FunctionGrants = ReturnType<typeof grantsOf>;

/** The Cognito calls of functions/src/data/identity.ts, and nothing else. */
export const USER_POOL_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
] as const;

/**
 * The partition keys of user profiles (and product types, which share the `id` key name), as the data core
 * writes them (functions/src/data/core/keys.ts: `$bo#id_<id>`). A route that otherwise never touches the table
 * may GetItem these only: the caller-state check (functions/src/http/caller-state.ts) reads the caller's profile.
 */
export const PROFILE_KEY_PATTERN = '$bo#id_*';

/** Table calls for request paths: Get, Query and BatchGet only (no Scan, ARCHITECTURE.md). */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
] as const;
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/** Object-level calls the handlers make (presigned PUT/GET, delete) and listing a bucket. */
export const BUCKET_OBJECT_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] as const;

import { LAMBDA_BUNDLING } from './lambda-bundling';
import { bundledCode } from './bundled-code';
import { splitCode } from './split-code';

export { LAMBDA_BUNDLING };

export interface BackofficeFunctionProps {
  /** The TypeScript module exporting `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly grants: FunctionGrants;
  readonly data: DataResources;
  readonly settings: Pick<Settings, 'prefix' | 'logLevel' | 'logRetention'>;
  /** Extra variables, e.g. SITE_URL. */
  readonly environment?: Record<string, string>;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  /** Packages installed beside the bundle (the route row's `nodeModules`). */
  readonly nodeModules?: readonly string[];
  /** Where an asynchronous invocation goes once its retries failed (jobs): a record of the event and the error. */
  readonly onFailure?: IDestination;
  /** An API route: its middleware reads the caller's profile on every request (cached), whatever its grants. */
  readonly checksCaller?: boolean;
  /**
   * Bundle with code splitting (split-code.ts): modules reached only through `import()` become chunks loaded when
   * first imported. For a function that loads most of its code per event (the stream dispatcher's consumers).
   */
  readonly splitting?: boolean;
  /** The job queues (JobsStack): a function whose grants name a job gets its queue's URL and may send to it. */
  readonly jobQueues?: Readonly<Partial<Record<JobKind, IQueue>>>;
}

/**
 * One Lambda of the back end: ESM bundle for Node 22 on arm64, its own log group with retention, its
 * own role holding exactly the grants of its row (`grantsOf(row)`), the environment every handler
 * reads (functions/src/config.ts, functions/src/metrics.ts) and active X-Ray tracing (the Lambda service's
 * own segments: init, invocation, overhead; no tracing SDK is bundled, so calls to DynamoDB and S3 are not
 * subsegments).
 */
export class BackofficeFunction extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: BackofficeFunctionProps) {
    super(scope, id);
    const { data, grants, settings } = props;

    const logGroup = new LogGroup(this, 'Logs', {
      retention: settings.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // A role of our own instead of the default one: AWSLambdaBasicExecutionRole would allow writing to
    // every log group of the account.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.description.slice(0, 1000),
    });
    logGroup.grantWrite(role);

    const common = {
      description: props.description.slice(0, 256),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      role,
      logGroup,
      tracing: Tracing.ACTIVE,
      ...(props.onFailure ? { onFailure: props.onFailure } : {}),
      environment: {
        TABLE_NAME: data.table.tableName,
        IMAGES_BUCKET: data.buckets.images.bucketName,
        DOCUMENTS_BUCKET: data.buckets.documents.bucketName,
        USER_POOL_ID: data.userPool.userPoolId,
        USER_POOL_CLIENT_ID: data.userPoolClient.userPoolClientId,
        POWERTOOLS_SERVICE_NAME: 'backoffice',
        POWERTOOLS_LOG_LEVEL: settings.logLevel,
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(settings.prefix),
        ...props.environment,
      },
    };
    // Packages installed beside the bundle: NodejsFunction runs npm for them. Every other bundle comes from one
    // esbuild run for the whole app (bundled-code.ts), or, split, from one of its own (split-code.ts).
    this.function = props.nodeModules
      ? new NodejsFunction(this, 'Function', {
          ...common,
          entry: props.entry,
          handler: 'handler',
          projectRoot: REPO_ROOT,
          depsLockFilePath: LOCK_FILE,
          bundling: { ...LAMBDA_BUNDLING, nodeModules: [...props.nodeModules] },
        })
      : new LambdaFunction(this, 'Function', {
          ...common,
          handler: 'index.handler',
          code: props.splitting ? splitCode(props.entry) : bundledCode(props.entry),
        });
    (this.function.node.defaultChild as CfnResource).addMetadata(ENTRY_METADATA, relative(REPO_ROOT, props.entry));

    const table = data.table;
    if (grants.table === 'read') table.grant(role, ...TABLE_READ_ACTIONS);
    if (grants.table === 'readWrite') table.grant(role, ...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS);
    if (grants.table !== 'none')
      acknowledge(
        this,
        `IAM5[Resource::${nagRef(this, table.tableArn)}/index/*]`,
        'Queries the GSIs (gsi1-gsi5) of the one table; the wildcard covers only that table’s indexes.',
      );

    if (props.checksCaller && grants.table === 'none')
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['dynamodb:GetItem'],
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [PROFILE_KEY_PATTERN] } },
        }),
      );

    for (const kind of grants.jobs) {
      const queue = props.jobQueues?.[kind];
      if (!queue) throw new Error(`${id}: its grants name the ${kind} job, but no queue of that job was given`);
      this.function.addEnvironment(jobQueueUrlVariable(kind), queue.queueUrl);
      queue.grantSendMessages(role);
    }

    if (grants.userPool)
      role.addToPrincipalPolicy(
        new PolicyStatement({ actions: [...USER_POOL_ADMIN_ACTIONS], resources: [data.userPool.userPoolArn] }),
      );

    for (const name of grants.buckets) {
      const bucket = data.buckets[name];
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: grants.bucketAccess === 'read' ? ['s3:GetObject'] : [...BUCKET_OBJECT_ACTIONS],
          resources: [bucket.arnForObjects('*')],
        }),
      );
      role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
      acknowledge(
        this,
        `IAM5[Resource::${nagRef(this, bucket.bucketArn)}/*]`,
        `Objects of the ${name} bucket only; keys are chosen per request (uploads, invoices), and the handlers check bucket, prefix and file name before signing.`,
      );
    }

    acknowledge(
      this,
      'IAM5[Resource::*]',
      'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions.',
    );
    acknowledge(
      this,
      'L1',
      'Node.js 22 is the project runtime (ARCHITECTURE.md); moving to a newer runtime is a deliberate upgrade.',
    );
  }
}
