import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type IHttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { grantsOf, type JobKind } from '@bo/shared';
import { AREA_ENV } from '@bo/functions/metric-names';
import { BackofficeFunction } from '../backoffice-function';
import type { Settings } from '../config';
import { importDataResources } from '../data-refs';
import { handlerEntry } from '../paths';
import type { RouteShard } from '../sharding';

export interface RoutesStackProps extends StackProps {
  readonly shard: RouteShard;
  readonly settings: Settings;
  readonly httpApi: IHttpApi;
  readonly authorizer: IHttpRouteAuthorizer;
  /** The data stack (imported by export name, so the dependency is declared explicitly). */
  readonly dataStack: Stack;
  /** Extra environment for every function of the shard (SITE_URL). */
  readonly environment?: Record<string, string>;
  /** The job queues, for rows whose grants name a job (JobsStack). */
  readonly jobQueues?: Readonly<Partial<Record<JobKind, IQueue>>>;
  /** Where a row's handler module lives; default functions/src/handlers/<handler>.ts. */
  readonly entryFor?: (handler: string) => string;
}

/** One shard of the route table: per row, one function (BackofficeFunction) and one JWT-protected route. */
export class RoutesStack extends Stack {
  readonly functions: Record<string, BackofficeFunction> = {};

  constructor(scope: Construct, id: string, props: RoutesStackProps) {
    super(scope, id, props);
    this.addStackDependency(props.dataStack, 'imports the table, buckets and user pool by export name');
    const data = importDataResources(this, props.settings.prefix);
    const entryFor = props.entryFor ?? handlerEntry;

    for (const row of props.shard.rows) {
      const cid = constructId(row.id);
      const fn = new BackofficeFunction(this, cid, {
        entry: entryFor(row.handler),
        description: `${row.method} ${row.path}${row.summary ? ` - ${row.summary}` : ''}`,
        grants: grantsOf(row),
        checksCaller: true,
        data,
        ...(props.jobQueues ? { jobQueues: props.jobQueues } : {}),
        settings: props.settings,
        // The area of the route's latency metric, the dimension of the area's p99 alarm (monitoring-stack.ts).
        environment: { ...props.environment, [AREA_ENV]: props.shard.area },
        ...(row.timeoutSeconds ? { timeout: Duration.seconds(row.timeoutSeconds), memorySize: 1024 } : {}),
        ...(row.nodeModules ? { nodeModules: row.nodeModules } : {}),
      });
      this.functions[row.id] = fn;
      new HttpRoute(this, `${cid}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(row.path, HttpMethod[row.method]),
        integration: new HttpLambdaIntegration(`${cid}Integration`, fn.function),
        authorizer: props.authorizer,
      });
    }
  }
}

/** `users.getById` -> `UsersGetById`. */
const constructId = (routeId: string): string =>
  routeId
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');
