import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 reports through CDK's policy validation (not Aspects/Annotations) and is suppressed with
 * `Validations.of(scope).acknowledge()`: one exact rule id per call, e.g. `IAM5[Resource::<...>/*]`.
 * An acknowledgment covers the construct and everything below it.
 */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}

/**
 * A value as cdk-nag prints it in a finding id (its `flattenCfnReference`): an imported value is its
 * export name, a `Ref` is `<LogicalId>`, a `GetAtt` is `<LogicalId.Attr>`.
 */
export function nagRef(scope: IConstruct, value: string): string {
  const visit = (node: unknown): string => {
    if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
    if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if ('Fn::ImportValue' in o) return visit(o['Fn::ImportValue']);
      if ('Ref' in o) return `<${visit(o.Ref)}>`;
      if ('Fn::GetAtt' in o) {
        const [res, attr] = o['Fn::GetAtt'] as [unknown, unknown];
        return `<${visit(res)}.${visit(attr)}>`;
      }
      if ('Fn::Join' in o) {
        const [sep, items] = o['Fn::Join'] as [string, unknown[]];
        return items.map(visit).join(sep);
      }
    }
    return JSON.stringify(node);
  };
  return visit(Stack.of(scope).resolve(value));
}
