import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { Annotations, CfnOutput, DefaultStackSynthesizer, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccessLevel,
  AllowedMethods,
  CachedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { accessLogsBucket } from '../access-logs';
import type { Settings } from '../config';
import { IMAGES_KEY_PREFIX, importBucket } from '../data-refs';
import { acknowledge, nagRef } from '../nag';
import { hasWebBuild } from '../paths';
import { fileHeadersPolicy, siteHeadersPolicy } from '../response-headers';

export interface WebStackProps extends StackProps {
  readonly settings: Settings;
  /** `xxxx.execute-api.<region>.amazonaws.com` */
  readonly apiDomain: string;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** The data stack, whose images bucket this stack imports by export name (`/images/*`). */
  readonly dataStack: Stack;
}

/**
 * Rewrites app routes (no file extension in the last segment) to the SPA shell. It runs on the default
 * behaviour only, so `/api/*` responses, errors included, reach the browser untouched. Shareable document
 * links (`/documents/invoices/x.pdf`) end in `.pdf` but are app routes too: the SPA page asks the API (with
 * the reader's token) for a short-lived presigned GET and goes there. The driver's phone app (issue 26) is a
 * page of its own: `/driver` and its routes get `/driver.html` (the local gateway does the same).
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1 && (uri === '/driver' || uri.indexOf('/driver/') === 0)) request.uri = '/driver.html';
  else if (last.indexOf('.') === -1 || uri.indexOf('/documents/') === 0) request.uri = '/index.html';
  return request;
}`;

/**
 * The spec writes some API paths with a trailing slash (`/api/db/products/getAll/`), while the HTTP API's
 * routes (from the shared route table) have none. Strips one trailing '/' from the URI so both forms reach
 * the same route. CloudFront Functions hold the query string apart (`request.querystring`), so it is never
 * touched. Runs on the `/api/*` behaviour only.
 */
export const API_TRAILING_SLASH_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.length > 1 && uri.charAt(uri.length - 1) === '/') request.uri = uri.substring(0, uri.length - 1);
  return request;
}`;

/** CDK's warning when an OAC origin's bucket is imported; the grant it cannot make is in the data stack. */
const IMPORTED_BUCKET_OAC_WARNING = '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac';

/**
 * The SPA: private bucket behind CloudFront (OAC), `/api/*` forwarded to the HTTP API, `/images/*` read
 * from the data stack's images bucket (OAC), config.json generated.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  /** The data stack's images bucket, imported by export name. */
  readonly imagesBucket: IBucket;
  /** Where the site shows images from: product images, and proof of delivery's presigned GETs (documents). */
  private readonly imageOrigins: string[];
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { settings } = props;
    this.addStackDependency(props.dataStack, 'imports the images bucket by export name');
    this.imagesBucket = importBucket(this, settings.prefix, 'images');

    const logs = accessLogsBucket(this);
    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      // Rebuilt from web/dist on every deploy; retained only so a stack deletion never fails on a non-empty bucket.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'SPA fallback: extension-less paths -> /index.html (/driver/* -> /driver.html)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
    });
    const apiTrailingSlash = new CloudFrontFunction(this, 'ApiTrailingSlash', {
      comment: 'API: strip one trailing slash so /api/x/ and /api/x reach the same route',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(API_TRAILING_SLASH_CODE),
    });

    // The browser talks to the site, Cognito and the buckets' presigned URLs (virtual-hosted, regional).
    const documentsBucket = importBucket(this, settings.prefix, 'documents');
    const buckets = [this.imagesBucket, documentsBucket].map((b) => `https://${b.bucketRegionalDomainName}`);
    this.imageOrigins = buckets;
    const siteHeaders = siteHeadersPolicy(this, {
      connect: [`https://cognito-idp.${this.region}.${this.urlSuffix}`, ...buckets],
      // Proof of delivery (issue 26) is shown from the documents bucket's presigned GETs.
      images: buckets,
    });
    const fileHeaders = fileHeadersPolicy(this);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${settings.prefix} back office`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      webAclId: settings.webAclArn,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: siteHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // With caching disabled, AllViewerExceptHostHeader also forwards the Authorization header.
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: fileHeaders,
          functionAssociations: [{ function: apiTrailingSlash, eventType: FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
        // The URL path is the object key: /images/logo.png -> images/logo.png. The bucket policy (data stack)
        // lets CloudFront read images/* only.
        [`/${IMAGES_KEY_PREFIX}*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(this.imagesBucket, {
            originAccessLevels: [AccessLevel.READ],
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachedMethods: CachedMethods.CACHE_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: fileHeaders,
          compress: true,
        },
      },
    });
    // withOriginAccessControl cannot add its statement to an imported bucket's policy and warns; the
    // equivalent statement (CloudFront, s3:GetObject on images/*, this account) is in the data stack.
    Annotations.of(this.distribution).acknowledgeWarning(
      IMPORTED_BUCKET_OAC_WARNING,
      'The images bucket policy is managed in the data stack (DataStack.allowCloudFrontToReadImages), which cannot reference this distribution without a cycle.',
    );
    this.siteUrl = `https://${this.distribution.distributionDomainName}`;

    acknowledge(
      this.distribution,
      'CFR1',
      'Staff may sign in from anywhere; access is gated by Cognito, not by geography.',
    );
    if (!settings.webAclArn)
      acknowledge(
        this.distribution,
        'CFR2',
        'No WAF by default (a us-east-1 web ACL and per-request cost); pass -c webAclArn=... to attach one. Every API route requires a Cognito JWT.',
      );
    acknowledge(
      this.distribution,
      'CFR4',
      'Served on the default *.cloudfront.net certificate, which does not allow pinning the viewer TLS policy; a custom domain with an ACM certificate would.',
    );

    this.deploySite(props);

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
  }

  /**
   * Hashed build output (`assets/`) is immutable; everything else (index.html, public files, config.json)
   * is revalidated on every load. Nothing is pruned, so a browser holding the previous index.html still
   * finds its assets.
   */
  private deploySite(props: WebStackProps): void {
    const dist = props.settings.webDistDir;
    const hasDist = hasWebBuild(dist);
    if (!hasDist)
      Annotations.of(this).addWarningV2(
        '@bo/infra:no-web-build',
        `No web build at ${dist} (run \`npm run build:web\`): only config.json will be deployed to the site bucket.`,
      );

    const assetsDir = join(dist, 'assets');
    const assets =
      hasDist && existsSync(assetsDir)
        ? new BucketDeployment(this, 'SiteAssets', {
            sources: [Source.asset(assetsDir)],
            destinationBucket: this.siteBucket,
            destinationKeyPrefix: 'assets/',
            prune: false,
            cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
            memoryLimit: 512,
          })
        : undefined;

    const config = {
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      // The image origins the site's policy allows (img-src), so the app shows only images the browser may load.
      imageOrigins: this.imageOrigins,
    };
    const entry = new BucketDeployment(this, 'SiteEntry', {
      sources: [
        ...(hasDist ? [Source.asset(dist, { exclude: ['assets', 'assets/**', 'config.json'] })] : []),
        Source.jsonData('config.json', config),
      ],
      destinationBucket: this.siteBucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (assets) entry.node.addDependency(assets);
    this.acknowledgeDeploymentHandler();
  }

  /** BucketDeployment's handler is one CDK-owned singleton Lambda per stack; its grants are CDK's. */
  private acknowledgeDeploymentHandler(): void {
    const synth = this.synthesizer;
    const qualifier =
      (synth instanceof DefaultStackSynthesizer ? synth.bootstrapQualifier : undefined) ??
      DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const assetsBucket = `arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-<AWS::Region>/*`;
    const site = nagRef(this, this.siteBucket.bucketArn);
    const handlers = this.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    for (const handler of handlers) {
      const ack = (rule: string, reason: string) => acknowledge(handler, rule, reason);
      ack(
        'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'CDK-owned BucketDeployment handler: the managed policy only lets it write its own logs.',
      );
      ack('L1', 'CDK-owned BucketDeployment handler: aws-cdk-lib pins and updates its runtime.');
      const reasons: Record<string, string> = {
        'Action::s3:GetObject*': 'Reads the staged web build from the CDK assets bucket.',
        'Action::s3:GetBucket*':
          'Reads the staged web build from the CDK assets bucket and syncs into the site bucket.',
        'Action::s3:List*': 'aws s3 sync lists the source (assets bucket) and destination (site bucket).',
        'Action::s3:DeleteObject*': 'aws s3 sync into the site bucket (this stack never prunes, but CDK grants it).',
        'Action::s3:Abort*': 'Aborts multipart uploads of large files into the site bucket.',
        [`Resource::${assetsBucket}`]: 'Source objects are the CDK bootstrap assets of this account and region.',
        [`Resource::${site}/*`]: 'Destination objects are the site bucket of this stack.',
        'Resource::*': 'cloudfront:CreateInvalidation/GetInvalidation after the upload; CDK grants them on *.',
      };
      for (const [finding, reason] of Object.entries(reasons)) ack(`IAM5[${finding}]`, reason);
    }
  }
}
