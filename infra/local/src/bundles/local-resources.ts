import type { StackInfo } from '../stack-info';
import type { CloudAssembly } from './cloud-assembly';
import type { LocalResource, PseudoParameters, ResourceBinder, ResourceRef } from './intrinsics';

/** The account id the local stack answers for `AWS::AccountId` and puts in ARNs. */
export const LOCAL_ACCOUNT = '000000000000';

const capitalized = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`;

/**
 * Which resource of the synthesized app each emulated resource stands for, and what `Ref` and `Fn::GetAtt`
 * answer for it locally. The one table, user pool, pool client and distribution are found by type (the app
 * must have exactly one of each); a data bucket by its construct id (`ImagesBucket` for the `images`
 * bucket, DataStack); a queue by its name. Every other resource has no local counterpart, so a function whose environment
 * refers to one fails the start: add it here when the local stack gains an emulator for it.
 */
export function localResourceBinder(assembly: CloudAssembly, info: StackInfo, streamArn?: string): ResourceBinder {
  const region = info.region;
  const counts = new Map<string, number>();
  for (const stack of assembly.stacks)
    for (const resource of Object.values(stack.template.Resources ?? {}))
      counts.set(resource.Type, (counts.get(resource.Type) ?? 0) + 1);
  const only = (resource: ResourceRef, local: LocalResource): LocalResource | undefined =>
    counts.get(resource.type) === 1 ? local : undefined;

  const tableArn = `arn:aws:dynamodb:${region}:${LOCAL_ACCOUNT}:table/${info.dynamodb.tableName}`;
  const poolId = info.cognito.userPoolId;
  const issuer = `${info.cognito.endpoint}/${poolId}`;

  return (resource) => {
    switch (resource.type) {
      case 'AWS::DynamoDB::Table':
        return only(resource, {
          ref: info.dynamodb.tableName,
          attributes: { Arn: tableArn, ...(streamArn ? { StreamArn: streamArn } : {}) },
        });
      case 'AWS::S3::Bucket': {
        const name = Object.keys(info.s3.buckets).find((key) =>
          resource.path?.endsWith(`/${capitalized(key)}Bucket/Resource`),
        ) as keyof StackInfo['s3']['buckets'] | undefined;
        if (!name) return undefined;
        const bucket = info.s3.buckets[name];
        return { ref: bucket, attributes: { Arn: `arn:aws:s3:::${bucket}` } };
      }
      case 'AWS::Cognito::UserPool':
        return only(resource, {
          ref: poolId,
          attributes: {
            Arn: `arn:aws:cognito-idp:${region}:${LOCAL_ACCOUNT}:userpool/${poolId}`,
            UserPoolId: poolId,
            ProviderURL: issuer,
            ProviderName: issuer.replace(/^https?:\/\//, ''),
          },
        });
      case 'AWS::Cognito::UserPoolClient':
        return only(resource, { ref: info.cognito.clientId, attributes: { ClientId: info.cognito.clientId } });
      case 'AWS::SQS::Queue': {
        // The local stack's SQS emulator holds a queue of the same name (infra/local/src/queues.ts).
        const name = resource.properties?.QueueName;
        const url = typeof name === 'string' ? info.sqs.queues[name] : undefined;
        if (!url) return undefined;
        return {
          ref: url,
          attributes: {
            Arn: `arn:aws:sqs:${region}:${LOCAL_ACCOUNT}:${name}`,
            QueueName: name as string,
            QueueUrl: url,
          },
        };
      }
      case 'AWS::CloudFront::Distribution':
        // The gateway serves the site on the distribution's place: `https://<DomainName>` is `webUrl` here.
        return only(resource, { ref: 'LOCAL', attributes: { DomainName: new URL(info.webUrl).host } });
      default:
        return undefined;
    }
  };
}

export const localPseudoParameters = (info: StackInfo): PseudoParameters => ({
  region: info.region,
  accountId: LOCAL_ACCOUNT,
});

/**
 * CloudFront serves the site over HTTPS; the local gateway serves it over plain HTTP on the same host and
 * port. A resolved value that is the deployed site URL (`https://` + the distribution's domain) becomes the
 * local one.
 */
export function toLocalSiteUrl(value: string, info: StackInfo): string {
  const local = new URL(info.webUrl);
  const deployed = `https://${local.host}`;
  return value === deployed || value.startsWith(`${deployed}/`)
    ? `${local.origin}${value.slice(deployed.length)}`
    : value;
}
