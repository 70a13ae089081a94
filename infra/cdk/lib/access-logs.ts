import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';

/**
 * The destination of S3 server access logs (and CloudFront standard logs) of one stack. ACLs stay enabled
 * (BucketOwnerPreferred) because CloudFront's standard logging writes with an ACL grant.
 */
export function accessLogsBucket(scope: Construct, id = 'AccessLogs'): Bucket {
  const bucket = new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ expiration: Duration.days(365) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  acknowledge(bucket, 'S1', 'This is the access-log bucket itself; logging it into itself would loop.');
  return bucket;
}
