/**
 * The app as the CDK assertion tests (app.test.ts, app-data-jobs.test.ts) synthesize it, once per test file, and
 * what they look up in its templates.
 */
import { type CfnResource, Stack } from 'aws-cdk-lib';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { routeList } from '@bo/shared';
import type { BackofficeFunction } from '../cdk/lib/backoffice-function';
import { type Synth, synthBackoffice } from './support';

export type Resource = { Type: string; Properties: Record<string, unknown> };
export type Statement = { Action: string | string[]; Resource: unknown; Effect: string; Condition?: unknown };

export const rows = routeList();

let cached: Synth | undefined;
/**
 * The app, synthesized on the first call of a test file (vitest gives each file its own modules, so each file that
 * calls it synthesizes once); the app tests call it in their beforeAll.
 */
export const appSynth = (): Synth => (cached ??= synthBackoffice());

const s = () => appSynth();

export const routesOf = () =>
  s().routes.flatMap((stack) =>
    Object.values(s().template(stack).findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>),
  );

/** A function's logical id in its stack's template. */
export const idOf = (fn: BackofficeFunction) => Stack.of(fn).getLogicalId(fn.function.node.defaultChild as CfnResource);
/** A queue's logical id in the jobs stack's template. */
export const queueIdOf = (queue: IQueue) => s().jobs.getLogicalId(queue.node.defaultChild as CfnResource);
/** A function's environment variables as its template has them. */
export const envOf = (fn: BackofficeFunction) =>
  (
    s().template(Stack.of(fn)).toJSON().Resources[idOf(fn)].Properties.Environment as {
      Variables: Record<string, unknown>;
    }
  ).Variables;
/** The statements of every policy of a function's role. */
export function functionStatements(fn: BackofficeFunction): Statement[] {
  const stack = Stack.of(fn);
  const roleId = stack.getLogicalId(fn.function.role!.node.defaultChild as CfnResource);
  const policies = s().template(stack).findResources('AWS::IAM::Policy') as Record<string, Resource>;
  return Object.values(policies)
    .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}
/** The statements of the role of the function serving `routeId`. */
export const statementsOf = (routeId: string): Statement[] =>
  functionStatements(s().routes.find((r) => r.functions[routeId])!.functions[routeId]!);
export const XRAY_ACTIONS = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];
/** What `queue.grantSendMessages` gives: sending, and reading the queue's URL and attributes. */
export const SEND_ACTIONS = ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'];
export const esc = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const actionsOf = (statements: Statement[]) => statements.flatMap((st) => [st.Action].flat());
export const resourcesOf = (statements: Statement[]) => statements.flatMap((st) => [st.Resource].flat());
export const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
