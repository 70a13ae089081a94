import { CfnOutput, Fn, type Stack } from 'aws-cdk-lib';
import { type ITable, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { type IUserPool, type IUserPoolClient, UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';

export const BUCKET_NAMES = ['images', 'documents'] as const;
export type BucketName = (typeof BUCKET_NAMES)[number];

/** What functions are given access to. */
export interface DataResources {
  readonly table: ITable;
  readonly buckets: Readonly<Record<BucketName, IBucket>>;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
}

const VALUES = [
  'TableArn',
  'ImagesBucketName',
  'ImagesBucketArn',
  'DocumentsBucketName',
  'DocumentsBucketArn',
  'UserPoolArn',
  'UserPoolClientId',
] as const;
type Value = (typeof VALUES)[number];

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

export function importDataResources(scope: Stack, prefix: string): DataResources {
  const get = (value: Value) => Fn.importValue(exportName(prefix, value));
  const bucket = (id: string, name: Value, arn: Value) =>
    Bucket.fromBucketAttributes(scope, id, { bucketName: get(name), bucketArn: get(arn) });
  return {
    table: Table.fromTableAttributes(scope, 'Table', {
      tableArn: get('TableArn'),
      grantIndexPermissions: true,
    }),
    buckets: {
      images: bucket('ImagesBucket', 'ImagesBucketName', 'ImagesBucketArn'),
      documents: bucket('DocumentsBucket', 'DocumentsBucketName', 'DocumentsBucketArn'),
    },
    userPool: UserPool.fromUserPoolArn(scope, 'UserPool', get('UserPoolArn')),
    userPoolClient: UserPoolClient.fromUserPoolClientId(scope, 'UserPoolClient', get('UserPoolClientId')),
  };
}
