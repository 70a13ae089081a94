import { type App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { JOB_KINDS, routeList } from '@bo/shared';
import { CONSUMER_NAMES } from '@bo/events/consumers';
import { readSettings, type Settings } from './config';
import { type RouteRow, shardRoutes } from './sharding';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { JobsStack } from './stacks/jobs-stack';
import { isBulkRoute } from './monitoring/alarms';
import { MonitoringStack } from './stacks/monitoring-stack';
import { RoutesStack } from './stacks/routes-stack';
import { WebStack } from './stacks/web-stack';

export interface BuildOptions {
  /** The route table; default `routeList()` of @bo/shared. Tests pass synthetic rows. */
  readonly rows?: readonly RouteRow[];
  /** Handler module of a row; default functions/src/handlers/<handler>.ts. */
  readonly entryFor?: (handler: string) => string;
  /** Register cdk-nag's AwsSolutions pack (default true). */
  readonly nag?: boolean;
}

export interface Backoffice {
  readonly settings: Settings;
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  readonly routes: RoutesStack[];
  readonly jobs: JobsStack;
  readonly monitoring: MonitoringStack;
}

/**
 * The whole deployment. Stack order (each depends only on those before it):
 * data -> jobs -> api -> web -> routes-<area>... (routes send to the jobs' queues); all of them -> monitoring.
 */
export function buildBackoffice(app: App, options: BuildOptions = {}): Backoffice {
  const settings = readSettings(app.node);
  const p = settings.prefix;

  const data = new DataStack(app, `${p}-data`, {
    description: 'Back office: table, buckets, user pool (retained)',
    prefix: p,
    siteOrigins: settings.siteOrigins,
  });
  const api = new ApiStack(app, `${p}-api`, {
    description: 'Back office: HTTP API, stage and JWT authorizer',
    userPool: data.userPool,
    userPoolClient: data.userPoolClient,
    logRetention: settings.logRetention,
  });
  const web = new WebStack(app, `${p}-web`, {
    description: 'Back office: SPA on CloudFront, /api/* to the HTTP API, /images/* from the images bucket',
    settings,
    dataStack: data,
    apiDomain: api.apiDomain,
    userPool: data.userPool,
    userPoolClient: data.userPoolClient,
  });
  const jobs = new JobsStack(app, `${p}-jobs`, {
    description: 'Back office: scheduled jobs, the stream dispatcher, queued jobs',
    settings,
    dataStack: data,
  });

  const shards = shardRoutes(options.rows ?? routeList(), settings.maxRoutesPerStack);
  const routes = shards.map(
    (shard) =>
      new RoutesStack(app, `${p}-routes-${shard.name}`, {
        description: `Back office: routes of /${shard.area} (${shard.rows.length})`,
        shard,
        settings,
        httpApi: api.httpApi,
        authorizer: api.authorizer,
        dataStack: data,
        environment: { SITE_URL: web.siteUrl },
        jobQueues: jobs.jobQueues,
        entryFor: options.entryFor,
      }),
  );
  const monitoring = new MonitoringStack(app, `${p}-monitoring`, {
    description: 'Back office: alarms to one SNS topic, and the dashboard',
    alarmEmails: settings.alarmEmails,
    service: {
      prefix: p,
      httpApi: api.httpApi,
      table: data.table,
      areas: [...new Set(shards.map((s) => s.area))].map((area) => ({
        area,
        longRunning: shards.some((s) => s.area === area && s.rows.some(isBulkRoute)),
      })),
      functions: [
        ...shards.flatMap((shard, i) =>
          shard.rows.map((row) => ({
            kind: 'route' as const,
            name: row.id,
            area: shard.area,
            fn: routes[i]!.functions[row.id]!.function,
          })),
        ),
        { kind: 'job', name: 'refresh-pricing', fn: jobs.refreshPricing.function },
        { kind: 'dispatcher', name: 'stream-dispatcher', fn: jobs.dispatcher.function },
        ...JOB_KINDS.map((kind) => ({ kind: 'queued' as const, name: kind, fn: jobs.queuedJobs[kind].function })),
      ],
      consumers: CONSUMER_NAMES,
      failureQueues: Object.entries(jobs.failureQueues).map(([source, queue]) => ({ source, queue })),
      jobQueues: JOB_KINDS.map((kind) => ({
        kind,
        queue: jobs.jobQueues[kind],
        deadLetters: jobs.jobDeadLetterQueues[kind],
      })),
    },
  });

  Tags.of(app).add('app', p);
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { settings, data, api, web, routes, jobs, monitoring };
}
