import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  Mfa,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
} from 'aws-cdk-lib/aws-cognito';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { PASSWORD_POLICY, ROLE_LABELS, ROLES } from '@bo/shared';
import { TTL_ATTRIBUTE } from '@bo/functions/data/table';
import { accessLogsBucket } from '../access-logs';
import { type BucketName, type DataResources, exportDataResources, IMAGES_KEY_PREFIX } from '../data-refs';
import { acknowledge } from '../nag';

export const GSI_NAMES = ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5'] as const;

export interface DataStackProps extends StackProps {
  readonly prefix: string;
  /** Origins allowed to upload/download straight from the browser (S3 CORS). */
  readonly siteOrigins: readonly string[];
}

/**
 * Everything stateful: the one table, the two buckets, the user pool with one group per role. Retained on
 * stack deletion. Other stacks import these by fixed export names (see data-refs.ts).
 */
export class DataStack extends Stack implements DataResources {
  readonly table: Table;
  readonly buckets: Record<BucketName, Bucket>;
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      // Stock history is derived from the stock ledger's changes (events/src/consumers/stock-movements.ts).
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of GSI_NAMES)
      this.table.addGlobalSecondaryIndex({
        indexName: gsi,
        partitionKey: { name: `${gsi}pk`, type: AttributeType.STRING },
        sortKey: { name: `${gsi}sk`, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });

    const logs = accessLogsBucket(this);
    const bucket = (name: BucketName) =>
      new Bucket(this, `${name[0]!.toUpperCase()}${name.slice(1)}Bucket`, {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        encryption: BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        versioned: true,
        serverAccessLogsBucket: logs,
        serverAccessLogsPrefix: `${name}/`,
        cors: [
          {
            allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
            allowedOrigins: [...props.siteOrigins],
            allowedHeaders: ['*'],
            exposedHeaders: ['ETag'],
            maxAge: 3000,
          },
        ],
        lifecycleRules: [
          { noncurrentVersionExpiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(7) },
        ],
        removalPolicy: RemovalPolicy.RETAIN,
      });
    this.buckets = { images: bucket('images'), documents: bucket('documents') };
    this.allowCloudFrontToReadImages();

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `${props.prefix}-users`,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true }, fullname: { required: false, mutable: true } },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      email: UserPoolEmail.withCognito(),
      mfa: Mfa.OFF,
      // The shared rule (shared/src/rules/passwords.ts) the API and the web check too; it wins over the spec's 4.
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.userPool,
      'COG1',
      'Passwords need 8 characters (NIST SP 800-63B), without character classes, which NIST advises against; the spec asks for 4.',
    );
    acknowledge(
      this.userPool,
      'COG2',
      'The product has no MFA flow (spec); an internal tool for a small staff, admin-created accounts only.',
    );
    acknowledge(
      this.userPool,
      'COG8',
      'Essentials feature plan: threat protection (Plus) is priced per user and not required by the product.',
    );

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${props.prefix}-web`,
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    ROLES.forEach((role, precedence) => {
      new CfnUserPoolGroup(this, `Group${role}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: role,
        description: `${ROLE_LABELS[role]} role of the back office`,
        precedence,
      });
    });

    exportDataResources(this, props.prefix, this);

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'ImagesBucketName', { value: this.buckets.images.bucketName });
    new CfnOutput(this, 'DocumentsBucketName', { value: this.buckets.documents.bucketName });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'AccessLogsBucketName', { value: logs.bucketName });
  }

  /**
   * The web stack serves `/images/*` from this bucket through CloudFront with Origin Access Control. The
   * usual OAC statement names the distribution (`AWS:SourceArn` = its ARN), but this stack cannot reference
   * the distribution (data -> api -> web would become a cycle), and the web stack cannot edit the policy of a
   * bucket it imports. So the grant is made here, scoped to the account instead of one distribution.
   *
   * Trade-off: any CloudFront distribution of this account (with an OAC pointing at this bucket) may read
   * `images/*`. Those keys are the public catalogue's product and brand pictures, shown to every signed-in
   * user and linked by URL, so this exposes nothing secret; nothing outside `images/` is granted, and no
   * other account's distribution qualifies. No `s3:ListBucket`: a missing image is a 403, not a listing.
   */
  private allowCloudFrontToReadImages(): void {
    const images = this.buckets.images;
    images.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontOacReadsImages',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [images.arnForObjects(`${IMAGES_KEY_PREFIX}*`)],
        conditions: { StringEquals: { 'AWS:SourceAccount': this.account } },
      }),
    );
  }
}
