import { CfnOutput, Fn, type Stack } from 'aws-cdk-lib';
import { type ITable, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { type IUserPool, type IUserPoolClient, UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';

export const BUCKET_NAMES = ['images', 'documents'] as const;
export type BucketName = (typeof BUCKET_NAMES)[number];

/**
 * Key prefix of the product and brand images in the `images` bucket. The API stores an image's address as
 * `${SITE_URL}/images/<fileName>` (functions/src/data/storage.ts, `PREFIX.images`), so the distribution's
 * `/images/*` behaviour maps a URL path straight onto its key.
 */
export const IMAGES_KEY_PREFIX = 'images/';

/** What functions are given access to. */
export interface DataResources {
  readonly table: ITable;
  readonly buckets: Readonly<Record<BucketName, IBucket>>;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
}

const VALUES = [
  'TableArn',
  'TableStreamArn',
  'ImagesBucketName',
  'ImagesBucketArn',
  'DocumentsBucketName',
  'DocumentsBucketArn',
  'UserPoolArn',
  'UserPoolClientId',
] as const;
type Value = (typeof VALUES)[number];

const BUCKET_EXPORTS: Record<BucketName, { id: string; bucketName: Value; bucketArn: Value }> = {
  images: { id: 'ImagesBucket', bucketName: 'ImagesBucketName', bucketArn: 'ImagesBucketArn' },
  documents: { id: 'DocumentsBucket', bucketName: 'DocumentsBucketName', bucketArn: 'DocumentsBucketArn' },
};

/** `backoffice-data:TableArn`: stable, human-readable export names. */
export const exportName = (prefix: string, value: Value): string => `${prefix}-data:${value}`;

/**
 * The data stack publishes its resources under fixed export names and the function stacks import them by
 * name. Why not CDK's automatic references: (1) they render as `Fn::GetStackOutput` (the recommended "weak"
 * references of cdk.json) or generated export names, and cdk-nag 3 acknowledges IAM findings only by exact
 * id (`IAM5[Resource::backoffice-data:TableArn/index/*]`), so fixed names keep those ids exact and
 * readable; (2) a real export blocks deleting or replacing the stateful stack while functions use it.
 * Consumers must `addStackDependency` on the data stack.
 */
export function exportDataResources(stack: Stack, prefix: string, data: DataResources): void {
  const values: Record<Value, string> = {
    TableArn: data.table.tableArn,
    TableStreamArn: data.table.tableStreamArn!,
    ImagesBucketName: data.buckets.images.bucketName,
    ImagesBucketArn: data.buckets.images.bucketArn,
    DocumentsBucketName: data.buckets.documents.bucketName,
    DocumentsBucketArn: data.buckets.documents.bucketArn,
    UserPoolArn: data.userPool.userPoolArn,
    UserPoolClientId: data.userPoolClient.userPoolClientId,
  };
  for (const value of VALUES)
    new CfnOutput(stack, `Export${value}`, { value: values[value], exportName: exportName(prefix, value) });
}

/**
 * One data bucket, imported by its fixed export names (construct id `ImagesBucket` / `DocumentsBucket`).
 * An imported bucket has no policy CDK may edit: grants that need its bucket policy must live in the data
 * stack (see the images statement there).
 */
export function importBucket(scope: Stack, prefix: string, name: BucketName): IBucket {
  const { id, bucketName, bucketArn } = BUCKET_EXPORTS[name];
  return Bucket.fromBucketAttributes(scope, id, {
    bucketName: Fn.importValue(exportName(prefix, bucketName)),
    bucketArn: Fn.importValue(exportName(prefix, bucketArn)),
  });
}

export function importDataResources(scope: Stack, prefix: string): DataResources {
  const get = (value: Value) => Fn.importValue(exportName(prefix, value));
  return {
    table: Table.fromTableAttributes(scope, 'Table', {
      tableArn: get('TableArn'),
      tableStreamArn: get('TableStreamArn'),
      grantIndexPermissions: true,
    }),
    buckets: { images: importBucket(scope, prefix, 'images'), documents: importBucket(scope, prefix, 'documents') },
    userPool: UserPool.fromUserPoolArn(scope, 'UserPool', get('UserPoolArn')),
    userPoolClient: UserPoolClient.fromUserPoolClientId(scope, 'UserPoolClient', get('UserPoolClientId')),
  };
}
